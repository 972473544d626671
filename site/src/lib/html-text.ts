// Page text in Latin-1, with a character reference (`&#8212;`) for every character beyond it.
// V8 keeps a string whose characters are all Latin-1 at one byte a character; one character
// beyond (an em dash, an ellipsis, an emoji) makes the whole page two bytes a character as
// Astro joins its parts, and its UTF-8 encoding before the file is written several times
// slower: 1,564 of GitHub's 2,242 pages had one, from the portal's own typography. A reader
// sees the same characters either way.

const BEYOND_LATIN1 = /[\u0100-\uffff]/;
// A script's or a style's text takes no character references; what is in one is left as it is.
const RAW_OR_BEYOND = /(<(script|style)\b[\s\S]*?<\/\2\s*>)|[\u{100}-\u{10ffff}]/giu;

const reference = (char: string) => `&#${char.codePointAt(0)};`;

/** HTML with every character beyond Latin-1 outside scripts and styles written as a character reference. */
export function latin1Html(html: string): string {
  if (!BEYOND_LATIN1.test(html)) return html;
  return html.replace(RAW_OR_BEYOND, (match: string, raw: string | undefined) => raw ?? reference(match));
}

/** Text escaped for HTML text or a quoted attribute value, in Latin-1 (for `set:html`). */
export function textHtml(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return BEYOND_LATIN1.test(escaped) ? escaped.replace(/[\u{100}-\u{10ffff}]/gu, reference) : escaped;
}

/** An attribute name as HTML allows it unquoted and unescaped; others are left out. */
const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_:.-]*$/;

/** A `<meta>` element: `true` writes the bare name, `false` and `undefined` leave the attribute out. */
export function metaHtml(attrs: Record<string, string | boolean | undefined>): string {
  let html = '<meta';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false || !ATTRIBUTE_NAME.test(name)) continue;
    html += value === true ? ` ${name}` : ` ${name}="${textHtml(value)}"`;
  }
  return `${html}>`;
}
