// The portal built from our description (`npm run build`), read as files and used in Chromium:
// one page per operation, the marks a reader relies on (deprecation, stability, navigation),
// downloads, sitemap, llms.txt, accessibility, keyboard use and search. Plus: a broken
// description fails the build and leaves the previous output exactly as it was.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { StaticServer } from '../../scripts/infra/serve-static.ts';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { METHODS } from '../helpers/documents.ts';
import { ROOT } from '../helpers/paths.ts';
import { exists, fingerprint, mainOf, read, removeTempDirs, runSiteScript, serveBuiltSite, sidebarOf, tempDir, type ServedSite } from './helpers.ts';
import { DESKTOP, expectTightFirstScreen, firstScreen, layoutShift, PHONE, visibleText, watchLayoutShift } from './reference-helpers.ts';
import { openSearch, resultPaths, typeQuery } from './search-results.ts';

const SPEC = join(ROOT, 'openapi/openapi.yaml');
const SITE = 'https://docs.petstore.example/';

interface RawOperation {
  method: string;
  path: string;
  op: Record<string, any>;
}

let site: ServedSite;
let out: string;
let raw: Record<string, any>;
let operations: RawOperation[];
let server: StaticServer;
let browser: Browser;

/** Page of an operation: its operationId in kebab-case, worked out here rather than by the model code, so the built pages are checked against the rule. */
function pageOf(operationId: string): string {
  const slug = operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
  return `operations/${slug}/index.html`;
}

beforeAll(async () => {
  site = await serveBuiltSite('petstore', SPEC, ['--site', SITE]);
  ({ out, server, browser } = site);
  // The published description is the reference for what the pages must show.
  raw = JSON.parse(read(out, 'openapi.json'));
  operations = Object.entries(raw.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((method) => ({ method, path, op: item[method] })),
  );
});

afterAll(async () => {
  await site?.close();
  removeTempDirs();
});

describe('pages from our description', () => {
  it('has one page per operation, titled by its summary', () => {
    expect(operations.length).toBeGreaterThan(10);
    const built = operations.filter(({ op }) => exists(out, pageOf(op.operationId)));
    expect(built).toHaveLength(operations.length);
    for (const { op, method, path } of operations) {
      const html = read(out, pageOf(op.operationId));
      expect(html).toMatch(new RegExp(`<h1 id="_top"[^>]*>${op.summary.replace(/'/g, '&#39;').replace(/[()]/g, '\\$&')}</h1>`));
      expect(mainOf(html)).toContain(`>${method.toUpperCase()}</span>`);
      expect(mainOf(html)).toContain(path.replace(/'/g, '&#39;'));
    }
  });

  it("shows the deprecated operation's notice, sunset date and replacement", () => {
    const deprecated = operations.filter(({ op }) => op.deprecated);
    expect(deprecated.length).toBeGreaterThan(0);
    for (const { op } of deprecated) {
      const main = mainOf(read(out, pageOf(op.operationId)));
      // A note the page names "Deprecated" (the aside's accessible name), whatever its markup.
      expect(main).toMatch(/<aside[^>]*aria-label="Deprecated"/);
      const sunset: string = op['x-sunset'];
      const human = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${sunset}T00:00:00Z`),
      );
      expect(main).toContain(`<time datetime="${sunset}">${human}</time>`);
      expect(main).toContain(`href="/${pageOf(op['x-replaced-by']).replace('index.html', '')}"`);
    }
    for (const { op } of operations.filter(({ op }) => !op.deprecated)) {
      expect(mainOf(read(out, pageOf(op.operationId)))).not.toMatch(/<aside[^>]*aria-label="Deprecated"/);
    }
  });

  it('shows a stability badge with its promise on exactly the operations that carry one', () => {
    const marked = operations.filter(({ op }) => op['x-stability']);
    expect(new Set(marked.map(({ op }) => op['x-stability']))).toEqual(new Set(['beta', 'experimental']));
    for (const { op } of operations) {
      const main = mainOf(read(out, pageOf(op.operationId)));
      const level = op['x-stability'] as string | undefined;
      if (level) {
        expect(main).toContain(`class="stability stability-${level}"`);
        expect(main).toMatch(new RegExp(`stability-${level}[^>]*><span[^>]*>${level === 'beta' ? 'Beta' : 'Experimental'}</span>`));
      } else {
        expect(main).not.toContain('class="stability ');
      }
    }
  });

  it('marks deprecated and non-stable operations in the navigation and tag lists, in words', () => {
    for (const { op } of operations) {
      const expected = op.deprecated ? 'Deprecated' : op['x-stability'] === 'beta' ? 'Beta' : op['x-stability'] === 'experimental' ? 'Experimental' : undefined;
      const href = `/${pageOf(op.operationId).replace('index.html', '')}`;
      // The page of any operation in the same tag lists it in the sidebar.
      const sidebar = sidebarOf(read(out, pageOf(op.operationId)));
      const link = new RegExp(`<a href="${href}"[^>]*>(.*?)</a>`, 's').exec(sidebar);
      expect(link, href).not.toBeNull();
      // The link reads the summary, then the mark in words, whatever the markup.
      const words = (link![1] ?? '')
        .replace(/<[^>]*>/g, ' ')
        .replace(/&#39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim();
      if (expected) expect(words).toBe(`${op.summary} ${expected}`);
      else expect(words).toBe(op.summary);

      const tag = (op.tags[0] as string).toLowerCase();
      const row = new RegExp(`<tr>(?:(?!</tr>).)*href="${href}"(?:(?!</tr>).)*</tr>`, 's').exec(mainOf(read(out, `tags/${tag}/index.html`)));
      expect(row, `${href} in tags/${tag}`).not.toBeNull();
      if (expected) expect(row![0]).toContain(`>${expected}</span>`);
      else expect(row![0]).not.toMatch(/class="mark /);
    }
  });

  it("keeps each page's navigation to its own tag's operations", () => {
    const byTag = new Map<string, RawOperation[]>();
    for (const o of operations) byTag.set(o.op.tags[0], [...(byTag.get(o.op.tags[0]) ?? []), o]);
    expect(byTag.size).toBeGreaterThan(1);
    for (const [tag, list] of byTag) {
      const sidebar = sidebarOf(read(out, pageOf(list[0]?.op.operationId)));
      for (const other of operations) {
        const href = `href="/${pageOf(other.op.operationId).replace('index.html', '')}"`;
        expect(sidebar.includes(href), `${other.op.operationId} in ${tag}'s navigation`).toBe(other.op.tags[0] === tag);
      }
      for (const name of byTag.keys()) expect(sidebar).toContain(`href="/tags/${name.toLowerCase()}/"`);
    }
  });

  it('marks in the navigation the page being read, and only it, on every page', () => {
    const pages = [
      ...operations.map((o) => pageOf(o.op.operationId)),
      'index.html',
      'schemas/index.html',
      ...[...new Set(operations.map((o) => o.op.tags[0]))].map((t) => `tags/${t.toLowerCase()}/index.html`),
    ];
    for (const file of pages) {
      const current = [...sidebarOf(read(out, file)).matchAll(/<a href="([^"]*)" aria-current="page"/g)].map((m) => m[1]);
      expect(current, file).toEqual([`/${file.replace('index.html', '')}`]);
    }
  });

  it('shows an allOf of objects as one field list, and a described reference as the type it names', () => {
    const schemas = raw.components.schemas as Record<string, any>;
    const slug = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
    const composed = Object.entries(schemas).filter(([, s]) => s.allOf?.some((p: any) => p.$ref) && s.allOf.some((p: any) => p.properties));
    expect(composed.length).toBeGreaterThan(0);
    for (const [name, schema] of composed) {
      const main = mainOf(read(out, `schemas/${slug(name)}/index.html`));
      expect(main).not.toContain('All of:');
      for (const part of schema.allOf) {
        const base = part.$ref ? part.$ref.split('/').pop() : undefined;
        if (base) expect(main, name).toMatch(new RegExp(`Combines [^.]*<a href="/schemas/${slug(base)}/">${base}</a>`));
        for (const field of Object.keys((base ? schemas[base] : part).properties ?? {}))
          expect(main, `${name}.${field}`).toContain(`<code class="field-name">${field}</code>`);
      }
    }
    // A property that is `allOf: [$ref]` plus its own description: typed by the reference, with its values listed.
    const described = Object.values(schemas).flatMap((s: any) =>
      Object.entries(s.properties ?? {}).filter(([, p]: [string, any]) => p.allOf?.length === 1 && p.allOf[0].$ref && p.description),
    );
    expect(described.length).toBeGreaterThan(0);
    const pet = mainOf(read(out, 'schemas/pet/index.html'));
    const onPet = (described as [string, any][]).filter(([field]) => pet.includes(`<code class="field-name">${field}</code>`));
    expect(onPet.length).toBeGreaterThan(0);
    for (const [field, property] of onPet) {
      const target = property.allOf[0].$ref.split('/').pop();
      // The field's name links to the field itself (its anchor); its type links to the schema.
      expect(pet).toMatch(new RegExp(`field-name">${field}</code></a>\\s*<span class="type"><a href="/schemas/${slug(target)}/">${target}</a>`));
      for (const value of schemas[target].enum ?? []) expect(pet).toContain(`<code>&quot;${value}&quot;</code>`);
    }
  });

  it("shows the fields of every successful response with a schema: the referenced schema's, or its items'", () => {
    const schemas = raw.components.schemas as Record<string, any>;
    // The fields of a reference, an allOf of them, or the items of an array of one: what the reader wants to see.
    const fieldsOf = (schema: any): Record<string, any> => {
      if (!schema) return {};
      if (schema.$ref) return fieldsOf(schemas[schema.$ref.split('/').pop()]);
      if (schema.allOf) return Object.assign({}, ...schema.allOf.map(fieldsOf));
      return schema.properties ?? fieldsOf(schema.items);
    };
    let checked = 0;
    for (const { op } of operations) {
      const main = mainOf(read(out, pageOf(op.operationId)));
      for (const [status, response] of Object.entries(op.responses as Record<string, any>).filter(([s]) => s.startsWith('2'))) {
        const fields = fieldsOf(response.content?.['application/json']?.schema);
        if (Object.keys(fields).length === 0) continue;
        const section = new RegExp(`<section class="response"[^>]*data-response="${status}">([\\s\\S]*?)</section>`).exec(main)?.[1] ?? '';
        const names = Object.entries(fields)
          .filter(([, p]) => !(p.writeOnly || schemas[p.$ref?.split('/').pop()]?.writeOnly))
          .map(([name]) => name);
        for (const name of names) expect(section, `${op.operationId} ${status} ${name}`).toContain(`<code class="field-name">${name}</code>`);
        checked++;
      }
    }
    // Arrays of a referenced schema among them (lists of categories, orders, inventory).
    expect(checked).toBe(operations.filter(({ op }) => Object.keys(op.responses).some((s) => s.startsWith('2'))).length);
  });

  it('shows the try-it panel only where it is on, and code samples everywhere', () => {
    for (const { op } of operations) {
      const html = read(out, pageOf(op.operationId));
      const off = op['x-hideTryItPanel'] === true;
      expect(html.includes('id="try-it"'), op.operationId).toBe(!off);
      expect(html.includes('TryItPanel.astro_astro_type_script'), op.operationId).toBe(!off);
      expect(html.includes('Try it is turned off for this operation.'), op.operationId).toBe(off);
      expect(mainOf(html)).toMatch(/role="tab"[^>]*>curl<\/a>/);
      expect(mainOf(html)).toMatch(/role="tab"[^>]*>Python<\/a>/);
    }
    expect(operations.some(({ op }) => op['x-hideTryItPanel'] === true)).toBe(true);
  });

  it('links the description for download, and serves it as YAML and JSON', async () => {
    const home = mainOf(read(out, 'index.html'));
    expect(home).toContain('href="/openapi.yaml"');
    expect(home).toContain('href="/openapi.json"');
    const yamlResponse = await fetch(`${server.url}/openapi.yaml`);
    expect(yamlResponse.headers.get('content-type')).toMatch(/yaml/);
    const fromYaml = parseYaml(await yamlResponse.text());
    const jsonResponse = await fetch(`${server.url}/openapi.json`);
    expect(jsonResponse.headers.get('content-type')).toMatch(/json/);
    const fromJson = await jsonResponse.json();
    expect(fromYaml).toEqual(fromJson);
    expect(fromJson.info.title).toBe(parseYaml(readFileSync(SPEC, 'utf8')).info.title);
    expect(Object.keys(fromJson.paths)).toEqual(Object.keys(parseYaml(readFileSync(SPEC, 'utf8')).paths));
    // One file: every reference in it points inside it.
    expect(JSON.stringify(fromJson)).not.toMatch(/"\$ref":"(?!#)/);
  });

  it('shows a mock server request the mock can answer: the operation declares the status and the example it names', () => {
    const home = mainOf(read(out, 'index.html')).replace(/&#39;/g, "'");
    const [, url = '', code = ''] = /curl 'https?:\/\/[^/']+(\/[^']*)'[\s\S]*?Prefer: code=(\d+)'/.exec(home) ?? [];
    expect(url).not.toBe('');
    const example = /Prefer: example=(\w+)<\/code>/.exec(home)?.[1];
    const target = operations.find(
      ({ method, path }) => method === 'get' && new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(url.split('?')[0] ?? ''),
    );
    expect(target, url).toBeDefined();
    const declared = target!.op.responses[code];
    const response = declared?.$ref ? raw.components.responses[declared.$ref.split('/').pop()] : declared;
    expect(response, `${url} declares ${code}`).toBeDefined();
    expect(Object.keys(response.content['application/json'].examples ?? {})).toContain(example);
  });

  it('shows how to add the MCP server to a client: JSON that starts `npm run --silent mcp` over stdio, or names its HTTP address', () => {
    const home = mainOf(read(out, 'index.html'));
    const textOf = (html: string) =>
      html
        .replace(/&quot;/g, '"')
        .replace(/&#34;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&');
    const snippets = [...home.matchAll(/<pre class="code" data-lang="json"[^>]*><code>([\s\S]*?)<\/code><\/pre>/g)].map((m) => JSON.parse(textOf(m[1] ?? '')));
    expect(snippets).toEqual([
      { mcpServers: { 'petstore-api': { command: 'npm', args: ['--prefix', '/path/to/this/portal', 'run', '--silent', 'mcp'] } } },
      { servers: { 'petstore-api': { type: 'http', url: 'http://127.0.0.1:3333/mcp' } } },
    ]);
    expect(home).toContain('href="/llms-full.txt"');
  });

  it('publishes a sitemap with absolute URLs from --site', () => {
    const index = read(out, 'sitemap-index.xml');
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(sitemaps.length).toBeGreaterThan(0);
    const locs = sitemaps.flatMap((url) => {
      expect(url.startsWith(SITE)).toBe(true);
      return [...read(out, url.slice(SITE.length)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
    });
    for (const loc of locs) expect(loc.startsWith(SITE), loc).toBe(true);
    for (const { op } of operations) expect(locs).toContain(`${SITE}${pageOf(op.operationId).replace('index.html', '')}`);
    expect(locs).toContain(SITE);
  });

  it('lists every operation in llms.txt, linking a Markdown version of its page', () => {
    const llms = read(out, 'llms.txt');
    expect(llms.startsWith(`# ${raw.info.title}\n`)).toBe(true);
    for (const { op, method, path } of operations) {
      const md = `${SITE}${pageOf(op.operationId).replace('/index.html', '.md')}`;
      expect(llms).toContain(`[${op.summary}](${md}): ${method.toUpperCase()} ${path}`);
      const text = read(out, md.slice(SITE.length));
      expect(text.startsWith(`# ${op.summary}\n`)).toBe(true);
      expect(text).toContain(`\`${method.toUpperCase()} ${path}\``);
    }
  });

  it('writes the whole reference into llms-full.txt, linked from llms.txt: every operation by tag, then every schema', () => {
    expect(read(out, 'llms.txt')).toContain(`The whole reference in one Markdown file: ${SITE}llms-full.txt`);
    const full = read(out, 'llms-full.txt');
    const at = (heading: string) => full.indexOf(`\n${heading}\n`);
    for (const { op, method, path } of operations) {
      expect(at(`### ${op.summary}`), op.operationId).toBeGreaterThan(at(`## ${op.tags[0]}`));
      expect(full).toContain(`### ${op.summary}\n\n\`${method.toUpperCase()} ${path}\``);
    }
    for (const name of Object.keys(raw.components.schemas)) expect(at(`### ${name}`), name).toBeGreaterThan(at('## Schemas'));
  });

  it('declares UTF-8 on every page, in the bytes the page is written in', () => {
    const pages = readdirSync(out, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages.length).toBeGreaterThan(20);
    const utf8 = new TextDecoder('utf-8', { fatal: true });
    for (const page of pages) {
      const bytes = readFileSync(join(out, page));
      // Within the first 1,024 bytes, where a browser looks for it; bytes that are not UTF-8 would throw.
      expect(bytes.subarray(0, 1024).toString('latin1'), page).toMatch(/<meta charset="utf-8"\s*\/?>/i);
      expect(() => utf8.decode(bytes), page).not.toThrow();
    }
  });

  it('answers an unknown address with the 404 page', async () => {
    const response = await fetch(`${server.url}/operations/no-such-operation/`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Page not found');
  });
});

describe('in Chromium', () => {
  const PAGES = { home: '/', tag: '/tags/pets/', operation: '/operations/get-pet-by-id/', schema: '/schemas/pet/' };

  async function open(theme: 'light' | 'dark', path: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
    const context = await browser.newContext({ viewport });
    await context.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
    const page = await context.newPage();
    await page.goto(server.url + path);
    return page;
  }

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe violations in ${theme} mode, on a wide and a phone-sized screen`, async () => {
      for (const [name, path] of Object.entries(PAGES).flatMap(([n, p]): [string, string][] => [
        [n, p],
        [`${n} (phone)`, p],
      ])) {
        const viewport = name.endsWith('(phone)') ? { width: 390, height: 844 } : { width: 1440, height: 900 };
        const page = await open(theme, path, viewport);
        expect(await page.getAttribute('html', 'data-theme')).toBe(theme);
        // Wide content (code blocks, tables, long values) scrolls or wraps in its own box: the page never scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} width`).toBeLessThanOrEqual(viewport.width);
        const serious = (await seriousAxeViolations(page)).map((v) => `${name}: ${v}`);
        // The operation page with its language menu open and a language written in the browser chosen.
        if (path === PAGES.operation) {
          await page.getByRole('button', { name: 'More', exact: true }).click();
          await page.getByRole('menuitemradio', { name: 'Node.js', exact: true }).click();
          await page.getByRole('button', { name: 'More', exact: true }).click();
          await page.getByRole('group', { name: 'Node.js sample', exact: true }).filter({ hasText: 'fetch' }).waitFor();
          serious.push(...(await seriousAxeViolations(page)).map((v) => `${name}, language menu open: ${v}`));
        }
        expect(serious).toEqual([]);
        await page.context().close();
      }
    });
  }

  it('is usable by keyboard: Tab reaches the main links and controls with a visible focus, Enter follows a link', async () => {
    const page = await open('light', PAGES.tag);
    const seen: { text: string; tag: string; href: string | null; visible: boolean }[] = [];
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      seen.push(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const style = getComputedStyle(el);
          const visible = (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
          // The text a screen reader announces: without parts hidden from assistive technology.
          const copy = el.cloneNode(true) as HTMLElement;
          for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
          const text = (el.getAttribute('aria-label') || copy.textContent || '').trim();
          return { text, tag: el.tagName, href: el.getAttribute('href'), visible };
        }),
      );
    }
    const texts = seen.map((s) => s.text);
    expect(texts[0]).toBe('Skip to content');
    expect(texts).toContain('Search');
    expect(seen.some((s) => s.href === '/tags/store/')).toBe(true);
    expect(seen.some((s) => s.href === '/operations/get-pet-by-id/')).toBe(true);
    for (const s of seen.filter((s) => s.tag === 'A' || s.tag === 'BUTTON' || s.tag === 'SELECT')) expect(s.visible, `${s.tag} ${s.text}`).toBe(true);

    // Focus the first operation link of the tag's table and follow it with Enter.
    await page.focus('main table a[href="/operations/list-pets/"]');
    await Promise.all([page.waitForURL('**/operations/list-pets/'), page.keyboard.press('Enter')]);
    expect(await page.textContent('h1')).toBe('List pets');
    await page.context().close();
  });

  it('puts the request sample and the first example on the first screen: by 250 and 450 px at 1440×900, 400 px of it shown, on a phone too', async () => {
    await expectTightFirstScreen(
      browser,
      operations.map(({ op }) => `${server.url}/${pageOf(op.operationId).replace('index.html', '')}`),
    );
    // On a phone: one column, the sample and the first example before the description and the field lists.
    const phone = await open('light', '/operations/create-pet/', PHONE);
    const edges = await firstScreen(phone);
    const description = await phone.locator('.op-description').evaluate((el) => el.getBoundingClientRect().top);
    const fields = await phone.getByRole('region', { name: 'Request body' }).evaluate((el) => el.getBoundingClientRect().top);
    expect(edges.sample).toBeLessThan(edges.example);
    expect(edges.example).toBeLessThan(description);
    expect(description).toBeLessThan(fields);
    await phone.context().close();
  });

  it('moves nothing as a page loads: no layout shift, with no language kept and with one kept from the menu', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      for (const kept of [undefined, 'Kotlin']) {
        const context = await browser.newContext({ viewport });
        await watchLayoutShift(context);
        if (kept) await context.addInitScript((value) => localStorage.setItem('portal-code-sample', value), kept);
        const page = await context.newPage();
        for (const path of ['/operations/create-pet/', '/operations/get-pet-by-id/']) {
          await page.goto(server.url + path);
          const shift = await layoutShift(page);
          expect(shift.value, `${path} at ${viewport.width} px, ${kept ?? 'no language'} kept: ${shift.moved.join(', ')}`).toBe(0);
          // The kept language is the one shown, from the first frame.
          expect(await visibleText(page, '.request-sample [role="tab"][aria-selected="true"]')).toBe(kept ?? 'curl');
          // The Try it and Copy page buttons are there to use once the scripts have run.
          expect(await page.getByRole('button', { name: 'Try it', exact: true }).isVisible()).toBe(true);
        }
        await context.close();
      }
    }
  });

  it('shows one request sample before scripts run; without JavaScript each language tab links to its sample', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/operations/create-pet/`);
    const shown = () =>
      page
        .getByRole('region', { name: 'Request sample' })
        .locator('pre')
        .evaluateAll((pres) => pres.filter((p) => p.getClientRects().length > 0).map((p) => p.getAttribute('data-lang')));
    expect(await shown()).toEqual(['sh']);
    expect(
      await page
        .getByRole('region', { name: 'Request sample' })
        .locator('portal-samples')
        .evaluate((el) => el.getBoundingClientRect().height),
    ).toBeLessThan(400);
    // Every language the page was built with is a link to its sample.
    await page.getByRole('tab', { name: 'Kotlin' }).click();
    expect(await shown()).toEqual(['kotlin']);
    await page.getByRole('tab', { name: 'Python' }).click();
    expect(await shown()).toEqual(['python']);
    await context.close();
  });

  it('offers the other languages in a menu used by keyboard; the choice shows as a tab and is kept on the next page', async () => {
    const page = await open('light', '/operations/create-pet/');
    const focused = () => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');
    const more = page.getByRole('button', { name: 'More', exact: true });
    // From the tabs, Tab reaches the menu button; ArrowDown opens it on its first item.
    await page.getByRole('tab', { name: 'curl' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('More');
    await page.keyboard.press('ArrowDown');
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    const items = await page.getByRole('menuitemradio').allTextContents();
    expect(items.length).toBeGreaterThanOrEqual(6);
    expect(items).toEqual(expect.arrayContaining(['Java', 'Kotlin', 'Rust', 'HTTPie', 'Wget', 'HTTP', 'Node.js']));
    expect(await focused()).toBe(items[0]);
    await page.keyboard.press('End');
    expect(await focused()).toBe(items.at(-1));
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toBe(items[1]);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press('Escape');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    expect(await focused()).toBe('More');
    // A language the page was not built with: written here, shown as a tab, announced as checked.
    await page.keyboard.press('Enter');
    for (let i = 0; i < items.length && (await focused()) !== 'Node.js'; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    expect(await focused()).toBe('More');
    const node = page.getByRole('group', { name: 'Node.js sample', exact: true });
    await expect.poll(() => node.textContent()).toContain("fetch('http://");
    expect(await node.textContent()).toContain('Bearer <API_KEY>');
    expect(await page.getByRole('tab', { name: 'Node.js', exact: true }).getAttribute('aria-selected')).toBe('true');
    await more.click();
    expect(await page.getByRole('menuitemradio', { name: 'Node.js', exact: true }).getAttribute('aria-checked')).toBe('true');
    // One the page was built with: its tab takes the place of the last one chosen from the menu.
    await page.getByRole('menuitemradio', { name: 'Kotlin' }).click();
    expect(await page.getByRole('tab', { name: 'Kotlin' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tab', { name: 'Node.js', exact: true }).isVisible()).toBe(false);
    // Arrow keys go round the tabs shown: from curl, left is Kotlin.
    await page.getByRole('tab', { name: 'curl' }).click();
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('Kotlin');
    // The next page opens on the language chosen last, written in the browser too.
    await more.click();
    await page.getByRole('menuitemradio', { name: 'Node.js', exact: true }).click();
    await page.goto(`${server.url}/operations/list-pets/`);
    await expect.poll(() => page.getByRole('group', { name: 'Node.js sample', exact: true }).textContent()).toContain("fetch('http://");
    expect(await page.getByRole('tab', { name: 'Node.js', exact: true }).getAttribute('aria-selected')).toBe('true');
    await page.context().close();
  });

  it('leaves the id out of the create-pet body fields and example, and keeps it in the answer', async () => {
    const page = await open('light', '/operations/create-pet/');
    const body = page.getByRole('region', { name: 'Request body' });
    const fields = await body.locator('ul.fields > li.field .field-name').allTextContents();
    expect(fields).toEqual(expect.arrayContaining(['name', 'categoryId']));
    expect(fields).not.toContain('id');
    const curl = (await page.getByRole('group', { name: 'curl sample' }).textContent()) ?? '';
    const sent = JSON.parse(curl.split("--data-raw '")[1]?.replace(/'\s*$/, '') ?? '');
    expect(sent).toHaveProperty('name');
    expect(sent).not.toHaveProperty('id');
    // The created pet's answer carries it.
    expect(await page.locator('section.responses [data-response="201"] .field-name').allTextContents()).toContain('id');
    await page.context().close();
  });

  it('finds an operation first for its path, with method and path, reachable by arrow keys', async () => {
    const page = await open('light', '/');
    await openSearch(page);
    const input = page.getByRole('searchbox', { name: 'Search' });
    await typeQuery(page, '/store/orders');
    const links = page.getByRole('list', { name: 'Search results' }).getByRole('link');
    // The operations of that path first, GET before POST, each on one line: method, path, summary.
    expect(await resultPaths(page)).toEqual(expect.arrayContaining(['/operations/list-orders/', '/operations/create-order/']));
    expect((await resultPaths(page)).slice(0, 2)).toEqual(['/operations/list-orders/', '/operations/create-order/']);
    const first = (await links.first().locator('.result-line').textContent()) ?? '';
    expect(first).toBe('GET/store/ordersList orders');
    // Arrow keys go from the input to the results and back.
    await input.focus();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/operations/list-orders/');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('/operations/create-order/');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('search');
    // Parameter and field names are indexed: a field of a body finds its operations.
    await typeQuery(page, 'categoryId');
    expect((await links.allTextContents()).some((t) => /^(GET|POST|PUT|PATCH|DELETE)\//.test(t))).toBe(true);
    await page.context().close();
  });

  it('copies the page as Markdown: the same text as its Markdown twin', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/operations/create-pet/`);
    await page.getByRole('button', { name: 'Copy page as Markdown' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied the page as Markdown.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(read(out, 'operations/create-pet.md'));
    await context.close();
  });

  it("shows the description's characters and the portal's typography as written, read as the UTF-8 the page declares", async () => {
    const home = await open('light', '/');
    expect(await home.evaluate(() => document.characterSet)).toBe('UTF-8');
    // The description's own ellipsis, in its table of errors.
    expect(await home.getByRole('cell', { name: /^Prefer: code=… names a status the operation does not declare\.$/ }).count()).toBe(1);
    await home.context().close();
    const page = await open('light', `/${pageOf('listPets').replace('index.html', '')}`);
    // The portal's own: the try-it panel's answers (a status, a dash, what it means), and a parameter's bounds as Redoc writes them.
    expect(await page.getByRole('main').getByText('<= 100', { exact: true }).count()).toBeGreaterThan(0);
    const answers = await page.getByLabel('Answer with').locator('option').allTextContents();
    expect(answers.filter((answer) => /^200 — \S/.test(answer.trim()))).toHaveLength(1);
    await page.context().close();
  });

  it('finds an operation by its summary in the search, and opens it', async () => {
    const page = await open('light', '/');
    await openSearch(page);
    // Excerpts read as words: a badge, a type and "required" are not glued to their neighbours.
    await typeQuery(page, 'stock');
    const excerpts = page.locator('portal-search .result-excerpt');
    expect(await excerpts.count()).toBeGreaterThan(0);
    for (const text of await excerpts.allTextContents()) {
      expect(text).not.toMatch(/(?:Experimental|Beta|Deprecated)[A-Z]|(?:string|integer|boolean|number|\))(?:required|optional)|[a-z](?:string|integer)\b/);
    }
    const target = operations.find(({ op }) => op.operationId === 'updateInventory')!;
    await typeQuery(page, target.op.summary);
    const result = page.getByRole('list', { name: 'Search results' }).getByRole('link').first();
    expect(await result.getAttribute('href')).toBe('/operations/update-inventory/');
    await Promise.all([page.waitForURL('**/operations/update-inventory/**'), result.click()]);
    expect(await page.textContent('h1')).toBe(target.op.summary);
    await page.context().close();
  });
});

describe('a broken description', () => {
  it('fails with file:line:col and exit 1, leaving the previous output byte for byte', async () => {
    const before = fingerprint(out);
    const dir = tempDir('broken');
    const broken = join(dir, 'openapi.yaml');
    writeFileSync(
      broken,
      ['openapi: 3.0.3', 'info:', '  title: Broken', '  version: 1.0.0', 'paths:', '  /pets:', '    get:', '      responses: {', ''].join('\n'),
    );
    const result = await runSiteScript('scripts/build.ts', ['--spec', broken, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/openapi\.yaml:\d+:\d+ error \S+ /);
    expect(fingerprint(out)).toBe(before);

    // A reference to a file that does not exist fails the same way.
    writeFileSync(
      broken,
      ['openapi: 3.0.3', 'info:', '  title: Broken', '  version: 1.0.0', 'paths:', '  /pets:', "    $ref: './missing.yaml'", ''].join('\n'),
    );
    const missing = await runSiteScript('scripts/build.ts', ['--spec', broken, '--out', out]);
    expect(missing.code).toBe(1);
    expect(missing.output).toMatch(/openapi\.yaml:7:\d+ error \S+ /);
    expect(fingerprint(out)).toBe(before);

    // A referenced file that does not parse: the problem is in that file, at the quote left open, and the build names it.
    writeFileSync(join(dir, 'pets.yaml'), ['get:', '  summary: "List pets', '  responses:', "    '200':", '      description: OK', ''].join('\n'));
    writeFileSync(broken, ['openapi: 3.0.3', 'info:', '  title: Broken', '  version: 1.0.0', 'paths:', '  /pets:', '    $ref: pets.yaml', ''].join('\n'));
    const unparsable = await runSiteScript('scripts/build.ts', ['--spec', broken, '--out', out]);
    expect(unparsable.code).toBe(1);
    expect(unparsable.output).toMatch(/^\S*pets\.yaml:2:12 error yaml-syntax unclosed double-quoted string/m);
    expect(unparsable.output).not.toMatch(/openapi\.yaml:\d+:\d+ error/);
    expect(unparsable.output).toContain('Build failed: pets.yaml could not be read');
    expect(fingerprint(out)).toBe(before);
  });

  it('fails under --strict when lint finds errors, leaving the previous output too', async () => {
    const before = fingerprint(out);
    const linted = join(ROOT, 'node_modules/@readme/oas-examples/3.0/json/petstore.json');
    const result = await runSiteScript('scripts/build.ts', ['--spec', linted, '--out', out, '--strict']);
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/petstore\.json:\d+:\d+ error \S+ /);
    expect(result.output).toContain('--strict');
    expect(fingerprint(out)).toBe(before);
  });
});
