// Text from a description written into Markdown (llms.txt, the pages' Markdown copies). A
// value lands in a context, and keeps to it: a title, a summary, a tag or parameter name is
// one line whose Markdown characters are escaped, so it can start no heading, list item,
// quote, link or HTML; code goes in a code span or fence longer than any run of backticks in
// it; a link is written only for an http(s) address. A description is Markdown by intent and
// stays Markdown, but its headings sit below the section it is in, its links keep to http(s),
// mailto and relative addresses, and it cannot leave open a block that would swallow what follows.
import { Lexer, Marked, type Token, type Tokens } from 'marked';

/** All whitespace and control characters, line breaks included, as single spaces. */
export function oneLine(text: string): string {
  return text.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}

/**
 * Plain text as one line of Markdown that reads as the text: the characters that start inline
 * structure (code, links, HTML, table cells, bare addresses) escaped. `blockStart` is for text that opens a
 * block's content (after `> ` or `- `), where a heading, quote, list item or fence could begin.
 */
export function inlineText(text: string, blockStart = false): string {
  const escaped = oneLine(text)
    .replace(/[\\`[\]<>|]/g, '\\$&')
    // GFM links bare addresses too: `https://`, `www.` and `name@host.tld` are broken up by an escape that does not show.
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/@(?=[\w-]+\.)/g, '\\@');
  return blockStart ? escaped.replace(/^([#>+\-*=~])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2') : escaped;
}

/** Text as an inline code span, whatever backticks it holds (CommonMark: a longer fence, and a space when it starts or ends with one). */
export function codeSpan(text: string): string {
  const line = oneLine(text);
  const longest = Math.max(0, ...[...line.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(line) ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/** Text as a fenced code block that no line of it can close. */
export function fencedBlock(text: string, lang = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** An http(s) address as a link destination (parentheses and spaces encoded), or undefined for anything else. */
export function linkUrl(url: string | URL): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  return parsed.href.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** A Markdown link, or the text alone when the address is not http(s). */
export function link(text: string, url: string | URL): string {
  const href = linkUrl(url);
  return href ? `[${inlineText(text)}](${href})` : inlineText(text, true);
}

/** A fragment of one line as a GFM table cell: `|` escaped even inside code spans, as GFM requires. */
export function tableCell(markdown: string): string {
  return markdown.replace(/(?<!\\)\|/g, '\\|');
}

// Addresses a description's own links may keep: the portal's HTML sanitizer allows the same.
const SAFE_HREF = /^(https?:|mailto:|(?![a-z][a-z0-9+.-]*:|\/\/))/i;

interface Unsafe {
  raw: string;
  text: string;
}

/** Links, images and reference definitions whose address is not a safe one, with the text to show instead. */
function unsafeLinks(tokens: Token[]): Unsafe[] {
  const found: Unsafe[] = [];
  new Marked().walkTokens(tokens, (token) => {
    if ((token.type === 'link' || token.type === 'image') && !SAFE_HREF.test((token as Tokens.Link).href.trim())) {
      found.push({ raw: token.raw, text: inlineText((token as Tokens.Link).text) });
    } else if (token.type === 'def' && !SAFE_HREF.test((token as Tokens.Def).href.trim())) {
      found.push({ raw: token.raw, text: '' });
    }
  });
  return found;
}

/** Replaces each unsafe link in the source by its text; undefined when one cannot be found as written. */
function withoutUnsafeLinks(source: string, unsafe: Unsafe[]): string | undefined {
  let out = source;
  for (const { raw, text } of unsafe) {
    const at = out.indexOf(raw);
    if (at < 0) return undefined;
    out = out.slice(0, at) + text + out.slice(at + raw.length);
  }
  return out;
}

/** A description in a one-line context (a table cell, a list item): one line, its links kept to safe addresses. */
export function inlineMarkdown(source: string | undefined): string {
  if (!source) return '';
  const line = oneLine(source);
  const safe = withoutUnsafeLinks(line, unsafeLinks(Lexer.lexInline(line)));
  return safe ?? inlineText(line);
}

// A paragraph the description is followed by: if lexing the two together does not end with it, the description left a block open.
const END_MARK = 'portal-description-ends-here';

/**
 * A description as a block of Markdown inside a page: its headings moved below `headingDepth - 1`
 * (its top heading at `headingDepth`), unsafe links reduced to their text. A description that
 * leaves a block open (a fence, an HTML comment) or that cannot be rewritten is shown as text in a fence.
 */
export function blockMarkdown(source: string | undefined, headingDepth: number): string {
  if (!source?.trim()) return '';
  const text = source.replace(/\r\n?/g, '\n').trim();
  const asText = fencedBlock(text, 'text');
  // One pass: the description's tokens, then the mark's paragraph (and the blank line before it).
  const tokens: Token[] = new Lexer().lex(`${text}\n\n${END_MARK}`);
  const last = tokens.pop();
  if (last?.type !== 'paragraph' || last.raw.trim() !== END_MARK) return asText;
  const top = Math.min(7, ...tokens.filter((t) => t.type === 'heading').map((t) => (t as Tokens.Heading).depth));
  const shift = Math.max(0, headingDepth - top);
  const parts: string[] = [];
  for (const token of tokens) {
    let raw = token.raw;
    if (token.type === 'heading' && shift > 0) {
      const heading = token as Tokens.Heading;
      const ending = /\n*$/.exec(raw)?.[0] ?? '';
      raw = `${'#'.repeat(Math.min(6, heading.depth + shift))} ${oneLine(heading.text)}${ending}`;
    }
    const safe = withoutUnsafeLinks(raw, unsafeLinks([token]));
    if (safe === undefined) return asText;
    parts.push(safe);
  }
  return parts.join('').trim();
}
