// The request target as a URL, parsed against the mock's own origin (so the routes see the path the
// client sent whatever its Host header). A target no URL parser accepts (`//%00`, `//[`, `http://[`,
// `//a%/`) is the client's mistake, answered 400 MALFORMED_URL, never a 500 or a logged error.

/** The URL, or undefined when the target is malformed. */
export function parseRequestTarget(target: string | undefined, base: string): URL | undefined {
  try {
    return new URL(target ?? '/', base);
  } catch {
    return undefined;
  }
}
