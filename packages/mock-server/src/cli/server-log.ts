// The standalone server's terminal log (mock README, "Watching the mock"): a line per answered
// request, per webhook attempt and per control change, for the root mock and every session. It only subscribes to the
// events each mock already publishes (control.subscribe); the pipeline logs nothing by itself.
import type { MockCore } from '../mock';
import { createEventPrinter, type LogFormat, type SessionName } from './event-lines';
import { CommandError } from './mock-connection';
import { safeText } from './terminal-text';

const FORMATS: readonly LogFormat[] = ['pretty', 'json', 'off'];

export interface LogChoice {
  format: LogFormat;
  colour: boolean;
}

/**
 * --log as given, else pretty; colours only when stdout is a terminal and NO_COLOR is not set. Not
 * on a terminal (a pipe, a CI log) the default is pretty without colours: one readable line per
 * event; --log json is the form for machines.
 */
export function chooseLog(value: string | undefined, isTTY: boolean, env: NodeJS.ProcessEnv): LogChoice {
  if (value !== undefined && !FORMATS.includes(value as LogFormat))
    throw new CommandError(`--log must be pretty, json or off, got ${safeText(value)}`, 2);
  const format = (value as LogFormat | undefined) ?? 'pretty';
  const colour = format === 'pretty' && isTTY && (env.NO_COLOR ?? '') === '' && env.TERM !== 'dumb';
  return { format, colour };
}

/** Prints `mock`'s requests and webhook attempts; the unsubscribe function. */
export function logMock(
  mock: Pick<MockCore, 'baseUrl' | 'control'>,
  session: SessionName,
  choice: LogChoice,
  print: (line: string) => void,
): () => void {
  if (choice.format === 'off') return () => undefined;
  return mock.control.subscribe(
    createEventPrinter({
      ...choice,
      session,
      basePath: new URL(mock.baseUrl).pathname.replace(/\/$/, ''),
      requests: true,
      states: true,
      print,
    }),
  );
}

export interface LineWriter {
  print(line: string): void;
  /** Writes what is queued now (before the process exits). */
  flush(): void;
}

/**
 * Lines queued and written together once the current task ends. A mock publishes its events while
 * it answers (a change's under its lock), and stdout on a pipe or a file is written synchronously:
 * one write per task instead of one per line keeps the terminal off the request's path.
 */
export function createLineWriter(write: (text: string) => void): LineWriter {
  let queued: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (queued.length === 0) return;
    const text = `${queued.join('\n')}\n`;
    queued = [];
    write(text);
  };
  return {
    print(line) {
      queued.push(line);
      if (scheduled) return;
      scheduled = true;
      setImmediate(flush);
    },
    flush,
  };
}
