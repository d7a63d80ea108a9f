// Starting a server child for a benchmark: its own process (on 2 cores the load generator must not
// share the server's event loop), TypeScript through tsx, IPC for ready / heap / stop, stderr kept
// so a run can fail on any warning the server printed.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  type CountedMessage,
  type HeapMessage,
  isChildMessage,
  type ParentMessage,
  type ProfiledMessage,
  type ReadyMessage,
} from './protocol';

export const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));

export interface ServerChild {
  readonly url: string;
  readonly seedMs: number;
  readonly process: ChildProcess;
  /** Everything the child wrote to stderr so far. */
  stderr(): string;
  /** heapUsed after gc() (the child must run with --expose-gc for that to mean anything). */
  heap(): Promise<HeapMessage>;
  /** Starts the child's CPU profiler. */
  profileStart(): void;
  /** Stops it and resolves with the .cpuprofile written to `file`. */
  profileStop(file: string): Promise<string>;
  /** How many requests the child answered (the webhook receiver). */
  count(): Promise<number>;
  /** Stops the child and waits for it to exit (killed after 5 s). */
  stop(): Promise<void>;
}

export interface ChildOptions {
  /** Node flags for the child, e.g. --expose-gc, --cpu-prof. */
  nodeFlags?: string[];
  /** Longest wait for `ready`. Default 120 s (seeding 10,000 reservations takes a few). */
  readyTimeoutMs?: number;
}

export async function startChild(
  script: string,
  args: string[],
  options: ChildOptions = {},
): Promise<ServerChild> {
  const child = fork(fileURLToPath(new URL(script, import.meta.url)), args, {
    cwd: PACKAGE_DIR,
    execArgv: [...(options.nodeFlags ?? []), '--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const next = <T extends ReadyMessage | HeapMessage | ProfiledMessage | CountedMessage>(
    type: T['type'],
    timeoutMs: number,
  ): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${script}: no "${type}" message within ${timeoutMs} ms\n${stderr}`));
      }, timeoutMs);
      const onMessage = (message: unknown) => {
        if (isChildMessage(message) && message.type === type) {
          cleanup();
          resolve(message as T);
        }
      };
      const onExit = (code: number | null) => {
        cleanup();
        reject(new Error(`${script} exited with ${code} before "${type}"\n${stderr}`));
      };
      const cleanup = () => {
        clearTimeout(timer);
        child.off('message', onMessage);
        child.off('exit', onExit);
      };
      child.on('message', onMessage);
      child.once('exit', onExit);
    });

  const ready = await next<ReadyMessage>('ready', options.readyTimeoutMs ?? 120_000);
  const post = (message: ParentMessage) => child.send(message);
  return {
    url: ready.url,
    seedMs: ready.seedMs,
    process: child,
    stderr: () => stderr,
    heap() {
      const answer = next<HeapMessage>('heap', 60_000);
      post({ type: 'heap' });
      return answer;
    },
    async count() {
      const answer = next<CountedMessage>('counted', 60_000);
      post({ type: 'count' });
      return (await answer).requests;
    },
    profileStart() {
      post({ type: 'profile-start' });
    },
    async profileStop(file) {
      const answer = next<ProfiledMessage>('profiled', 60_000);
      post({ type: 'profile-stop', file });
      return (await answer).file;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      post({ type: 'stop' });
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}
