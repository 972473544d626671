// Page text in Latin-1, with a character reference (`&#8212;`) for every character beyond it.
// V8 keeps a string whose characters are all Latin-1 at one byte a character; one character
// beyond (an em dash, an ellipsis, an emoji) makes the whole page two bytes a character as
// Astro joins its parts, and its UTF-8 encoding before the file is written several times
// slower: 1,564 of GitHub's 2,242 pages had one, from the portal's own typography. A reader
// sees the same characters either way.

const BEYOND_LATIN1 = /[\u0100-\uffff]/;
/** A tag name in any case, spelled out: with the `i` and `u` flags together, `s` and `k` would match `ſ` and `K` beyond Latin-1. */
const anyCase = (name: string) => [...name].map((c) => `[${c}${c.toUpperCase()}]`).join('');
// A script's or a style's text takes no character references; what is in one is left as it is.
const RAW_OR_BEYOND = new RegExp(
  `${['script', 'style'].map((tag) => `<${anyCase(tag)}\\b[\\s\\S]*?<\\/${anyCase(tag)}\\s*>`).join('|')}|[\\u{100}-\\u{10ffff}]`,
  'gu',
);

const reference = (char: string) => `&#${char.codePointAt(0)};`;

/** Escaped text with every character beyond Latin-1 written as a reference (it holds no script or style). */
function inLatin1(escaped: string): string {
  return BEYOND_LATIN1.test(escaped) ? escaped.replace(/[\u{100}-\u{10ffff}]/gu, reference) : escaped;
}

/** HTML with every character beyond Latin-1 outside scripts and styles written as a character reference. */
export function latin1Html(html: string): string {
  if (!BEYOND_LATIN1.test(html)) return html;
  return html.replace(RAW_OR_BEYOND, (match: string) => (match.startsWith('<') ? match : reference(match)));
}

/** Text escaped for HTML text or a quoted attribute value as Astro escapes it, in Latin-1 (for `set:html`). */
export function textHtml(text: string): string {
  return inLatin1(text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;'));
}

/** An attribute name as HTML allows it unquoted and unescaped; others are left out. */
const ATTRIBUTE_NAME = /^[A-Za-z][A-Za-z0-9_:.-]*$/;

/** A quoted attribute value as Astro writes it (only `&` and `"` need escaping there), in Latin-1. */
function attributeHtml(value: string): string {
  return inLatin1(value.replace(/&/g, '&amp;').replace(/"/g, '&quot;'));
}

/** A `<meta>` element, its values escaped as Astro escapes them: `true` writes the bare name, `false` and `undefined` leave the attribute out. */
export function metaHtml(attrs: Record<string, string | boolean | undefined>): string {
  let html = '<meta';
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false || !ATTRIBUTE_NAME.test(name)) continue;
    html += value === true ? ` ${name}` : ` ${name}="${attributeHtml(value)}"`;
  }
  return `${html}/>`;
}
