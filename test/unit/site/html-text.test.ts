// Page text in Latin-1: every character beyond it becomes a character reference that a browser
// reads back as the same character, markup is escaped, and scripts are left as they are.
import { describe, expect, it } from 'vitest';
import { latin1Html, metaHtml, textHtml } from '../../../site/src/lib/html-text.ts';

/** What a browser's HTML parser makes of the references this module writes. */
const decode = (html: string) =>
  html
    .replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)))
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

const latin1Only = (text: string) => !/[\u0100-\uffff]/.test(text);

describe('textHtml', () => {
  it.each(['201 — Created', 'a … b', '≤ 100', 'fun size 🍫', 'é à ü ß', '<script>alert(1)</script> & "quoted"', '中文', ''])('%s', (text) => {
    const html = textHtml(text);
    expect(latin1Only(html)).toBe(true);
    expect(html).not.toMatch(/[<>"']/);
    expect(decode(html)).toBe(text);
  });

  it('writes an emoji as one reference to its code point', () => {
    expect(textHtml('🚒')).toBe('&#128658;');
  });

  it('keeps Latin-1 text as it is, but for markup', () => {
    expect(textHtml('café · 50 %')).toBe('café · 50 %');
  });
});

describe('latin1Html', () => {
  it('writes references for text and attributes, and leaves scripts and styles alone', () => {
    const html = '<p title="x — y">a — b</p><script>const dash = "—";</script><STYLE>p::after{content:"…"}</STYLE><p>…</p>';
    expect(latin1Html(html)).toBe('<p title="x &#8212; y">a &#8212; b</p><script>const dash = "—";</script><STYLE>p::after{content:"…"}</STYLE><p>&#8230;</p>');
  });

  it('leaves every Latin-1 letter alone, s and k among them (case-insensitive Unicode matching would not)', () => {
    const html = '<p class="Sks">Success: SKU kept — as is</p><Script>s="—"</SCRIPT>';
    expect(latin1Html(html)).toBe('<p class="Sks">Success: SKU kept &#8212; as is</p><Script>s="—"</SCRIPT>');
    expect(textHtml("Stock's sKus — ok")).toBe('Stock&#39;s sKus &#8212; ok');
  });

  it('returns Latin-1 HTML unchanged', () => {
    const html = '<a href="/x?a=1&amp;b=2">café</a>';
    expect(latin1Html(html)).toBe(html);
  });
});

describe('metaHtml', () => {
  it('escapes values as Astro does (a quoted value ends only at a quote), writes bare and leaves out attributes, and drops names that are not names', () => {
    expect(metaHtml({ name: 'description', content: 'Pets "and" <more>…', hidden: true, off: false, gone: undefined, 'on"x': 'y' })).toBe(
      '<meta name="description" content="Pets &quot;and&quot; <more>&#8230;" hidden/>',
    );
  });
});
