// A description's Markdown as the portal shows it: headings placed under the page's own, with ids
// of our making only; links, images and markup kept to the allowlist; tables that scroll on a
// phone, named for their columns; and the plain-text blurbs of meta descriptions and indexes.
import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown, sanitize, summaryText } from '../../../site/src/lib/markdown.ts';

describe('renderMarkdown', () => {
  it('renders nothing for no description', () => {
    expect(renderMarkdown(undefined)).toEqual({ html: '', headings: [] });
    expect(renderMarkdown('')).toEqual({ html: '', headings: [] });
  });

  it('puts the top heading at the level asked for, the rest below it, never above h2 nor below h6', () => {
    const { html } = renderMarkdown('# Intro\n\ntext\n\n## Details\n\n###### Deep', { headingLevel: 2 });
    expect(html).toContain('<h2 id="md-intro">Intro</h2>');
    expect(html).toContain('<h3 id="md-details">Details</h3>');
    expect(html).toContain('<h6 id="md-deep">Deep</h6>');
    expect(renderMarkdown('## Only', { headingLevel: 4 }).html).toContain('<h4 id="md-only">Only</h4>');
  });

  it('collects the top headings for the table of contents, each id once', () => {
    const { headings } = renderMarkdown('## Usage\n\n### Sub\n\n## Usage\n\n## *Rate* limits!\n\n## ???', { headingLevel: 2, collectHeadings: true });
    expect(headings).toEqual([
      { depth: 2, slug: 'md-usage', text: 'Usage' },
      { depth: 2, slug: 'md-usage-2', text: 'Usage' },
      { depth: 2, slug: 'md-rate-limits', text: 'Rate limits!' },
      { depth: 2, slug: 'md-section', text: '???' },
    ]);
    expect(renderMarkdown('## Usage', { headingLevel: 2 }).headings).toEqual([]);
  });

  it('drops scripts, handlers, unsafe link schemes and ids a description wrote', () => {
    const { html } = renderMarkdown(
      '<script>alert(1)</script><h1 id="main" onclick="x()">Title</h1>\n\n[run](javascript:alert(1)) <img src="data:image/png;base64,AA" onerror="x()"> <iframe src="https://evil.example"></iframe>',
    );
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe|data:|id="main"/);
    expect(html).toContain('<h2>Title</h2>');
    expect(html).toContain('<a>run</a>');
  });

  it('marks external links noopener and keeps site links as written', () => {
    const { html } = renderMarkdown(
      '[out](https://example.com "Example") [in](/pets/) <a href="//cdn.example" rel="opener">cdn</a> [mail](mailto:a@example.com)',
    );
    expect(html).toContain('<a href="https://example.com" title="Example" rel="noopener noreferrer">out</a>');
    expect(html).toContain('<a href="/pets/">in</a>');
    expect(html).not.toContain('//cdn.example');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
  });

  it('makes a code block reachable by keyboard, its language class kept and others dropped', () => {
    const { html } = renderMarkdown('```json\n{"a": 1}\n```\n\n<code class="evil language-x">y</code>');
    expect(html).toContain('<pre tabindex="0"><code class="language-json">');
    expect(html).toContain('<code class="language-x">y</code>');
  });

  it('wraps a table in a focusable region named for its columns', () => {
    const { html } = renderMarkdown('| Name | *Type* |\n|---|---|\n| id | integer |\n\n<table><tr><td>x</td></tr></table>');
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Table: Name, Type"><table>');
    expect(html).toContain('<div class="table-scroll" tabindex="0" role="region" aria-label="Table"><table><tr><td>x</td></tr></table></div>');
  });

  it('escapes a column name that holds markup in the region name', () => {
    const { html } = renderMarkdown('| a &lt;b&gt; "c" |\n|---|\n| 1 |');
    expect(html).toContain('aria-label="Table: a &lt;b&gt; &quot;c&quot;"');
  });

  it('gives the same text the same HTML when asked again', () => {
    const source = '## Again\n\nsame';
    expect(renderMarkdown(source, { collectHeadings: true })).toEqual(renderMarkdown(source, { collectHeadings: true }));
  });
});

describe('sanitize', () => {
  it('keeps the allowlist, and of other tags their text only', () => {
    expect(sanitize('<p><kbd>Ctrl</kbd> <abbr title="Application">API</abbr> <span style="color:red">x</span></p><form><button>go</button></form>')).toBe(
      '<p><kbd>Ctrl</kbd> <abbr title="Application">API</abbr> <span>x</span></p>go',
    );
  });
});

describe('markdownToText', () => {
  it('reads the first paragraph only, as plain text with entities decoded', () => {
    expect(markdownToText('Returns **all** pets &amp; their `tags` &lt;3 &#x41;&#66;.\n\nSecond paragraph.')).toBe('Returns all pets & their tags <3 AB.');
    expect(markdownToText(undefined)).toBe('');
  });

  it('cuts at a word boundary with an ellipsis, and a single long word where it must', () => {
    expect(markdownToText('The quick brown fox jumps over the lazy dog', 20)).toBe('The quick brown...');
    expect(markdownToText('one, two, three, four', 17)).toBe('one, two...');
    expect(markdownToText(`see https://example.com/${'a'.repeat(40)}`, 20)).toBe('see https://examp...');
  });
});

describe('summaryText', () => {
  it('takes the first sentence when it fits', () => {
    expect(summaryText('Lists pets. Filter them by tag.')).toBe('Lists pets.');
    expect(summaryText('Version 1.2 of the API. More.')).toBe('Version 1.2 of the API.');
  });

  it('takes the opening words when the first sentence is too long', () => {
    expect(summaryText('Lists every pet in the store with its tags and owner. Then more.', 30)).toBe('Lists every pet in the...');
  });
});
