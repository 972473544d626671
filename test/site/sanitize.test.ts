// Text from a description never becomes markup that runs: a fixture whose every kind of text
// carries script tags, event-handler attributes and javascript: links is built with
// `npm run build`, then read as files and opened in Chromium.
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../scripts/infra/serve-static.ts';
import { ROOT } from '../helpers/paths.ts';
import { listFiles, mainOf, read, removeTempDirs, serveBuiltSite, type ServedSite } from './helpers.ts';

const SPEC = join(ROOT, 'test/site/fixtures/hostile.yaml');

let site: ServedSite;
let out: string;
let pages: string[];
let server: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = await serveBuiltSite('hostile', SPEC);
  ({ out, server, browser } = site);
  pages = listFiles(out).filter((f) => f.endsWith('.html'));
});

afterAll(async () => {
  await site?.close();
  removeTempDirs();
});

describe('a description full of markup', () => {
  it('builds the pages that carry it', () => {
    for (const page of ['index.html', 'tags/things/index.html', 'operations/get-thing/index.html', 'schemas/thing/index.html']) expect(pages).toContain(page);
  });

  it('shows the markup as text where it is text', () => {
    expect(mainOf(read(out, 'index.html'))).toContain('&lt;script&gt;window.__pwned = &#39;title&#39;&lt;/script&gt;');
    const operation = read(out, 'operations/get-thing/index.html');
    expect(operation).toContain('<title>Get a thing &lt;/title&gt;&lt;script&gt;');
    // The API's title, the site's own in the header, the page titles and og:site_name, stays text everywhere.
    const apiTitle = 'Hostile &lt;script&gt;window.__pwned = &#39;title&#39;&lt;/script&gt; API';
    expect(operation).toMatch(new RegExp(`<title>Get a thing [^<]* \\| ${apiTitle}</title>`));
    // Inside a quoted attribute only the quote needs escaping: `<` there is text.
    expect(operation).toContain(`<meta property="og:site_name" content="Hostile <script>window.__pwned = 'title'</script> API">`);
    expect(mainOf(operation)).toContain('&lt;/script&gt;&lt;script&gt;window.__pwned = &#39;example-value&#39;&lt;/script&gt;');
    // The code samples leave out a header they cannot send, and say so in text.
    expect(mainOf(operation)).toMatch(
      /data-sample-omitted[^>]*>Left out of the samples: &quot;X-&lt;script&gt;window.__pwned=&#39;header-name&#39;&lt;\/script&gt;&quot; is not a valid header name/,
    );
  });

  it("reads a summary and a title holding markup as their text: the page's heading, its title and the site's in the header", async () => {
    const summary = "Get a thing </title><script>window.__pwned = 'summary'</script>";
    const page = await browser.newPage();
    await page.goto(`${server.url}/operations/get-thing/`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(summary);
    const apiTitle = "Hostile <script>window.__pwned = 'title'</script> API";
    expect(await page.title()).toBe(`${summary} | ${apiTitle}`);
    // The site's own title in the header, a link home.
    expect(await page.getByRole('banner').getByRole('link', { name: apiTitle, exact: true }).getAttribute('href')).toBe('/');
    await page.close();
  });

  it('leaves no script, event handler, javascript: or data: link, frame or style from it in any page', async () => {
    const page = await browser.newPage();
    for (const file of pages) {
      await page.goto(`${server.url}/${file}`, { waitUntil: 'load' });
      const found = await page.evaluate(() => ({
        // A JSON data island (the try-it panel's) holds names as data, `<` escaped: it never runs.
        scripts: [...document.scripts].filter((s) => s.type !== 'application/json' && s.textContent?.includes('__pwned')).length,
        islands: [...document.querySelectorAll('script[type="application/json"]')].filter((s) => s.innerHTML.includes('<')).length,
        handlers: [...document.querySelectorAll('*')].flatMap((el) =>
          [...el.attributes].filter((a) => /^on/i.test(a.name)).map((a) => `${el.tagName} ${a.name}`),
        ),
        links: [...document.querySelectorAll('[href], [src], [action]')]
          .map((el) => el.getAttribute('href') ?? el.getAttribute('src') ?? el.getAttribute('action') ?? '')
          .filter((url) => /^\s*(javascript|data|vbscript):/i.test(url)),
        embedded: document.querySelectorAll('iframe, object, embed, form[action^="https://example.com"]').length,
        styles: [...document.querySelectorAll('body style')].filter((s) => s.textContent?.includes('display: none')).length,
      }));
      expect(found, file).toEqual({ scripts: 0, islands: 0, handlers: [], links: [], embedded: 0, styles: 0 });
    }
    await page.close();
  });

  it('keeps safe Markdown: links with rel="noopener noreferrer", headings, emphasis', () => {
    const home = mainOf(read(out, 'index.html'));
    expect(home).toContain('<a href="https://example.com/docs" rel="noopener noreferrer">A safe link</a>');
    expect(home).toMatch(/<h2 id="md-a-heading">A heading <\/h2>/);
    expect(mainOf(read(out, 'tags/things/index.html'))).toContain('<b>bold</b>');
  });

  it('runs nothing from the description in the browser', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const path of ['/', '/tags/things/', '/operations/get-thing/', '/schemas/thing/']) {
      await page.goto(server.url + path, { waitUntil: 'load' });
      // Give handlers that fire late (onload, ontoggle) their chance.
      await page.waitForTimeout(200);
      for (const link of await page.locator('main a').all()) {
        const href = await link.getAttribute('href');
        expect(href ?? '', path).not.toMatch(/^\s*(javascript|data):/i);
      }
      expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned), path).toBeUndefined();
    }
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
