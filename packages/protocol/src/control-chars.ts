// Control characters: refusing them in what the unit accepts, and escaping them in whatever the unit writes to a log.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const ESCAPED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

export const CONTROL_CHARS_REASON = "Must not contain control characters";

/** True when the text holds a C0 or C1 control character or DEL (newline, escape, NUL, bell...). */
export function hasControlChars(text: string): boolean {
  return CONTROL.test(text);
}

/**
 * The text with every control character (and the Unicode line separators and bidi overrides) written as an escape
 * (`\n`, `\x1b`, `\u2028`), so a value can neither start a forged log line nor drive a terminal.
 */
export function escapeControlChars(text: string): string {
  return text.replace(ESCAPED, (ch) => {
    const named = NAMED[ch];
    if (named) return named;
    const code = ch.charCodeAt(0);
    return code <= 0xff
      ? `\\x${code.toString(16).padStart(2, "0")}`
      : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}
