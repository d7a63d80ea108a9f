// Mock mode: the whole Reservation API runs in this browser tab. A service worker (MSW) intercepts
// the widget's requests and answers them from @reservation-api/mock-server's in-memory demo data.
// Loaded only in mock mode (dynamic import in main.ts), so proxy-mode pages carry none of it.

import { browserStorage, createMockService, persistKey } from '@reservation-api/mock-server/browser';
import { getResponse, http } from 'msw';
import { setupWorker } from 'msw/browser';
import type { CreateReservationInput } from './api';

/**
 * The demo project's key. It exists only here, inside the in-browser mock, where it plays the part
 * of the server side: the widget's own requests carry no key in either mode (see README).
 */
const DEMO_API_KEY = 'rk_demo_full';

export type MockService = ReturnType<typeof createMockService>;

/** What the browser test reaches through `window.__mock` (only with `?e2e=1`). */
export interface MockHandle {
  control: MockService['control'];
  reset: MockService['reset'];
  /** Creates a reservation as another client would ("taken meanwhile"); resolves to status and body. */
  book(body: CreateReservationInput): Promise<{ status: number; body: unknown }>;
}

declare global {
  interface Window {
    __mock?: MockHandle;
  }
}

export interface BrowserMockOptions {
  /** The API's base URL as the widget sees it: the page's origin. */
  baseUrl: string;
  slug: string;
  /** Pin the mock's clock to this instant. */
  now?: string | undefined;
  /** Expose the mock on `window.__mock`. */
  expose?: boolean;
  /** Keep the mock's data across reloads (localStorage) and tabs. */
  persist?: boolean;
}

export async function startBrowserMock(options: BrowserMockOptions): Promise<MockService> {
  const { baseUrl, slug, now } = options;
  const service = createMockService({
    seed: 'demo',
    baseUrl,
    ...(now ? { now } : {}),
    ...(options.persist ? { persistence: browserStorage(persistKey(baseUrl)) } : {}),
  });

  // The widget sends no key (as in proxy mode); add the demo key here, then let the mock's own
  // handlers answer. A request that already carries a key keeps it.
  const withDemoKey = http.all(`${baseUrl}/api/v1/*`, async ({ request }) => {
    const headers = new Headers(request.headers);
    if (!headers.get('X-API-Key')) headers.set('X-API-Key', DEMO_API_KEY);
    const body =
      request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return getResponse(service.handlers, new Request(request.url, { method: request.method, headers, body }));
  });

  const worker = setupWorker(withDemoKey);
  await worker.start({
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
    onUnhandledRequest: 'bypass',
    quiet: true,
  });

  if (options.expose) {
    window.__mock = {
      control: service.control,
      reset: service.reset,
      async book(body) {
        const response = await fetch(`${baseUrl}/api/v1/${encodeURIComponent(slug)}/reservations`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
    };
  }
  return service;
}
