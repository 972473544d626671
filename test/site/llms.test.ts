// llms.txt and the Markdown copies of the pages, built by `npm run build` from a description
// whose title, summary, version, tag, summaries, names and descriptions try to add headings,
// links, list items and open blocks. Read back with a Markdown parser (marked), the files keep
// the structure the portal gives them, and every value shows as the text it is.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Lexer, Marked } from 'marked';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { ROOT } from '../helpers/paths.ts';
import { buildSite, read, removeTempDirs, tempDir } from './helpers.ts';

/** A token read back from Markdown, any of its fields looked at by name. */
type Tok = Record<string, any>;

const lex = (markdown: string): Tok[] => new Lexer().lex(markdown);

const SPEC = join(ROOT, 'test/site/fixtures/hostile-markdown.yaml');
const SITE = 'https://docs.example/';

let out: string;
let doc: Record<string, any>;

beforeAll(async () => {
  out = join(tempDir('llms'), 'site');
  await buildSite(SPEC, out, ['--site', SITE]);
  doc = parseYaml(readFileSync(SPEC, 'utf8'));
});

afterAll(() => removeTempDirs());

/** Every token of a Markdown file, nested ones included. */
function tokens(markdown: string): Tok[] {
  const all: Tok[] = [];
  new Marked().walkTokens(new Lexer().lex(markdown), (token) => void all.push(token));
  return all;
}

/** What a reader sees of some tokens: their text, escapes resolved. */
function shown(list: Tok[] | undefined): string {
  return (list ?? []).map((t) => ('tokens' in t && t.tokens ? shown(t.tokens) : 'text' in t ? String(t.text) : '')).join('');
}

const line = (text: string) => text.replace(/\s+/g, ' ').trim();
const headings = (all: Tok[]) => all.filter((t) => t.type === 'heading').map((t) => [t.depth, shown(t.tokens)]);
const links = (all: Tok[]) => all.filter((t) => t.type === 'link' || t.type === 'image').map((t) => t.href);

describe('llms.txt of a description that tries to add structure', () => {
  it('has the title and the tag as its only headings, each one line of its text', () => {
    const all = tokens(read(out, 'llms.txt'));
    expect(headings(all)).toEqual([
      [1, line(doc.info.title)],
      [2, line(doc.tags[0].name)],
    ]);
  });

  it('quotes the summary as one line, with no link, heading or list in it', () => {
    const top = lex(read(out, 'llms.txt'));
    const quotes = top.filter((t) => t.type === 'blockquote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]?.tokens?.map((t: Tok) => t.type)).toEqual(['paragraph']);
    expect(shown(quotes[0]?.tokens)).toBe(line(doc.info.summary));
  });

  it('lists one item per operation, each linking its Markdown page under the site, labelled by its summary', () => {
    const all = tokens(read(out, 'llms.txt'));
    const items = all.filter((t) => t.type === 'list_item');
    expect(items).toHaveLength(2);
    // The published description and the home page are the portal's own addresses, written bare.
    expect(links(all)).toEqual([`${SITE}openapi.yaml`, SITE, `${SITE}llms-full.txt`, `${SITE}operations/list-things.md`, `${SITE}operations/add-note.md`]);
    const label = all.find((t) => t.type === 'link' && t.href.endsWith('list-things.md'))!;
    expect(shown(label.tokens)).toBe(line(doc.paths['/things'].get.summary));
  });
});

describe('Markdown copy of an operation', () => {
  it('keeps its own headings, the description’s below them, and no heading from a name or summary', () => {
    const all = tokens(read(out, 'operations/list-things.md'));
    expect(headings(all)).toEqual([
      [1, line(doc.paths['/things'].get.summary)],
      [3, 'A heading of the description'],
      [2, 'Authorization'],
      [2, 'Parameters'],
      [2, 'Responses'],
    ]);
  });

  it('keeps the description’s safe link and shows the others as their text', () => {
    const text = read(out, 'operations/list-things.md');
    expect(links(tokens(text))).toEqual(['https://example.com/docs', `${SITE}operations/list-things/`]);
    expect(text).not.toMatch(/\]\((javascript|vbscript|data):|<javascript:|\]: *javascript:/i);
    for (const words of ['a script link', 'an image', 'a reference link', 'param link', 'response link']) expect(text).toContain(words);
  });

  it('has one table row per parameter, five cells each, the name whole in its code span', () => {
    const all = tokens(read(out, 'operations/list-things.md'));
    const tables = all.filter((t) => t.type === 'table') as unknown as { rows: { text: string; tokens: Tok[] }[][] }[];
    expect(tables).toHaveLength(1);
    expect(tables[0]?.rows).toHaveLength(1);
    expect(tables[0]?.rows[0]).toHaveLength(5);
    const name = tables[0]?.rows[0]?.[0]?.tokens.find((t) => t.type === 'codespan');
    expect(name?.text).toBe(line(doc.paths['/things'].get.parameters[0].name));
  });

  it('has one list item per response and per media type, names in code spans', () => {
    const text = read(out, 'operations/list-things.md');
    const items = tokens(text).filter((t) => t.type === 'list_item');
    expect(items).toHaveLength(1);
    const spans = tokens(text)
      .filter((t) => t.type === 'codespan')
      .map((t) => t.text);
    expect(spans).toContain(line('application/json\n# Injected media heading'));
    expect(spans).toContain(line('X-Odd`\n# h'));
  });

  it('shows a description that leaves a fence or an HTML comment open as text, and an example with fences whole', () => {
    const text = read(out, 'operations/add-note.md');
    const top = lex(text);
    expect(headings(tokens(text))).toEqual([
      [1, 'Add a note'],
      [2, 'Authorization'],
      [2, 'Request body'],
      [2, 'Responses'],
    ]);
    const code = top.filter((t) => t.type === 'code').map((t) => t.text);
    expect(code).toEqual([
      doc.paths['/notes'].post.description,
      doc.paths['/notes'].post.requestBody.description,
      doc.paths['/notes'].post.requestBody.content['text/plain'].example,
    ]);
    expect(text.trimEnd().endsWith(`HTML page: ${SITE}operations/add-note/`)).toBe(true);
  });
});

describe('llms-full.txt of a description that tries to add structure', () => {
  it('has the portal’s headings only, by tag, operation and schema, the descriptions’ own below their sections', () => {
    const all = tokens(read(out, 'llms-full.txt'));
    expect(headings(all)).toEqual([
      [1, line(doc.info.title)],
      [2, 'Servers'],
      [2, line(doc.tags[0].name)],
      [3, line(doc.paths['/things'].get.summary)],
      [5, 'A heading of the description'],
      [4, 'Authorization'],
      [4, 'Parameters'],
      [4, 'Responses'],
      [3, 'Add a note'],
      [4, 'Authorization'],
      [4, 'Request body'],
      [4, 'Responses'],
      [2, 'Schemas'],
      [3, 'Thing'],
      [5, 'Injected schema heading'],
      [4, 'Fields'],
      [4, 'Example'],
    ]);
  });

  it('links only to safe addresses, and keeps every name whole in its code span', () => {
    const text = read(out, 'llms-full.txt');
    const all = tokens(text);
    expect(links(all)).toEqual(['https://example.com/docs', `${SITE}operations/list-things/`, `${SITE}operations/add-note/`, `${SITE}schemas/thing/`]);
    // The summary's `[click me](javascript:…)` stays, escaped, as text.
    expect(text).not.toMatch(/(?<!\\)\]\((javascript|vbscript|data):|(?<!\\)<javascript:|\]: *javascript:/i);
    const spans = all.filter((t) => t.type === 'codespan').map((t) => t.text);
    expect(spans).toContain(line(doc.paths['/things'].get.parameters[0].name));
    expect(spans).toContain(line(Object.keys(doc.components.schemas.Thing.properties)[0] ?? ''));
  });

  it('holds each operation’s Markdown twin two levels deeper, response examples included', () => {
    const twin = read(out, 'operations/list-things.md');
    expect(read(out, 'llms-full.txt')).toContain(twin.replace(/^(#+) /gm, '##$1 '));
    const responses = lex(twin).find((t) => t.type === 'list');
    expect(responses?.items[0].tokens.some((t: Tok) => t.type === 'code' && t.lang === 'json')).toBe(true);
  });
});
