// Values written into Markdown keep to the place they land: read back by a Markdown parser
// (marked, the one the portal renders with), they add no heading, link, list item or block.
import { Lexer, Marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { blockMarkdown, codeSpan, fencedBlock, inlineMarkdown, inlineText, link, linkUrl, tableCell } from '../../../scripts/reference/markdown-text.ts';

/** A token read back from Markdown, any of its fields looked at by name. */
type Tok = Record<string, any>;

const lex = (markdown: string): Tok[] => new Lexer().lex(markdown);

const HOSTILE = [
  'Line one\n# Heading\n- item\n> quote\n1. ordered\n```\nfence',
  '[link](javascript:alert(1)) ![img](data:x) <https://evil.example> <b>html</b>',
  'a | b | c\n|---|---|',
  '`code` ``more`` \\ back\\slash',
  '- starts like an item',
  '# starts like a heading',
  '> starts like a quote',
  '2) starts like an ordered item',
  '===',
  'see https://evil.example/x, www.evil.example and mail@evil.example',
];

/** Every token of a Markdown text, nested ones included. */
function tokens(markdown: string): Tok[] {
  const all: Tok[] = [];
  new Marked().walkTokens(new Lexer().lex(markdown), (token) => void all.push(token));
  return all;
}

const types = (markdown: string) => new Set(tokens(markdown).map((t) => t.type));

/** What a reader sees of some inline tokens: the text, escapes resolved. */
function shown(list: Tok[]): string {
  return list.map((t) => ('tokens' in t && t.tokens ? shown(t.tokens) : 'text' in t ? String(t.text) : '')).join('');
}

describe('one-line values', () => {
  it('read back as one paragraph of the same text, with no structure, at the start of a block too', () => {
    for (const value of HOSTILE) {
      for (const markdown of [inlineText(value, true), `Title: ${inlineText(value)}`]) {
        const top = lex(markdown);
        expect(top.map((t) => t.type)).toEqual(['paragraph']);
        expect([...types(markdown)].filter((t) => !['paragraph', 'text', 'escape', 'em', 'strong', 'del'].includes(t))).toEqual([]);
      }
      expect(shown(lex(inlineText(value, true)))).toBe(value.replace(/\s+/g, ' ').trim());
    }
  });

  it('stay inside their heading, list item or quote', () => {
    for (const value of HOSTILE) {
      const headings = lex(`# ${inlineText(value)}\n\ntext`).filter((t) => t.type === 'heading');
      expect(headings).toHaveLength(1);
      const list = lex(`- ${inlineText(value, true)}\n- second`);
      expect(list.map((t) => t.type)).toEqual(['list']);
      expect((list[0] as { items: unknown[] }).items).toHaveLength(2);
      expect([...types(`> ${inlineText(value, true)}`)].filter((t) => ['heading', 'list', 'code', 'html', 'link'].includes(t))).toEqual([]);
    }
  });

  it('leave ordinary text as it is', () => {
    expect(inlineText("Get a pet's stock count (legacy path)")).toBe("Get a pet's stock count (legacy path)");
    expect(inlineText('1.0.0')).toBe('1.0.0');
    expect(inlineText('1. first', true)).toBe('1\\. first');
  });
});

describe('code, links and cells', () => {
  it('puts any text in one code span that shows it whole', () => {
    for (const value of ['GET /pets/{id}', 'a`b', '``x``', '`start', 'end`', ' spaced ']) {
      const span = tokens(`x ${codeSpan(value)} y`).filter((t) => t.type === 'codespan');
      expect(span).toHaveLength(1);
      // One line, trimmed: the span shows the value as the page's one-line fields do.
      expect(span[0]?.text).toBe(value.replace(/\s+/g, ' ').trim());
    }
    expect(codeSpan('GET /pets/{petId}')).toBe('`GET /pets/{petId}`');
  });

  it('fences a block no line of it can close', () => {
    const text = '```\n# not a heading\n````\nstill code';
    const top = lex(`${fencedBlock(text, 'json')}\n\nafter`);
    expect(top.map((t) => t.type)).toEqual(['code', 'space', 'paragraph']);
    expect(top[0]?.text).toBe(text);
  });

  it('links only http(s) addresses, with parentheses encoded', () => {
    expect(link('Get (a) pet', 'https://docs.example/operations/x.md')).toBe('[Get (a) pet](https://docs.example/operations/x.md)');
    expect(linkUrl('https://docs.example/a (b)')).toBe('https://docs.example/a%20%28b%29');
    for (const url of ['javascript:alert(1)', 'data:text/html,x', 'vbscript:x', 'file:///etc/passwd', 'not a url']) {
      expect(linkUrl(url)).toBeUndefined();
      expect(types(link('[x](javascript:y)', url)).has('link')).toBe(false);
    }
    const [only] = tokens(link('a](https://evil.example) [b', 'https://docs.example/x')).filter((t) => t.type === 'link');
    expect(only?.href).toBe('https://docs.example/x');
  });

  it('keeps a table cell one cell', () => {
    const row = `| ${tableCell(codeSpan('a|b'))} | ${tableCell(inlineText('c | d'))} |`;
    const table = lex(`| A | B |\n|---|---|\n${row}`);
    expect(table.map((t) => t.type)).toEqual(['table']);
    expect((table[0] as unknown as { rows: unknown[][] }).rows[0]).toHaveLength(2);
  });
});

describe('descriptions', () => {
  it('keep their Markdown and safe links, lose unsafe ones to their text', () => {
    const out = inlineMarkdown('See *this* [docs](https://example.com/d) and [bad](javascript:alert(1)) and <javascript:x>\n# not a heading');
    const links = tokens(out).filter((t) => t.type === 'link');
    expect(links.map((l) => l.href)).toEqual(['https://example.com/d']);
    expect(out).toContain('*this*');
    expect(out).toContain('bad');
    expect(lex(out).map((t) => t.type)).toEqual(['paragraph']);
  });

  it('as a block: headings below the section, unsafe links, images and definitions gone, safe ones kept', () => {
    const out = blockMarkdown(
      '# Top\n\nText [ok](https://example.com) [bad](javascript:x) ![img](data:x) [ref][r] [rel](/docs) [mail](mailto:a@b.c)\n\n## Sub\n\n[r]: javascript:y',
      3,
    );
    const all = tokens(out);
    expect(all.filter((t) => t.type === 'heading').map((t) => [t.depth, t.text])).toEqual([
      [3, 'Top'],
      [4, 'Sub'],
    ]);
    expect(all.filter((t) => t.type === 'link').map((t) => t.href)).toEqual(['https://example.com', '/docs', 'mailto:a@b.c']);
    expect(all.filter((t) => t.type === 'image' || t.type === 'def')).toEqual([]);
    expect(out).not.toContain('javascript:');
  });

  it('as a block: one that leaves a fence or an HTML comment open is shown as text, and what follows stays outside', () => {
    for (const open of ['Intro\n\n```\n## inside', '<!-- never closed\n\n## inside', '<script>\nx']) {
      const page = `${blockMarkdown(open, 3)}\n\n## After`;
      const top = lex(page);
      expect(top[0]?.type).toBe('code');
      expect(top[0]?.text).toBe(open);
      expect(top.filter((t) => t.type === 'heading').map((t) => t.text)).toEqual(['After']);
    }
  });

  it('as a block: leaves an ordinary description as written', () => {
    const text = 'Returns the pet.\n\n- one\n- two\n\n### Notes\n\nSee [the guide](https://example.com/guide).';
    expect(blockMarkdown(text, 3)).toBe(text);
  });
});
