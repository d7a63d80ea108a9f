// The page of the parity test's browser transport: the mock in MSW's service worker, with the
// page's origin as its base URL. The test then sends the table's requests with the page's fetch.
import { startBrowserMock } from '../../src/browser';

declare global {
  interface Window {
    parityReady?: boolean;
  }
}

const now = new URL(location.href).searchParams.get('now') ?? undefined;
await startBrowserMock({
  baseUrl: location.origin,
  ...(now === undefined ? {} : { now }),
  start: { quiet: true, onUnhandledRequest: 'bypass', serviceWorker: { url: '/mockServiceWorker.js' } },
});
window.parityReady = true;
