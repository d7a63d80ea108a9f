// The built `reservation-mock` binary as a child process (`pnpm build` first: the tests read what a
// user's terminal would show), and a webhook receiver on 127.0.0.1 that answers from a script.
// Every process and server is ended when its test finishes. Waits are on output events, with no
// deadline of their own (the test's timeout is the bound).
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { onTestFinished } from 'vitest';
import { listenUntilTestFinished } from '../../../../test/support/listen';
import { waiters } from '../support/waiters';

const bin = fileURLToPath(new URL('../../bin/reservation-mock.js', import.meta.url));
const built = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

function requireBuild(): void {
  if (!existsSync(built)) throw new Error(`${built} is missing: run \`pnpm build\` before the CLI tests`);
}

export interface Cli {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stdout + stderr match `pattern` (checked on every chunk); the match. */
  waitFor(pattern: RegExp): Promise<RegExpExecArray>;
  /** The exit code. */
  exited: Promise<number | null>;
}

/** Starts `reservation-mock ...args` (not on a TTY); killed when the test finishes if still running. */
export function startCli(args: readonly string[], env: NodeJS.ProcessEnv = {}): Cli {
  requireBuild();
  // As a user's shell would start it: none of the test runner's colour settings.
  const { NO_COLOR: _, FORCE_COLOR: __, ...inherited } = process.env;
  const child = spawn(process.execPath, [bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...inherited, ...env },
  });
  let out = '';
  let err = '';
  const wait = waiters();
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    wait.check();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    wait.check();
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let closed = false;
  void exited.then(() => {
    closed = true;
    wait.check();
  });
  onTestFinished(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    async waitFor(pattern) {
      let match: RegExpExecArray | null = null;
      await wait.until(() => {
        match = pattern.exec(out + err);
        return match !== null || closed;
      });
      if (!match) throw new Error(`exited before printing ${pattern}: ${out}${err}`);
      return match;
    },
  };
}

/** Runs `reservation-mock ...args` to its end. */
export async function runCli(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const cli = startCli(args);
  const code = await cli.exited;
  return { code, stdout: cli.stdout(), stderr: cli.stderr() };
}

/** Starts the standalone mock (port 0, pinned clock unless `args` say otherwise); its base URL. */
export async function startMockCli(args: readonly string[] = []): Promise<{ cli: Cli; url: string }> {
  const cli = startCli(['--port', '0', ...args]);
  const [, url] = await cli.waitFor(
    /listening on (http:\/\/127\.0\.0\.1:\d+)[\s\S]*Keys \(X-API-Key\):[\s\S]*rk_salon_full/,
  );
  if (!url) throw new Error('no URL in the banner');
  return { cli, url };
}

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on 127.0.0.1 answering each request with `answer`; closed when the test finishes. */
export async function startReceiver(
  answer: (request: Received, res: ServerResponse) => void = (_, res) => res.writeHead(204).end(),
) {
  const received: Received[] = [];
  const wait = waiters();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(request);
      wait.check();
      answer(request, res);
    });
  });
  const origin = await listenUntilTestFinished(server);
  return {
    url: `${origin}/hooks`,
    received,
    /** Resolves once `count` requests have arrived. */
    until: (count: number) => wait.until(() => received.length >= count),
  };
}

/** JSON over HTTP to the mock (for setting up what the CLI then shows). */
export async function request(
  url: string,
  method = 'GET',
  json?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method,
    ...(json === undefined
      ? {}
      : { body: JSON.stringify(json), headers: { 'content-type': 'application/json' } }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

/** A port on 127.0.0.1 that refuses connections (it was free a moment ago). */
export async function refusedPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Any raw C0/C1 control character but the line breaks between lines (what must never be printed). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;
/** Any raw control character or bidi override, line breaks included (one JSON line holds none). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
export const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
