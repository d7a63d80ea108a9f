// A spawned child run to its end: its exit code and everything it wrote to stdout and stderr, in the
// order it arrived (the message of a failed exit-code assertion).
import type { ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface ChildRun {
  code: number | null;
  output: string;
}

/** Collects the child's stdout and stderr until it exits. Spawn it with stdio `['ignore', 'pipe', 'pipe']`. */
export async function runToExit(child: ChildProcessByStdio<null, Readable, Readable>): Promise<ChildRun> {
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { code, output };
}
