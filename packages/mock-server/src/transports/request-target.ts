// The request target as a URL, parsed against the mock's own origin (so the routes see the path the
// client sent whatever its Host header). A target no URL parser accepts (`//%00`, `//[`, `http://[`,
// `//a%/`) is the client's mistake, answered 400 MALFORMED_URL, never a 500 or a logged error.

/**
 * An origin-form target (`/path?query`) whose second character does not start an authority (`//`,
 * `/\`), with no tab or line break (which the URL parser drops, so that `/\t/x` would become `//x`).
 */
const PLAIN_PATH = /^\/(?![/\\])[^\t\n\r]*$/;

/**
 * Parses each target as `new URL(target, base)` does. Speed (BENCHMARKS.md, "HTTP: the per-request
 * work"): that parses the base again on every request; a plain path joined to the base's origin,
 * parsed once, is the same URL (property-tested against `new URL(target, base)`), and anything else
 * takes the general way.
 */
export function requestTargetParser(base: string): (target: string | undefined) => URL | undefined {
  const origin = new URL(base).origin;
  return (target) => {
    try {
      if (target !== undefined && PLAIN_PATH.test(target)) return new URL(origin + target);
      return new URL(target ?? '/', base);
    } catch {
      return undefined;
    }
  };
}
