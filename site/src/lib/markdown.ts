// The one way text from a description becomes HTML: Markdown through marked, then
// sanitize-html with a strict allowlist. Everything else from a document is rendered
// as text (Astro escapes expressions), so this module is the only `set:html` source.
import { Marked, type Tokens } from 'marked';
import sanitizeHtml from 'sanitize-html';

export interface MarkdownHeading {
  depth: number;
  slug: string;
  text: string;
}

export interface RenderedMarkdown {
  html: string;
  headings: MarkdownHeading[];
}

const HEADING_ID_PREFIX = 'md-';

/** Headings keep an id only when it is one this module generated (ids from a document could clobber globals). */
function heading(level: number): sanitizeHtml.Transformer {
  return (_tagName, attribs) => ({
    tagName: `h${Math.max(2, level)}`,
    attribs: attribs.id?.startsWith(HEADING_ID_PREFIX) ? { id: attribs.id } : ({} as Record<string, string>),
  });
}

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'blockquote',
    'pre',
    'code',
    'kbd',
    'samp',
    'strong',
    'b',
    'em',
    'i',
    'del',
    's',
    'sub',
    'sup',
    'a',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
    'abbr',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
    code: ['class'],
    abbr: ['title'],
    pre: ['tabindex'],
    h2: ['id'],
    h3: ['id'],
    h4: ['id'],
    h5: ['id'],
    h6: ['id'],
  },
  allowedClasses: { code: [/^language-[\w-]+$/] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // An h1 in a description would compete with the page title.
    h1: heading(2),
    h2: heading(2),
    h3: heading(3),
    h4: heading(4),
    h5: heading(5),
    h6: heading(6),
    // A code block scrolls sideways inside its box; a scrolling region must be reachable by keyboard.
    pre: () => ({ tagName: 'pre', attribs: { tabindex: '0' } }),
    a: (tagName, attribs) => {
      const { rel: _ignored, ...rest } = attribs;
      const external = /^(https?:)?\/\//i.test(rest.href ?? '');
      return { tagName, attribs: external ? { ...rest, rel: 'noopener noreferrer' } : rest };
    },
  },
};

/** Sanitizes an HTML fragment with the portal's allowlist. */
export function sanitize(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

/**
 * A table from a description can be wider than a phone: it scrolls inside a box of its own,
 * which is focusable (so it scrolls by keyboard) and named after its column headings. Done on
 * sanitized HTML, where every `<table>` is a tag the allowlist let through without attributes.
 */
function wrapTables(html: string): string {
  if (!html.includes('<table>')) return html;
  return html.replace(/<table>([\s\S]*?)<\/table>/g, (table, inner: string) => {
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(inner)?.[1] ?? '';
    const columns = [...head.matchAll(/<th[^>]*>([\s\S]*?)<\/th>/g)].map((m) => htmlToText(m[1] ?? '').trim()).filter(Boolean);
    const label = escapeAttribute(columns.length > 0 ? `Table: ${columns.join(', ')}` : 'Table');
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${label}">${table}</div>`;
  });
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
}

function htmlToText(html: string): string {
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }));
}

interface HeadingState {
  headings: MarkdownHeading[];
  used: Set<string>;
  /** The shallowest heading depth in the source, mapped to `level`. */
  top: number;
  level: number;
  collect: boolean;
}

// Rendering is synchronous, so one parser with per-call state is safe and spares a parser per call.
let headingState: HeadingState | undefined;
const blockMarked = new Marked({ gfm: true, breaks: false, async: false }).use({
  renderer: {
    heading(token: Tokens.Heading) {
      const state = headingState ?? { headings: [], used: new Set<string>(), top: 1, level: 3, collect: false };
      const depth = Math.min(6, Math.max(2, token.depth - state.top + state.level));
      const inner = this.parser.parseInline(token.tokens);
      const text = htmlToText(inner).trim();
      const base = HEADING_ID_PREFIX + (slugify(text) || 'section');
      let id = base;
      for (let n = 2; state.used.has(id); n++) id = `${base}-${n}`;
      state.used.add(id);
      if (state.collect && depth === state.level) state.headings.push({ depth, slug: id, text });
      return `<h${depth} id="${id}">${inner}</h${depth}>\n`;
    },
  },
});
const inlineMarked = new Marked({ gfm: true, async: false });

/** Descriptions repeat a lot in large APIs (the same parameter on hundreds of operations). */
const blockCache = new Map<string, RenderedMarkdown>();
const CACHE_LIMIT = 20_000;

function remember<T>(cache: Map<string, T>, key: string, value: T): T {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/**
 * Block Markdown to sanitized HTML. `headingLevel` is where the text's top heading lands
 * (2 on a page of its own, deeper inside a section); `collectHeadings` returns the
 * headings at that top level with ids, for the page's table of contents.
 */
export function renderMarkdown(source: string | undefined, options: { headingLevel?: number; collectHeadings?: boolean } = {}): RenderedMarkdown {
  if (!source) return { html: '', headings: [] };
  const headingLevel = options.headingLevel ?? 3;
  const key = `${headingLevel}|${options.collectHeadings ? 1 : 0}|${source}`;
  const cached = blockCache.get(key);
  if (cached) return cached;

  const state: HeadingState = { headings: [], used: new Set(), top: 6, level: headingLevel, collect: options.collectHeadings === true };
  const tokens = blockMarked.lexer(source);
  for (const token of tokens) if (token.type === 'heading') state.top = Math.min(state.top, (token as Tokens.Heading).depth);
  headingState = state;
  try {
    const html = wrapTables(sanitize(blockMarked.parser(tokens)));
    return remember(blockCache, key, { html, headings: state.headings });
  } finally {
    headingState = undefined;
  }
}

const textCache = new Map<string, string>();

/** The first paragraph of some Markdown as plain text, for meta descriptions and short blurbs. */
export function markdownToText(source: string | undefined, maxLength = 160): string {
  if (!source) return '';
  const key = `${maxLength}|${source}`;
  const cached = textCache.get(key);
  if (cached !== undefined) return cached;
  // Only the opening paragraph is read: a description can run to pages.
  const first = (source.trim().split(/\n\s*\n/, 1)[0] ?? '').slice(0, maxLength * 4);
  const text = htmlToText(inlineMarked.parse(first) as string)
    .replace(/\s+/g, ' ')
    .trim();
  return remember(textCache, key, clip(text, maxLength));
}

/** Text cut to a length at a word boundary (a word is never cut in half), with three dots when cut. */
function clip(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const head = text.slice(0, maxLength - 2);
  const space = head.lastIndexOf(' ');
  // One very long word (a URL) is the exception: cut it rather than show nothing.
  const cut = space > maxLength / 2 ? head.slice(0, space) : head.slice(0, maxLength - 3);
  return `${cut.replace(/[\s,;:(\-–—]+$/, '')}...`;
}

/** A one-line blurb for an index: the first sentence when it fits, else the opening words. */
export function summaryText(source: string | undefined, maxLength = 160): string {
  const text = markdownToText(source, maxLength * 2);
  const sentence = /^.+?[.!?](?=\s|$)/.exec(text)?.[0];
  return sentence && sentence.length <= maxLength ? sentence : clip(text.replace(/\.\.\.$/, ''), maxLength);
}

// The text goes back through Astro's escaping, so entities sanitize-html produced are turned back into characters.
function decodeEntities(text: string): string {
  return text
    .replace(/&(lt|gt|quot|apos|nbsp);|&#(x?[0-9a-f]+);/gi, (match, name: string | undefined, code: string | undefined) => {
      if (name) return ({ lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' } as Record<string, string>)[name.toLowerCase()] ?? match;
      const n = code!.startsWith('x') || code!.startsWith('X') ? parseInt(code!.slice(1), 16) : parseInt(code!, 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : match;
    })
    .replace(/&amp;/g, '&');
}
