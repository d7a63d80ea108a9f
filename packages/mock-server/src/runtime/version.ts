declare const __MOCK_VERSION__: string | undefined;

/**
 * The package's version (package.json), as `GET /__mock/health` reports it. Put in by `define` at
 * build time (tsup.config.ts; vitest.config.ts for the tests): importing package.json would bundle it
 * into the browser build. Run from source anywhere else, it reads `0.0.0-dev`.
 */
export const MOCK_VERSION: string = typeof __MOCK_VERSION__ === 'string' ? __MOCK_VERSION__ : '0.0.0-dev';
