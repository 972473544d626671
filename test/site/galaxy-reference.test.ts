// The reference pages of @scalar/galaxy in Chromium, beside a mock serving the same document:
// where the samples and examples sit on the first screen, a oneOf body whose variant the reader
// switches (fields, example, the body Send posts), XML examples, and readOnly fields left out
// of request bodies.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { METHODS } from '../helpers/documents.ts';
import { ROOT } from '../helpers/paths.ts';
import { openPanel, send, startTryItSite, type TryItSite } from '../try-it/helpers.ts';
import { expectTightFirstScreen, visibleText } from './reference-helpers.ts';

const SPEC = join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json');
const doc = JSON.parse(readFileSync(SPEC, 'utf8'));

let site: TryItSite;

beforeAll(async () => {
  site = await startTryItSite(SPEC, 'galaxy-reference');
});

afterAll(async () => {
  await site?.close();
});

async function open(slug: string, viewport = { width: 1440, height: 900 }): Promise<Page> {
  const page = await site.browser.newPage({ viewport });
  await page.goto(`${site.portal.url}/operations/${slug}/`);
  return page;
}

const slugOf = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

describe('Galaxy reference pages in Chromium', () => {
  it('puts the request sample and the first example on the first screen: by 250 and 450 px at 1440×900, 400 px of it shown, on a phone too', async () => {
    const operations = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m]));
    expect(operations.length).toBeGreaterThan(5);
    await expectTightFirstScreen(
      site.browser,
      operations.map((op) => `${site.portal.url}/operations/${slugOf(op.operationId)}/`),
    );
  });

  it('switches CelestialBody to Satellite: its fields, a Satellite example, and Send posts that body', async () => {
    const page = await open('create-celestial-body');
    await openPanel(page);
    await page.getByLabel('API key (Bearer token)').fill('galaxy-key');
    const body = page.getByRole('region', { name: 'Request body' });
    // Planet first: a field only Satellite has is not shown.
    expect(await body.getByRole('link', { name: 'diameter', exact: true }).isVisible()).toBe(false);
    await body.getByRole('tab', { name: /Satellite/ }).click();
    expect(await body.getByRole('tab', { name: /Satellite/ }).getAttribute('aria-selected')).toBe('true');
    expect(await body.getByRole('link', { name: 'diameter', exact: true }).isVisible()).toBe(true);
    expect(await body.getByRole('link', { name: 'habitabilityIndex', exact: true }).isVisible()).toBe(false);
    // The sample follows: a Satellite body, selected by its discriminator value.
    const sample = page.getByRole('group', { name: 'curl sample' });
    await expect.poll(() => sample.textContent()).toContain('"type": "moon"');
    expect(await sample.textContent()).toContain('galaxy-key');
    expect(await sample.textContent()).toContain('"diameter"');
    // And Send posts it.
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/celestial-bodies'));
    const status = await send(page);
    const sent = (await posted).postDataJSON();
    expect(sent.type).toBe('moon');
    expect(sent).toHaveProperty('diameter');
    expect(sent).not.toHaveProperty('id');
    expect(status).toContain('201');
    await page.close();
  });

  it("shows a response's fields for the variant its example shows", async () => {
    const page = await open('create-celestial-body');
    const answer = page.getByRole('region', { name: 'Responses' }).getByRole('region', { name: /^201\b/ });
    const selected = async (name: string) => (await answer.getByRole('tab', { name: new RegExp(name) }).getAttribute('aria-selected')) === 'true';
    const diameter = answer.getByRole('link', { name: 'diameter', exact: true });
    expect(await selected('Planet')).toBe(true);
    expect(await diameter.isVisible()).toBe(false);
    // The examples column shows the Satellite answer: its fields follow.
    const select = page.getByRole('combobox', { name: /^Example of the 201\b/ });
    const satellite = await select.locator('option[data-name="Satellite"]').getAttribute('value');
    await select.selectOption(satellite ?? '');
    expect(await selected('Satellite')).toBe(true);
    expect(await diameter.isVisible()).toBe(true);
    // The request's variant back to Planet: the example shown follows, and the answer's fields with it.
    await page
      .getByRole('region', { name: 'Request body' })
      .getByRole('tab', { name: /Planet/ })
      .click();
    await expect.poll(() => visibleText(page, '.response-examples pre')).toContain('"name": "Mars"');
    expect(await selected('Planet')).toBe(true);
    expect(await diameter.isVisible()).toBe(false);
    await page.close();
  });

  it('names each security scheme once, with how each is sent on demand; an operation that turns them off needs none', async () => {
    const page = await open('create-planet');
    const security = page.getByRole('region', { name: 'Authorization' });
    const shown = (await security.innerText()).replace(/\s+/g, ' ');
    const schemes = Object.keys(doc.components.securitySchemes as Record<string, unknown>);
    // Each named in the list of alternatives (one alternative combines two), their details folded away.
    for (const name of schemes) expect(shown.split(name).length - 1, name).toBeLessThanOrEqual(2);
    expect(shown).not.toContain('Bearer token in the Authorization header');
    expect(await security.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(200);
    await security.getByText('How each is sent').click();
    expect(await security.getByText('bearerAuth: Bearer token in the Authorization header').isVisible()).toBe(true);
    await page.goto(`${site.portal.url}/operations/get-planet/`);
    expect((await page.getByRole('region', { name: 'Authorization' }).innerText()).replace(/\s+/g, ' ')).toBe('Authorization No authorization is needed.');
    await page.close();
  });

  it('writes a language of the menu in the browser, and writes it again from what the panel holds', async () => {
    const page = await open('create-planet');
    await page.getByRole('button', { name: 'More', exact: true }).click();
    await page.getByRole('menuitemradio', { name: 'Ruby', exact: true }).click();
    const ruby = page.getByRole('group', { name: 'Ruby sample' });
    await expect.poll(() => ruby.textContent()).toContain(`request["Authorization"] = 'Bearer <API_KEY>'`);
    expect(await ruby.textContent()).toContain('Net::HTTP::Post.new(url)');
    await openPanel(page);
    await page.getByLabel('API key (Bearer token)').fill('ruby-key');
    await expect.poll(() => ruby.textContent()).toContain("= 'Bearer ruby-key'");
    expect(await page.locator('[data-sample-source]').textContent()).toBe('As the try-it panel would send it');
    await page.close();
  });

  it('shows the XML example of a planet as XML, the field list once with its content types as a switch', async () => {
    const page = await open('get-planet');
    const responses = page.getByRole('region', { name: 'Responses' });
    // One field list for JSON and XML, not one per media type.
    expect(await responses.locator('[data-response="200"] .schema').count()).toBe(1);
    expect(
      await responses
        .locator('[data-response="200"] .field-name')
        .filter({ hasText: /^name$/ })
        .count(),
    ).toBe(1);
    await responses.locator('[data-response="200"]').getByRole('button', { name: 'application/xml' }).click();
    const xml = await visibleText(page, '.response-examples pre');
    expect(xml.startsWith('<?xml')).toBe(true);
    const parsed = await page.evaluate((text) => {
      const dom = new DOMParser().parseFromString(text, 'application/xml');
      return { error: dom.querySelector('parsererror') !== null, root: dom.documentElement.nodeName, name: dom.querySelector('name')?.textContent };
    }, xml);
    expect(parsed).toEqual({ error: false, root: 'planet', name: expect.any(String) });
    await page.close();
  });

  it('leaves the readOnly id out of the create-planet body fields and example, and gives enum values their meaning', async () => {
    expect(doc.components.schemas.Planet.properties.id.readOnly).toBe(true);
    const page = await open('create-planet');
    const fields = await page.locator('section.request-body ul.fields > li.field .field-name').allTextContents();
    expect(fields).toContain('name');
    expect(fields).not.toContain('id');
    const sample = JSON.parse((await page.getByRole('group', { name: 'curl sample' }).textContent())!.split("--data-raw '")[1]?.replace(/'\s*$/, '') ?? '');
    expect(sample).toHaveProperty('name');
    expect(sample).not.toHaveProperty('id');
    // Enum values with their meaning (x-enum-descriptions): the value, then what it means.
    const type = page
      .locator('section.request-body li.field')
      .filter({ has: page.getByRole('link', { name: 'type', exact: true }) })
      .first();
    const meanings = doc.components.schemas.Planet.properties.type['x-enum-descriptions'] as Record<string, string>;
    for (const [value, meaning] of Object.entries(meanings)) {
      expect(
        await type
          .locator('dt')
          .filter({ hasText: `"${value}"` })
          .count(),
        value,
      ).toBe(1);
      expect(await type.locator('dd').filter({ hasText: meaning }).count(), value).toBe(1);
    }
    // The answer still has it: readOnly fields are left out of requests only.
    const answer = await page.locator('section.responses [data-response="201"] ul.fields > li.field .field-name').allTextContents();
    expect(answer).toContain('id');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical problem on the variant page and the XML page (${theme}, 1440 and 390 px)`, async () => {
      const found: string[] = [];
      for (const slug of ['create-celestial-body', 'get-planet']) {
        for (const viewport of [
          { width: 1440, height: 900 },
          { width: 390, height: 844 },
        ]) {
          const context = await site.browser.newContext({ viewport });
          await context.addInitScript((t) => localStorage.setItem('starlight-theme', t), theme);
          const page = await context.newPage();
          await page.goto(`${site.portal.url}/operations/${slug}/`);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          found.push(...(await seriousAxeViolations(page)).map((v) => `${slug} ${viewport.width}: ${v}`));
          await context.close();
        }
      }
      expect(found).toEqual([]);
    });
  }
});
