// Shell quoting, pure: the code samples, the home page's mock example and the terminal's all quote with it.

/**
 * A POSIX shell word that is the text, literally: single quotes, a quote inside closed, escaped and
 * reopened (`'it'\\''s'`). The one quoting of every command we print or show: code samples, the
 * home page's mock example and the terminal's.
 */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A shell word as short as it can be: a plain word as it is, anything else quoted (shellQuote). */
export function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : shellQuote(text);
}
