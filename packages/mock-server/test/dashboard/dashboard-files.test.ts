// The dashboard ships as static files in the package: small, served by the standalone server only
// when the control routes are on, behind the same checks.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';

const folder = new URL('../../dashboard/', import.meta.url);

describe('the dashboard files', () => {
  const read = (name: string) => readFileSync(new URL(name, folder), 'utf8');
  const modules = () => readdirSync(folder).filter((name) => name.endsWith('.js'));

  it('weigh under 50 kB gzipped together, and ship in the package', () => {
    const files = readdirSync(folder);
    expect(files.sort()).toEqual([
      'clock.js',
      'coverage.js',
      'dashboard.css',
      'dashboard.js',
      'deliveries.js',
      'detail.js',
      'dom.js',
      'faults.js',
      'format.js',
      'icon.svg',
      'index.html',
      'requests.js',
      'reservations.js',
      'session-bar.js',
      'time-format.js',
    ]);
    // Each file travels on its own, so each is compressed on its own.
    const gzipped = files.reduce((sum, f) => sum + gzipSync(readFileSync(new URL(f, folder))).length, 0);
    expect(gzipped).toBeLessThan(50 * 1024);
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      files: string[];
    };
    expect(pkg.files).toContain('dashboard');
  });

  it('name every URL relative to the page, so the page works under any base path', () => {
    const html = read('index.html');
    const references = [...html.matchAll(/\s(?:src|href)="([^"]*)"/g)].map((m) => m[1]);
    expect(references).toEqual([
      './dashboard/icon.svg',
      './dashboard/dashboard.css',
      './dashboard/dashboard.js',
      '#request-list',
    ]);
    for (const name of modules()) {
      // String literals that start a path or an origin: none; the calls build `./${path}`.
      expect(read(name).match(/['"`](?:\/|https?:)/g), name).toBeNull();
      // Modules import each other by relative name only (no bare specifier: there is no build step).
      for (const [, specifier] of read(name).matchAll(/^import .* from '([^']+)';$/gm))
        expect(specifier, name).toMatch(/^\.\/[a-z-]+\.js$/);
    }
    expect(read('dashboard.js')).toContain("new EventSource('./events')");
  });

  it('never hand mock data to the HTML parser', () => {
    for (const name of modules())
      expect(read(name), name).not.toMatch(
        /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser/,
      );
  });

  it('are ES modules of one panel each, each checked by the compiler and served', async () => {
    for (const name of modules()) expect(read(name).startsWith('// @ts-check\n'), name).toBe(true);
    // No module holds the page's whole state any more: the old global `state` object is gone.
    for (const name of modules()) expect(read(name), name).not.toMatch(/^const state = \{/m);
  });
});

describe('serving the dashboard', () => {
  const harness = useServer({ now: '2026-06-15T08:00:00Z' });

  it('answers GET /__mock/ with the page for browsers and the route list for JSON clients', async () => {
    const server = await harness.start();
    const page = await fetch(`${server.url}/__mock/`, { headers: { Accept: 'text/html' } });
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await page.text()).toContain('<title>Reservation API mock</title>');
    const redirect = await fetch(`${server.url}/__mock`, {
      headers: { Accept: 'text/html' },
      redirect: 'manual',
    });
    expect(redirect.status).toBe(308);
    expect(redirect.headers.get('location')).toBe('/__mock/');
    for (const name of readdirSync(folder).filter((f) => f.endsWith('.js'))) {
      const script = await fetch(`${server.url}/__mock/dashboard/${name}`);
      expect(script.status, name).toBe(200);
      expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    }
    const json = (await (await fetch(`${server.url}/__mock/`)).json()) as { routes: string[] };
    expect(json.routes).toContain('GET /__mock/requests');
    for (const name of ['../package.json', '..%2Fpackage.json', 'nope.js'])
      expect((await fetch(`${server.url}/__mock/dashboard/${name}`)).status).toBe(404);
  });

  it("sends a browser opening the server's root (the banner's first URL) to the dashboard; JSON clients get the 404", async () => {
    const server = await harness.start();
    for (const path of ['', '/']) {
      const browser = await fetch(`${server.url}${path}`, {
        headers: { Accept: 'text/html' },
        redirect: 'manual',
      });
      expect(browser.status).toBe(302);
      expect(browser.headers.get('location')).toBe('/__mock/');
    }
    const session = await fetch(`${server.url}/__mock/sessions`, { method: 'POST', body: '{"id":"w1"}' });
    expect(session.status).toBe(201);
    const inSession = await fetch(`${server.url}/sessions/w1/`, {
      headers: { Accept: 'text/html' },
      redirect: 'manual',
    });
    expect(inSession.headers.get('location')).toBe('/sessions/w1/__mock/');
    const json = await fetch(`${server.url}/`);
    expect(json.status).toBe(404);
    expect(await json.json()).toMatchObject({ code: 'NOT_FOUND' });
    const other = await fetch(`${server.url}/elsewhere`, {
      headers: { Accept: 'text/html' },
      redirect: 'manual',
    });
    expect(other.status).toBe(404);
  });

  it('is off with control: false (--no-control)', async () => {
    const server = await harness.start({ control: false });
    expect((await fetch(`${server.url}/__mock/`, { headers: { Accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/dashboard/dashboard.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/events`)).status).toBe(404);
  });
});
