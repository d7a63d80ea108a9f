// What every `reservation-mock` subcommand gets: where to print, and a signal that aborts it
// (Ctrl-C). Lines given to `out`/`err` are printed as they are: each command makes its text safe
// (terminal-text.ts) where it puts input into it.
import { CommandError } from './mock-connection';
import { safeText } from './terminal-text';

export interface CommandIo {
  out(line: string): void;
  err(line: string): void;
  /** Aborted by SIGINT/SIGTERM: a command that follows a stream stops and cleans up. */
  signal: AbortSignal;
  /** Colours in pretty output (stdout is a TTY and NO_COLOR is not set). */
  colour: boolean;
}

/** A command: its exit code. A CommandError's message goes to stderr, with its code. */
export type Command = (args: readonly string[], io: CommandIo) => Promise<number>;

/** The options every command talking to a mock takes. */
export const CONNECTION_OPTIONS = {
  url: { type: 'string' },
  session: { type: 'string' },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export const CONNECTION_HELP = `  --url URL            the running mock (default http://127.0.0.1:4010)
  --session ID         a session of that server (its mock at {url}/sessions/{id})
  --timeout MS         how long each request to the mock may take (default 10000)
  --help               show this help`;

/** Runs the command's parseArgs; a bad flag is a CommandError (usage, code 2) that shows the help. */
export function parseOrUsage<T>(parse: () => T, help: string): T {
  try {
    return parse();
  } catch (error) {
    // Escaped whole (an argument's line feed must not forge a line), then parseArgs' own line breaks
    // (`… is ambiguous.\nDid you forget …\nTo specify …`) put back.
    const message = safeText(error instanceof Error ? error.message : String(error)).replace(
      /\\x0a(?=Did you forget|To specify)/g,
      '\n',
    );
    throw new CommandError(`${message}\n\n${help}`, 2);
  }
}

/** Resolves when the command is aborted (Ctrl-C). */
export function aborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
