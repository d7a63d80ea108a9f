// The dashboard ships as static files in the package: small, served by the standalone server only
// when the control routes are on, behind the same checks.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useServer } from '../support/server';

const folder = new URL('../../dashboard/', import.meta.url);

describe('the dashboard files', () => {
  const read = (name: string) => readFileSync(new URL(name, folder), 'utf8');

  it('weigh under 50 kB gzipped together, and ship in the package', () => {
    const files = readdirSync(folder);
    expect(files.sort()).toEqual([
      'dashboard.css',
      'dashboard.js',
      'icon.svg',
      'index.html',
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
    const script = read('dashboard.js');
    // String literals that start a path or an origin: none; the calls build `./${path}`.
    expect(script.match(/['"`](?:\/|https?:)/g)).toBeNull();
    expect(script).toContain("new EventSource('./events')");
  });

  it('never hand mock data to the HTML parser', () => {
    expect(read('dashboard.js')).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|DOMParser/,
    );
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
    const script = await fetch(`${server.url}/__mock/dashboard/dashboard.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const json = (await (await fetch(`${server.url}/__mock/`)).json()) as { routes: string[] };
    expect(json.routes).toContain('GET /__mock/requests');
    for (const name of ['../package.json', '..%2Fpackage.json', 'nope.js'])
      expect((await fetch(`${server.url}/__mock/dashboard/${name}`)).status).toBe(404);
  });

  it('is off with control: false (--no-control)', async () => {
    const server = await harness.start({ control: false });
    expect((await fetch(`${server.url}/__mock/`, { headers: { Accept: 'text/html' } })).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/dashboard/dashboard.js`)).status).toBe(404);
    expect((await fetch(`${server.url}/__mock/events`)).status).toBe(404);
  });
});
