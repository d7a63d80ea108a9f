import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig, loadEnv, type Plugin, type ProxyOptions } from 'vite';

// Resolve the workspace packages to their TypeScript sources: no package build needed first.
const SOURCE_CONDITION = '@reservation-api/source';
const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Puts msw's `mockServiceWorker.js` into the public directory before dev and build (what
 * `msw init public` does), so the worker always matches the installed msw. The copy is gitignored.
 */
export function mswWorkerFile(): Plugin {
  return {
    name: 'booking-widget:msw-worker-file',
    async configResolved(config) {
      if (!config.publicDir) return;
      const source = await readFile(createRequire(import.meta.url).resolve('msw/mockServiceWorker.js'));
      const target = join(config.publicDir, 'mockServiceWorker.js');
      const current = await readFile(target).catch(() => undefined);
      if (current?.equals(source)) return;
      await mkdir(config.publicDir, { recursive: true });
      await writeFile(target, source);
    },
  };
}

/**
 * Proxy mode: the dev (and preview) server forwards `/api` to the real service, or to the standalone
 * mock of `pnpm start`, and adds the API key there, on the server side. The key comes from
 * RESERVATION_API_KEY (no VITE_ prefix, so Vite never exposes it to the page).
 */
function apiProxy(env: Record<string, string>): Record<string, ProxyOptions> {
  const exposed = Object.entries(env).find(([name, value]) => name.startsWith('VITE_') && /^rk_/.test(value));
  if (exposed) {
    throw new Error(
      `${exposed[0]} holds an API key: VITE_ variables reach the browser. Use RESERVATION_API_KEY.`,
    );
  }
  return {
    '/api': {
      target: env.RESERVATION_API_URL || 'http://127.0.0.1:4010',
      changeOrigin: true,
      headers: { 'X-API-Key': env.RESERVATION_API_KEY || 'rk_demo_full' },
      // Only what the widget calls gets the key: anyone who reaches this server could otherwise list
      // customers' reservations or cancel them with it. Anything else is a 404 here.
      bypass: (req) => (isWidgetCall(req.method ?? 'GET', req.url ?? '') ? undefined : false),
    },
  };
}

/** The widget's own calls (src/api.ts): its reads of the project, and creating a reservation. */
export function isWidgetCall(method: string, url: string): boolean {
  const path = url.split('?')[0] ?? '';
  if (method === 'GET') return /^\/api\/v1\/[a-z0-9-]+\/(info|schedule|availability|tables)$/.test(path);
  return method === 'POST' && /^\/api\/v1\/[a-z0-9-]+\/reservations$/.test(path);
}

export default defineConfig(({ mode }) => {
  // '' prefix: read every variable (server side only); the page still sees VITE_* ones alone.
  const env = loadEnv(mode, here, '');
  const proxy = apiProxy(env);
  return {
    root: here,
    resolve: { conditions: [SOURCE_CONDITION, ...defaultClientConditions] },
    plugins: [mswWorkerFile()],
    server: { proxy },
    preview: { proxy },
    build: {
      target: 'es2022',
      rollupOptions: {
        onwarn(warning, warn) {
          // zod places /* @__PURE__ */ comments where Rollup cannot use them; harmless noise.
          if (warning.code === 'INVALID_ANNOTATION') return;
          warn(warning);
        },
      },
    },
  };
});
