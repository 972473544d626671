// How values from a description are written into a request, and into code that sends one.
// A description is untrusted: an example value must reach the server as that value, and never
// end the string it is written in. The rules, in one place for every code sample and client:
// - URLs: parameters written by the model's wire rule (scripts/model/wire.ts), server variables
//   encoded (server-url.ts), and the whole URL reduced to characters that are inert inside a
//   string literal of any language (no quote, backslash, `$`, backtick, brace, space or line break).
// - Headers: names are RFC 9110 tokens, values carry no control character (CR/LF would start
//   another header); a header that breaks either rule is not sent, and the caller says so.
// - Cookies: names are RFC 9110 tokens.
// - Code strings: escaped for the literal they land in, where a generator does not escape.
// Pure functions on strings: usable at build time and in the browser alike.

function percent(char: string): string {
  return encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

// Characters a URL needs and no string syntax gives a meaning to; `%` only as the start of an escape.
const URL_SAFE_RUN = /\{[A-Za-z0-9_.-]+\}|\[[0-9A-Fa-f:.]+\]|%[0-9A-Fa-f]{2}|[A-Za-z0-9\-._~:/?&=@+,;!*]+|([\s\S])/gu;

/**
 * A URL ready to be written inside a string literal of any language: every character outside
 * the URL's own syntax (quotes, backslash, `$`, backtick, braces, parentheses, spaces, line
 * breaks, non-ASCII) percent-encoded; `{name}` placeholders and an IPv6 host kept.
 * A leading `-` is encoded too, so that no command line reads the URL as an option.
 */
export function codeSafeUrl(url: string): string {
  const safe = url.toWellFormed().replace(URL_SAFE_RUN, (run, other: string | undefined) => (other ? percent(other) : run));
  return safe.startsWith('-') ? `%2D${safe.slice(1)}` : safe;
}

/**
 * A code-safe URL that java.net.URI also parses (it refuses what RFC 2396 does not allow): the
 * `{name}` and `<API_KEY>` placeholders percent-encoded, and brackets outside an IPv6 host. The
 * server receives the same characters either way.
 */
export function strictUri(url: string): string {
  const [, authority = '', rest = ''] = /^((?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/?#]*)?([\s\S]*)$/.exec(url) ?? [];
  return authority.replace(/[{}<>]/g, percent) + rest.replace(/[{}<>[\]]/g, percent);
}

// RFC 9110's token: the characters a header (or cookie) name may have.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Shows a name or value as a reader can see it: in quotes, line breaks and control characters escaped. */
export function visible(text: string): string {
  return JSON.stringify(text);
}

/** Why this header cannot be sent as given, or undefined when it can. */
export function headerProblem(name: string, value: string): string | undefined {
  if (!TOKEN.test(name)) return `${visible(name)} is not a valid header name: a name has letters, digits and !#$%&'*+-.^_\`|~ only`;
  if (/[\r\n]/.test(value)) return `the value of the ${name} header has a line break (CR or LF), which would end the header early`;
  // Control characters other than horizontal tab.
  if (/(?!\t)\p{Cc}/u.test(value)) return `the value of the ${name} header has a control character`;
  return undefined;
}

/** Why this cookie cannot be sent, or undefined when it can (its value is encoded by cookiePair). */
export function cookieProblem(name: string): string | undefined {
  return TOKEN.test(name) ? undefined : `${visible(name)} is not a valid cookie name: a name has letters, digits and !#$%&'*+-.^_\`|~ only`;
}

// --- String literals ----------------------------------------------------------------------

const hex = (code: number, width: number) => code.toString(16).padStart(width, '0');

/** The inside of a single-quoted JavaScript string (the quotes are the caller's). */
export function jsStringContent(text: string): string {
  return text.replace(/[\\'\p{Cc}\u2028\u2029]/gu, (c) => {
    const named: Record<string, string> = { '\\': '\\\\', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t' };
    return named[c] ?? `\\u${hex(c.charCodeAt(0), 4)}`;
  });
}

/** The inside of a Python bytes literal `b"…"`: the text's UTF-8 bytes, printable ASCII as is, the rest as `\xNN`. */
export function pythonBytesContent(text: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const char = String.fromCharCode(byte);
    out += byte >= 0x20 && byte < 0x7f && char !== '"' && char !== '\\' ? char : `\\x${hex(byte, 2)}`;
  }
  return out;
}

// HTTPie reads a request item (`Name:value`) by its first separator, the longest one there: a value
// starting with `@` (`:@`) is read from that file, one starting with `=` (`:=`, `:=@`) becomes JSON
// data, read from a file after `=@`. A backslash before one of these characters makes it plain.
const HTTPIE_SPECIAL = /[:;@=]/g;

/**
 * A header value as HTTPie sends it literally: each `:`, `;`, `@` and `=` escaped with a backslash.
 * HTTPie keeps a backslash before any other character, and reads backslashes in pairs: a value
 * with an odd run of them just before one of those characters cannot be written (undefined).
 */
export function httpieValue(value: string): string | undefined {
  if (/(?<!\\)(?:\\\\)*\\[:;@=]/.test(value)) return undefined;
  return value.replace(HTTPIE_SPECIAL, (c) => `\\${c}`);
}
