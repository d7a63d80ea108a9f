// The browser lookup with the system Chromium hidden (the lookup pointed at a path that does not
// exist): it falls back to the npm one, and a page runs in it. And a real browser test file run with
// CHROMIUM_PATH hidden the same way passes on the npm Chromium, never skipping.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { describe, expect, it, vi } from 'vitest';
import { runToExit } from './child-process';
import { findChromium, SYSTEM_CHROMIUM, systemChromiumPath } from './chromium';

const root = fileURLToPath(new URL('../..', import.meta.url));
const MISSING = join(tmpdir(), 'no-such-dir', 'chromium');

describe('the browser lookup', () => {
  it('falls back to the npm Chromium when the system one is missing, and a page runs in it', async () => {
    const found = await findChromium({ systemPath: MISSING });
    expect(found.source).toBe('npm');
    expect(found.executablePath).not.toBe(MISSING);
    expect(found.description).toContain('@sparticuz/chromium');
    const browser = await chromium.launch(found);
    try {
      const page = await browser.newPage();
      await page.setContent('<button onclick="this.textContent = String(6 * 7)">go</button>');
      await page.getByRole('button').click();
      expect(await page.getByRole('button').textContent()).toBe('42');
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('runs the npm Chromium on the libraries its package bundles (for a machine without NSS)', async () => {
    const found = await findChromium({ source: 'npm', bundledLibraries: true });
    expect(found.env?.LD_LIBRARY_PATH).toMatch(/al2023\/lib/);
    expect(found.description).toContain('with its bundled libraries');
    const browser = await chromium.launch(found);
    try {
      const page = await browser.newPage();
      await page.setContent('<p>ok</p>');
      expect(await page.textContent('p')).toBe('ok');
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('takes the system Chromium first when it exists', async () => {
    const found = await findChromium({ systemPath: process.execPath });
    expect(found).toMatchObject({ source: 'system', executablePath: process.execPath });
  });

  it('asked for the system Chromium only, fails with the path when it is missing', async () => {
    await expect(findChromium({ systemPath: MISSING, source: 'system' })).rejects.toThrow(
      `No system Chromium: ${MISSING} does not exist`,
    );
  });

  it("looks for the system Chromium where CHROMIUM_PATH says, else at Debian's path", () => {
    vi.stubEnv('CHROMIUM_PATH', MISSING);
    try {
      expect(systemChromiumPath()).toBe(MISSING);
      vi.stubEnv('CHROMIUM_PATH', '');
      expect(systemChromiumPath()).toBe(SYSTEM_CHROMIUM);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('runs a browser test file on the npm Chromium when CHROMIUM_PATH points nowhere', async () => {
    const out = await mkdtemp(join(tmpdir(), 'chromium-hidden-'));
    const report = join(out, 'report.json');
    try {
      const child = spawn(
        process.execPath,
        [
          join(root, 'node_modules/vitest/vitest.mjs'),
          'run',
          'packages/mock-server/test/security/dashboard-framing.e2e.test.ts',
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CHROMIUM_PATH: MISSING } },
      );
      const { code, output } = await runToExit(child);
      expect(code, output).toBe(0);
      const result = JSON.parse(await readFile(report, 'utf8')) as {
        numPassedTests: number;
        numPendingTests: number;
        numFailedTests: number;
      };
      expect(result.numPassedTests).toBeGreaterThan(0);
      expect(result).toMatchObject({ numPendingTests: 0, numFailedTests: 0 });
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }, 180_000);
});
