// For MSW's unhandled-request callback: lets a test's own HTTP server through (an app under test that
// supertest started on a loopback port) while every other unhandled request still fails the test.

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * Whether `url` is a server of your own on this machine: a loopback host, but not the mock's origin
 * (an unknown path there is a mistake in the test, which should still fail).
 */
export function isOwnLocalServer(url: string | URL, mockBaseUrl: string): boolean {
  const target = new URL(url);
  return LOOPBACK.has(target.hostname) && target.origin !== new URL(mockBaseUrl).origin;
}
