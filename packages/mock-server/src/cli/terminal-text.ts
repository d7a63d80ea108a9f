// What the CLI prints comes from input it does not control: request paths, a receiver's answer, a
// server's messages. A control character in it (ESC starts a terminal escape sequence; C1 CSI does
// the same in some terminals; CR and BS overwrite what was printed) could recolour, rewrite or hide
// the terminal's text, so every such character is printed as a visible escape instead (mock README,
// "Watching the mock"). Bidirectional overrides are escaped too: they reorder what the reader sees.

/** C0 controls (with TAB, LF, CR), DEL, C1 controls, and the bidirectional embedding/isolate marks. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/gu;

const escapeOf = (character: string): string => {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`;
};

/** The text on one line, every control character written as `\xNN` (`\u202e` for a bidi mark). */
export function safeText(text: string): string {
  return text.replace(UNSAFE, escapeOf);
}

/**
 * A value as one line of JSON that is safe to print: JSON.stringify escapes C0 controls but leaves
 * DEL, C1 and bidi marks raw, so those are written as `\uNNNN` (still the same JSON value).
 */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    UNSAFE,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** The first `max` characters of a text (after making it safe), marked with … when cut. */
export function clipText(text: string, max: number): string {
  const safe = safeText(text);
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}
