// startBrowserMock(): the mock in a service worker (`npx msw init public/ --save` puts
// mockServiceWorker.js where the app serves it). No Node-only module is imported from here.
import { type SetupWorker, type StartOptions, setupWorker } from 'msw/browser';
import { DEFAULT_BASE_URL, MOCK_OPTION_NAMES, type MockServiceOptions, normaliseBaseUrl } from '../mock';
import { browserStorage } from '../observers/browser-storage';
import { checkOptionNames } from '../runtime/option-names';
import { createMockService, type MockService } from './msw';

/**
 * The localStorage key a persisted browser mock keeps its data under: `reservation-mock:` and the
 * normalised base URL (`mock.baseUrl`, no trailing slash), e.g. `reservation-mock:http://127.0.0.1:4010`.
 */
export function persistKey(baseUrl: string = DEFAULT_BASE_URL): string {
  return `reservation-mock:${normaliseBaseUrl(baseUrl)}`;
}

/**
 * Data saved by earlier versions under `reservation-mock:` + `new URL(baseUrl).href` (a trailing
 * slash added) moves to the documented key once, so an upgrade keeps it.
 */
export function movePersistedData(
  baseUrl: string = DEFAULT_BASE_URL,
  storage: Storage = globalThis.localStorage,
): void {
  const key = persistKey(baseUrl);
  const legacy = `reservation-mock:${new URL(baseUrl).href}`;
  if (legacy === key || storage.getItem(key) !== null) return;
  const saved = storage.getItem(legacy);
  if (saved === null) return;
  storage.setItem(key, saved);
  storage.removeItem(legacy);
}

export interface BrowserMockOptions extends MockServiceOptions {
  /** Also answer the /__mock/ control routes. Default true. */
  control?: boolean;
  /**
   * Options for worker.start(); by default requests the mock does not answer pass through
   * (`onUnhandledRequest: 'bypass'`, msw 3's `onUnhandledFrame: 'bypass'`).
   */
  start?: StartOptions;
  /**
   * Keep the mock's data across page reloads (localStorage, one key per base URL) and in step
   * across the origin's tabs. Default false. `service.reset()` goes back to the seed.
   */
  persist?: boolean;
}

export interface BrowserMock {
  service: MockService;
  worker: SetupWorker;
  /** Stops the worker and closes the mock; resolves once the mock has ended (`service.close()`). */
  stop(): Promise<void>;
}

/** The options startBrowserMock adds to createMockService's: the type makes it list each one. */
const BROWSER_OPTIONS: Record<Exclude<keyof BrowserMockOptions, keyof MockServiceOptions>, true> = {
  control: true,
  start: true,
  persist: true,
};

// Spread, not written into start()'s literal: each msw major knows one of the two names (msw 3
// renamed the option and ignores the old one), and its StartOptions type only that one.
const PASS_THROUGH = { onUnhandledRequest: 'bypass', onUnhandledFrame: 'bypass' } as const;

/** Creates a mock service and starts an MSW worker answering for it. */
export async function startBrowserMock(options: BrowserMockOptions = {}): Promise<BrowserMock> {
  checkOptionNames('startBrowserMock', options, [...MOCK_OPTION_NAMES, ...Object.keys(BROWSER_OPTIONS)]);
  const { control = true, start, persist = false, ...serviceOptions } = options;
  // One of them would be dropped unseen: persist's storage replaced yours.
  if (persist && serviceOptions.persistence !== undefined)
    throw new TypeError(
      'startBrowserMock: persist: true and persistence cannot go together (persist keeps the data in localStorage; a persistence of your own replaces it)',
    );
  if (persist) movePersistedData(serviceOptions.baseUrl);
  const service = createMockService({
    ...serviceOptions,
    ...(persist ? { persistence: browserStorage(persistKey(serviceOptions.baseUrl)) } : {}),
  });
  const worker = setupWorker(...(control ? service.controlHandlers : []), ...service.handlers);
  try {
    await worker.start({ ...PASS_THROUGH, ...start });
  } catch (error) {
    // The mock made for it would stay (with persist, listening to other tabs): ended, and the usual
    // cause named, where msw's own message speaks of a MIME type.
    await service.close();
    throw new Error(
      `startBrowserMock: the service worker did not start: is mockServiceWorker.js served at ${
        start?.serviceWorker?.url ?? '/mockServiceWorker.js'
      }? (\`npx msw init public/ --save\` puts it there; start.serviceWorker.url names another place)`,
      { cause: error },
    );
  }
  return {
    service,
    worker,
    async stop() {
      worker.stop();
      await service.close();
    },
  };
}
