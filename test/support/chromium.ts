// Which Chromium the browser tests drive, in one place (every browser test and the Playwright example's
// config ask here). The system one when it is there: CHROMIUM_PATH if set, else Debian's
// /usr/bin/chromium. Otherwise the one that `pnpm install` brought from the npm registry:
// @sparticuz/chromium ships the binary inside the package (inflated into the temporary directory on
// first use), so a machine with only Node and npm runs the browser tests too, and no tool ever
// downloads a browser. When neither works, the lookup throws with both reasons: a browser test fails
// with them, it never skips. The npm build needs NSS, NSPR and expat, which a machine without any
// Chromium may lack: the package ships them too (for Amazon Linux), and they are used when `ldd` says
// the system has not got them.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for both browsers. Not @sparticuz/chromium's own `args`: they are for AWS Lambda and turn off
 * web security, site isolation and the multi-process model (`--disable-web-security`,
 * `--single-process`), which the CORS, framing and service-worker tests need on. The npm build starts
 * with these alone.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export type ChromiumSource = 'system' | 'npm';

export interface ChromiumLaunch {
  /** For playwright-core's `chromium.launch()` or Playwright Test's `launchOptions`. */
  executablePath: string;
  args: string[];
  /** Where it came from: the system path, or the @sparticuz/chromium package. */
  source: ChromiumSource;
  /** Human-readable: the path and, for the npm one, the package. */
  description: string;
  /** For the npm one on a machine without its libraries: the environment that finds the bundled ones. */
  env?: Record<string, string>;
}

export interface ChromiumLookup {
  /** The system Chromium to try first; default: CHROMIUM_PATH, else /usr/bin/chromium. */
  systemPath?: string;
  /**
   * Only this one, no fallback (the both-browsers smoke tests); default: the system one if it
   * exists, else the npm one.
   */
  source?: ChromiumSource;
  /**
   * The npm one with the libraries its package bundles (NSS, NSPR, expat), first on the library
   * path. Default: only when the system lacks some (`ldd` reports them not found).
   */
  bundledLibraries?: boolean;
}

/** Both browsers, for the smoke tests that prove a page on each once. */
export const CHROMIUM_SOURCES: readonly ChromiumSource[] = ['system', 'npm'];

/** The system Chromium's path: CHROMIUM_PATH when the user names one, else Debian's. */
export function systemChromiumPath(): string {
  return process.env.CHROMIUM_PATH || SYSTEM_CHROMIUM;
}

/** Whether a system Chromium is there (the both-browsers smoke tests run on it only then). */
export function hasSystemChromium(path = systemChromiumPath()): boolean {
  return existsSync(path);
}

/**
 * Finds a Chromium to launch: the system one if it exists, else the npm one. Throws an Error that
 * names what was tried when none is usable.
 */
export async function findChromium(lookup: ChromiumLookup = {}): Promise<ChromiumLaunch> {
  const systemPath = lookup.systemPath ?? systemChromiumPath();
  if (lookup.source !== 'npm' && existsSync(systemPath)) {
    return {
      executablePath: systemPath,
      args: [...CHROMIUM_ARGS],
      source: 'system',
      description: systemPath,
    };
  }
  if (lookup.source === 'system') {
    throw new Error(`No system Chromium: ${systemPath} does not exist (set CHROMIUM_PATH to use another).`);
  }
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    const executablePath = await oneAtATime(() => chromium.executablePath());
    const bundled = lookup.bundledLibraries ?? (await lacksLibraries(executablePath));
    return {
      executablePath,
      args: [...CHROMIUM_ARGS],
      source: 'npm',
      description: `${executablePath} (from @sparticuz/chromium${bundled ? ', with its bundled libraries' : ''})`,
      ...(bundled ? { env: await bundledLibraryEnv() } : {}),
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const system =
      lookup.source === 'npm' ? 'the system one was not asked for' : `${systemPath} does not exist`;
    throw new Error(
      `No Chromium to run the browser tests: ${system} (set CHROMIUM_PATH to use another), and the ` +
        `npm one (@sparticuz/chromium, installed by \`pnpm install\`) could not be unpacked: ${reason}`,
    );
  }
}

/** Whether the dynamic linker finds every library the binary needs (no `ldd`: assume it does). */
async function lacksLibraries(executablePath: string): Promise<boolean> {
  try {
    const { stdout } = await promisify(execFile)('ldd', [executablePath]);
    return stdout.includes('not found');
  } catch {
    return false;
  }
}

/**
 * The environment for the npm Chromium with the package's own libraries first on the library path:
 * unpacked by the package's own inflate() (its al2023.tar.br, into the temporary directory, once).
 */
async function bundledLibraryEnv(): Promise<Record<string, string>> {
  const build = dirname(createRequire(import.meta.url).resolve('@sparticuz/chromium'));
  // Not among the package's exports, so imported by its path.
  const { inflate } = (await import(pathToFileURL(join(build, 'lambdafs.js')).href)) as {
    inflate(file: string): Promise<string>;
  };
  const libraries = join(await inflate(join(build, '..', 'bin', 'al2023.tar.br')), 'lib');
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  env.LD_LIBRARY_PATH = [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':');
  return env;
}

const LOCK = join(tmpdir(), 'reservation-api-chromium.lock');
/** Longer than an unpack takes (about 1.5 s): a lock this old was left by a process that died. */
const STALE_MS = 120_000;

/**
 * Runs `unpack` in one process at a time (Playwright's workers, Vitest's): the package writes the
 * binary straight to its final path, so a second process could launch a half-written one. mkdir is
 * the atomic step; the others wait for the directory to go.
 */
async function oneAtATime<T>(unpack: () => Promise<T>): Promise<T> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await unpack();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
