// How the widget runs, from the build-time env (VITE_*) and the page's query string (which wins).
//
//   ?mode=mock|proxy      where the API is: the in-browser MSW mock (default) or the Vite proxy
//   ?project=SLUG         project slug (default demo-bistro)
//   ?now=ISO              mock mode: pin the mock's clock (and the widget's "today") to this instant
//   ?e2e=1                mock mode: expose the mock on window.__mock for the browser test
//   ?persist=1            mock mode: keep the mock's data across reloads (localStorage)

export type ApiMode = 'mock' | 'proxy';

export interface WidgetConfig {
  mode: ApiMode;
  slug: string;
  /** A fixed "now" (mock mode), or undefined for the real clock. */
  now: string | undefined;
  e2e: boolean;
  /** Mock mode: keep the mock's data across page reloads and tabs. */
  persist: boolean;
}

export interface ConfigEnv {
  VITE_API_MODE?: string;
  VITE_PROJECT_SLUG?: string;
}

function parseMode(value: string | null | undefined): ApiMode | undefined {
  return value === 'mock' || value === 'proxy' ? value : undefined;
}

export function readConfig(search: string, env: ConfigEnv): WidgetConfig {
  const query = new URLSearchParams(search);
  const now = query.get('now');
  return {
    mode: parseMode(query.get('mode')) ?? parseMode(env.VITE_API_MODE) ?? 'mock',
    slug: query.get('project') || env.VITE_PROJECT_SLUG || 'demo-bistro',
    now: now && Number.isFinite(Date.parse(now)) ? now : undefined,
    e2e: query.get('e2e') === '1',
    persist: query.get('persist') === '1',
  };
}
