// The headers of every dashboard response (GET /__mock/ and /__mock/dashboard/*; SECURITY.md): no
// other site may frame the page (clickjacking: a transparent iframe whose clicks reset the mock or
// move its clock), and the page may load and connect only to its own origin. The dashboard lives
// with this policy: no inline script or style, its files and API under the same origin, the event
// stream same-origin, and the `data:,` favicon that saves a request.

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DASHBOARD_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};
