import './style.css';
import { createApi } from './api';
import { readConfig } from './config';
import { mountWidget } from './widget';

const config = readConfig(location.search, import.meta.env);
const modeLabel = document.getElementById('mode');

async function start() {
  if (config.mode === 'mock') {
    // Only mock mode loads the mock (its own chunk): proxy-mode pages never download it.
    const { startBrowserMock } = await import('./mock');
    await startBrowserMock({
      baseUrl: location.origin,
      slug: config.slug,
      now: config.now,
      expose: config.e2e,
      persist: config.persist,
    });
  }
  if (modeLabel) {
    modeLabel.textContent =
      config.mode === 'mock'
        ? 'Mock mode: the API runs in this tab (MSW).'
        : 'Proxy mode: the dev server forwards /api and adds the API key.';
  }
  const fixedNow = config.mode === 'mock' && config.now ? Date.parse(config.now) : undefined;
  await mountWidget({
    api: createApi(config.slug, location.origin),
    now: () => fixedNow ?? Date.now(),
  });
}

start().catch((error: unknown) => {
  const alert = document.getElementById('error');
  if (alert) alert.textContent = `The widget could not start: ${String(error)}`;
  console.error(error);
});
