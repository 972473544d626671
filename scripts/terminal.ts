// Text that came from a description (names, titles, messages quoting its values) printed in a
// terminal: control characters would move the cursor, recolour or rewrite earlier lines, and a
// newline inside a message would forge a line of output, so each is shown escaped instead.

// C0 and C1 controls, DEL, and the invisible characters that reorder or break lines (bidi
// embeddings, overrides and isolates; the Unicode line and paragraph separators).
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const NOT_ASCII = /[^\u0020-\u007e]/g;
const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

export interface PrintableOptions {
  /** Longer text is cut here, with `…`. */
  max?: number;
  /** Escape everything outside printable ASCII too, all as `\xNN` (the mock's request log). */
  ascii?: boolean;
}

const hex = (c: string): string => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`;

function escaped(c: string): string {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code <= 0xff ? hex(c) : `\\u{${code.toString(16)}}`);
}

/** `text` with its control characters shown as `\n`, `\x1b`, `\u{202e}`…; never a character that acts on the terminal. */
export function printable(text: string, options: PrintableOptions = {}): string {
  const max = options.max ?? Number.POSITIVE_INFINITY;
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return options.ascii ? cut.replace(NOT_ASCII, hex) : cut.replace(CONTROL, escaped);
}
