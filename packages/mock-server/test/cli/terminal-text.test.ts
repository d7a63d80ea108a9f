// What the CLI prints is made safe for a terminal (mock README, "Watching the mock"), and the log's
// colours are on only for a terminal.
import { describe, expect, it } from 'vitest';
import { chooseLog } from '../../src/cli/server-log';
import { clipText, safeJson, safeText } from '../../src/cli/terminal-text';
import { ANY_CONTROL } from './support';

describe('safeText', () => {
  it('writes every C0 and C1 control, DEL and bidi mark as a visible escape, on one line', () => {
    expect(safeText('a\u001b[31mb\u009b2J\r\n\t\u007f\u202ez\u2066')).toBe(
      'a\\x1b[31mb\\x9b2J\\x0d\\x0a\\x09\\x7f\\u202ez\\u2066',
    );
  });

  it('leaves printable text, accents and emoji as they are', () => {
    expect(safeText('Café → 🍽 Staré Město')).toBe('Café → 🍽 Staré Město');
  });

  it('clips after making safe, marking the cut', () => {
    expect(clipText('\u001babcdef', 6)).toBe('\\x1bab…');
  });
});

describe('safeJson', () => {
  it('is the same JSON value with no raw control character left', () => {
    const value = { path: '/a\u001b\u0085\u009b\u202e', n: 1 };
    const line = safeJson(value);
    expect(line).not.toMatch(ANY_CONTROL);
    expect(JSON.parse(line)).toEqual(value);
  });
});

describe('chooseLog', () => {
  it('is pretty with colours on a terminal, without them elsewhere or with NO_COLOR or TERM=dumb', () => {
    expect(chooseLog(undefined, true, {})).toEqual({ format: 'pretty', colour: true });
    expect(chooseLog(undefined, false, {})).toEqual({ format: 'pretty', colour: false });
    expect(chooseLog(undefined, true, { NO_COLOR: '1' })).toEqual({ format: 'pretty', colour: false });
    expect(chooseLog(undefined, true, { TERM: 'dumb' })).toEqual({ format: 'pretty', colour: false });
    expect(chooseLog('json', true, {})).toEqual({ format: 'json', colour: false });
    expect(chooseLog('off', true, {})).toEqual({ format: 'off', colour: false });
  });

  it('refuses another value, escaped', () => {
    expect(() => chooseLog('lo\u001bud', false, {})).toThrow(
      '--log must be pretty, json or off, got lo\\x1bud',
    );
  });
});
