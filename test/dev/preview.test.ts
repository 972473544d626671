// `npm run dev` as a writer uses it: a real preview process on a copy of our
// description, a real browser on its pages, saves made to the files on disk.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Browser, Frame, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureSave } from '../../scripts/dev/measure.ts';
import { launchBrowser, seriousAxeViolations } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, gone, run, start, stop, type Running } from '../helpers/processes.ts';
import { defined } from '../helpers/defined.ts';
import { wideBody, wideSchemas } from '../helpers/recursive-schemas.ts';
import { WAIT_MS } from '../helpers/wait.ts';

/** The preview lives through the whole file; past this, it has hung. */
const PREVIEW_TIMEOUT_MS = 600_000;
const NODE = join(ROOT, 'node_modules/.bin/node');
const AUTH = { headers: { Authorization: 'Bearer test-key' } };

let tmp: string;
let spec: string;
let petsFile: string;
let port: number;
let mockPort: number;
let preview: Running;
let browser: Browser;
let page: Page;
let site: string;
let mock: string;
let mockExample: string;
let changesLine: string;
/** Where a build for publishing is written while the preview runs. */
let published: string;

/**
 * The environment of a user's shell: none of the variables the preview sets for itself, and none
 * of the test runner's (Astro's dev server leaves out its page rendering when it sees VITEST, and
 * the runner's DEV, MODE, … would reach `import.meta.env`).
 */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(PORTAL_|VITEST|TEST$|NODE_ENV$|DEV$|PROD$|MODE$|SSR$|BASE_URL$)/.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** Opens a page; a reload the preview starts meanwhile (a save just landed) aborts the first try. */
async function visit(target: Page, url: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await target.goto(url);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('ERR_ABORTED')) throw error;
    }
  }
}

const heading = (target: Page) => target.locator('h1').first().textContent();
/** A problem's place (`file:line:col`), the link to its line; the other link opens the editor. */
const placeOf = (problem: Locator) => problem.getByRole('link').filter({ hasNotText: 'Open in editor' });
/** How many breaking changes "What changed" counts in its headline. */
const breakingCount = async (target: Page) => (await target.getByText(/^\d+ breaking changes?, /).textContent())?.match(/^\d+/)?.[0];

/** Counts the documents the page navigates to from now on (a visit, a reload, one cut short by another), until stopped. */
function countLoads(target: Page): { stop(): number } {
  let loads = 0;
  const count = (frame: Frame) => {
    if (frame === target.mainFrame()) loads++;
  };
  target.on('framenavigated', count);
  return {
    stop() {
      target.off('framenavigated', count);
      return loads;
    },
  };
}

function edit(file: string, change: (text: string) => string): void {
  const text = readFileSync(file, 'utf8');
  const next = change(text);
  expect(next).not.toBe(text);
  writeFileSync(file, next);
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'preview-test-'));
  cpSync(join(ROOT, 'openapi'), join(tmp, 'openapi'), { recursive: true });
  cpSync(join(ROOT, 'openapi'), join(tmp, 'base'), { recursive: true });
  spec = join(tmp, 'openapi/openapi.yaml');
  published = join(tmp, 'site');
  petsFile = join(tmp, 'openapi/paths/pets.yaml');
  port = await freePort();
  mockPort = await freePort();
  preview = start(
    NODE,
    [
      'scripts/dev.ts',
      '--spec',
      spec,
      '--port',
      String(port),
      '--mock-port',
      String(mockPort),
      '--host',
      '127.0.0.1',
      '--base',
      join(tmp, 'base/openapi.yaml'),
      // A copy of our description, checked with the copy of our rules, house rules included: named, so trusted.
      '--config',
      join(tmp, 'openapi/redocly.yaml'),
    ],
    { cwd: ROOT, env: cleanEnv(), timeoutMs: PREVIEW_TIMEOUT_MS },
  );
  // Starting waits for any site build running meanwhile (they share the site's .astro folder).
  site = defined((await preview.waitFor(/^Preview: (http:\/\/\S+)$/m, 150_000))[1], 'the preview address');
  changesLine = defined((await preview.waitFor(/^What changed: (\S+)$/m, 5_000))[1], 'the changes page');
  const mockLine = await preview.waitFor(/^Mock server: (http:\/\/\S+) \(for example: (.+)\)$/m, 5_000);
  mock = defined(mockLine[1], 'the mock address');
  mockExample = defined(mockLine[2], 'the mock example');
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  if (preview) {
    await stop(preview, 'SIGKILL');
    expect(gone(preview)).toBe(true);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('npm run dev', () => {
  it('prints the addresses, on the ports asked for, with a mock request that answers', async () => {
    expect(site).toBe(`http://127.0.0.1:${port}/`);
    expect(changesLine).toBe(`${site}changes/`);
    expect(mock).toBe(`http://127.0.0.1:${mockPort}/`);
    // The mock's root is no operation: the line shows a request that is one, with the credentials it needs.
    expect(mockExample).toBe(`curl -H 'Authorization: Bearer any-key' ${mock}pets`);
    const answer = await fetch(`${mock}pets`, { headers: { Authorization: 'Bearer any-key' } });
    expect(answer.status).toBe(200);
  });

  it('reloads an open page and the mock on save, and a page opened once is loaded once', async () => {
    // The preview wrote its first model before any page was open: no reload told then reaches the first page.
    const loads = countLoads(page);
    await visit(page, `${site}operations/list-pets/`);
    await expect.poll(() => heading(page), { timeout: WAIT_MS }).toBe('List pets');
    const before = await (await fetch(`${mock}pets`, AUTH)).json();
    expect(before[0].name).toBe('Rex');

    // One save changes the page's summary and the example the mock answers with.
    const timings = await measureSave({
      page,
      file: petsFile,
      edit: (text) => text.replace('summary: List pets', 'summary: List every pet').replace('name: Rex', 'name: Rexanne'),
      pageText: 'List every pet',
      mock: { url: `${mock}pets`, init: AUTH, expect: 'Rexanne' },
    });
    console.log(`save to page ${timings.pageMs} ms, save to mock ${timings.mockMs} ms`);
    expect(await heading(page)).toBe('List every pet');
    const after = await (await fetch(`${mock}pets`, AUTH)).json();
    expect(after[0].name).toBe('Rexanne');
    expect(preview.stderr()).toMatch(/Rebuilt in \d+ ms/);
    // The visit and the save's reload.
    expect(loads.stop()).toBe(2);
    // The terminal said at the start what changed against the base, in one line pointing at the page; a
    // summary and an example are no change to the API, so the line is not printed again.
    expect(preview.stderr().match(new RegExp(`^No changes since \\S+ — see ${site}changes/$`, 'gm'))).toHaveLength(1);
  });

  it('applies a save with lint errors, listing them over the new version, each linked to its line', async () => {
    const good = readFileSync(petsFile, 'utf8');
    // A value our config rejects (x-stability is experimental or beta), in a save that also changes the page and the mock.
    edit(petsFile, (text) => text.replace('summary: List every pet', 'summary: List all pets\n  x-stability: alpha').replace('name: Rexanne', 'name: Rexine'));
    const panel = page.locator('#portal-preview-problems[data-state="ok"]');
    await panel.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await panel.getByRole('status').textContent()).toMatch(/^The API description has 1 error\. This page shows it as saved\.$/);
    // Errors open the list; each links to its line.
    const problem = panel.getByRole('listitem').filter({ hasText: ' error ' }).first();
    expect(await problem.isVisible()).toBe(true);
    expect(await problem.getByRole('code').textContent()).toBe('portal/stability-value');
    expect(await placeOf(problem).textContent()).toMatch(/paths\/pets\.yaml:4:\d+$/);
    expect(await placeOf(problem).getAttribute('href')).toMatch(/^\/__preview\/source\?.*line=4.*#L4$/);
    // The page and the mock show the new version, as `npm run build` would publish it.
    await expect.poll(() => heading(page), { timeout: WAIT_MS }).toBe('List all pets');
    await expect.poll(async () => (await (await fetch(`${mock}pets`, AUTH)).json())[0].name, { timeout: WAIT_MS }).toBe('Rexine');
    await preview.waitFor(/Rebuilt in \d+ ms with 1 error\./, 5_000);
    expect(await seriousAxeViolations(page, '#portal-preview-problems')).toEqual([]);

    writeFileSync(petsFile, good);
    await page.locator('#portal-preview-problems').waitFor({ state: 'detached', timeout: WAIT_MS });
    await expect.poll(() => heading(page), { timeout: WAIT_MS }).toBe('List every pet');
  });

  it('shows a broken save over the last good page, linked to its line, until it is fixed', async () => {
    const good = readFileSync(petsFile, 'utf8');
    const lines = good.split('\n');
    expect(lines[2]).toBe('  summary: List every pet');
    lines[2] = '  summary: List every pet: broken: here';
    writeFileSync(petsFile, lines.join('\n'));

    const panel = page.locator('#portal-preview-problems[data-state="error"]');
    await panel.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await panel.getByRole('status').textContent()).toMatch(/The API description has \d+ errors?\./);
    const problem = panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: /paths\/pets\.yaml:\d+:\d+$/ }) })
      .first();
    expect(await problem.getAttribute('data-line')).toBe('3');
    expect(await placeOf(problem).textContent()).toMatch(/paths\/pets\.yaml:3:\d+$/);
    expect(await problem.getByText('error', { exact: true }).isVisible()).toBe(true);
    // The last good version stays on screen and in the mock.
    expect(await heading(page)).toBe('List every pet');
    expect((await (await fetch(`${mock}pets`, AUTH)).json())[0].name).toBe('Rexanne');
    // The terminal lists the same problem in `file:line:col severity rule message` form.
    await preview.waitFor(/paths\/pets\.yaml:3:\d+ error \S+ .+/, 5_000);
    expect(await seriousAxeViolations(page, '#portal-preview-problems')).toEqual([]);

    // The problem links to its line in the source view.
    const source = await browser.newPage();
    await visit(source, new URL((await placeOf(problem).getAttribute('href'))!, site).href);
    expect(await source.locator('[aria-current="location"]').getAttribute('id')).toBe('L3');
    expect(await source.locator('[aria-current="location"]').getByRole('code').textContent()).toBe('  summary: List every pet: broken: here');
    expect(
      await source
        .getByText(/^error \S+: .+ \(column \d+\)$/)
        .first()
        .isVisible(),
    ).toBe(true);
    // Only the description's own files are shown, named absolutely or relatively.
    for (const file of ['/etc/passwd', relative(ROOT, '/etc/passwd')]) {
      const outside = await fetch(`${site}__preview/source?file=${encodeURIComponent(file)}`);
      expect(outside.status).toBe(404);
      expect(await outside.text()).not.toContain('root:');
    }
    await source.close();

    writeFileSync(petsFile, good);
    await page.locator('#portal-preview-problems').waitFor({ state: 'detached', timeout: WAIT_MS });
    expect(await heading(page)).toBe('List every pet');
  });

  it("reads and shows no file outside the description's folder and the project, even one a $ref names", async () => {
    const good = readFileSync(petsFile, 'utf8');
    const secret = join(tmp, 'secret.yaml');
    writeFileSync(secret, 'token: top-secret\nbroken: [\n');
    edit(petsFile, (text) => text.replace('- $ref: ../components/parameters/Limit.yaml', '- $ref: ../../secret.yaml'));
    // The reference is refused where it is written, the file is never read, and the pages keep the last good version.
    const problem = page
      .locator('#portal-preview-problems[data-state="error"]')
      .getByRole('listitem')
      .filter({ hasText: 'ref-outside-root', has: page.getByRole('link', { name: /pets\.yaml:\d+:\d+$/ }) });
    await problem.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await page.locator('#portal-preview-problems').textContent()).not.toContain('top-secret');
    for (const file of [secret, relative(ROOT, secret)]) {
      expect(file === secret || file.startsWith('../')).toBe(true);
      const answer = await fetch(`${site}__preview/source?file=${encodeURIComponent(file)}&line=1`);
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('top-secret');
    }
    // A file of the description's folder is shown, also when named by a `../` path from the project.
    const inside = await fetch(`${site}__preview/source?file=${encodeURIComponent(relative(ROOT, petsFile))}`);
    expect(inside.status).toBe(200);
    expect(await inside.text()).toContain('../../secret.yaml');

    writeFileSync(petsFile, good);
    await page.locator('#portal-preview-problems').waitFor({ state: 'detached', timeout: WAIT_MS });
  });

  it('applies a save with only warnings, shows their count, and follows a newly referenced file', async () => {
    await visit(page, site);
    expect(await page.getByText(/\d+ schemas/).textContent()).toContain('10 schemas');
    const extra = join(tmp, 'openapi/components/schemas/Extra.yaml');
    writeFileSync(extra, 'type: object\ndescription: First words about Extra.\n');
    // A schema in a new file, and an inline one nothing uses (Redocly's no-unused-components warns).
    edit(spec, (text) => text.replace(/^ {2}schemas:$/m, '  schemas:\n    Extra:\n      $ref: components/schemas/Extra.yaml\n    Unused:\n      type: string'));
    const panel = page.locator('#portal-preview-problems[data-state="ok"]');
    await panel.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await panel.getByRole('status').textContent()).toBe('The API description has 1 warning.');
    // Not blocking: the page shows the new version.
    await expect.poll(() => page.getByText(/\d+ schemas/).textContent(), { timeout: WAIT_MS }).toContain('12 schemas');
    const list = panel.getByRole('list');
    expect(await list.isHidden()).toBe(true);
    await panel.getByRole('button', { name: 'Show' }).click();
    expect(await list.getByRole('listitem').first().textContent()).toMatch(/openapi\.yaml:\d+:\d+ warning no-unused-components/);

    // The new file is watched from now on.
    await visit(page, `${site}schemas/extra/`);
    expect(await page.locator('main').textContent()).toContain('First words about Extra.');
    const timings = await measureSave({
      page,
      file: extra,
      edit: (text) => text.replace('First words', 'Second words'),
      pageText: 'Second words about Extra.',
    });
    console.log(`save of a newly referenced file to page ${timings.pageMs} ms`);
  });

  it('lists many problems a hundred at a time, the next ones a key press away', async () => {
    await visit(page, site);
    const before = readFileSync(spec, 'utf8');
    // 130 more schemas nothing uses: 131 warnings with the one already there.
    const unused = Array.from({ length: 130 }, (_, i) => `    Unused${i}:\n      type: string`).join('\n');
    edit(spec, (text) => text.replace(/^ {2}schemas:$/m, `  schemas:\n${unused}`));
    const panel = page.locator('#portal-preview-problems[data-state="ok"]');
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: WAIT_MS }).toBe('The API description has 131 warnings.');
    await panel.getByRole('button', { name: 'Show', exact: true }).click();
    const items = panel.getByRole('listitem');
    expect(await items.count()).toBe(100);
    const more = panel.getByRole('button', { name: 'Show 31 more (100 of 131 shown)' });
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await items.count()).toBe(131);
    expect(await more.count()).toBe(0);
    // The keyboard goes on from the first problem added.
    expect(await page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('data-line'))).toBe(await items.nth(100).getAttribute('data-line'));
    expect(await seriousAxeViolations(page, '#portal-preview-problems')).toEqual([]);
    writeFileSync(spec, before);
    await expect.poll(() => panel.getByRole('status').textContent(), { timeout: WAIT_MS }).toBe('The API description has 1 warning.');
  });

  it('lists a breaking change on "What changed", linked from the home page', async () => {
    await visit(page, site);
    await page.getByRole('link', { name: 'What changed' }).click();
    await page.waitForURL(`${site}changes/`);
    expect(await heading(page)).toBe('What changed');
    // The first save changed a summary and an example: changes, none breaking.
    expect(await breakingCount(page)).toBe('0');

    edit(petsFile, (text) => text.replace(/(- name: status\n\s+in: query\n\s+required: )false/, '$1true'));
    const change = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: /^BREAKING .*status/ });
    await change.waitFor({ state: 'visible', timeout: WAIT_MS });
    expect(await change.textContent()).toMatch(/^BREAKING .*status/);
    expect(await breakingCount(page)).toBe('1');
    // The terminal names the breaking change once, and never repeats a summary it just printed.
    await preview.waitFor(new RegExp(`^\\d+ changes since \\S+, 1 breaking: GET /pets \\(listPets\\): .*status.* — see ${site}changes/$`, 'm'), 5_000);
    const summaries = preview.stderr().match(/^.* — see \S+\/changes\/$/gm) ?? [];
    expect(summaries.length).toBeGreaterThan(2);
    expect(summaries.filter((line, i) => i > 0 && line === summaries[i - 1])).toEqual([]);
    expect(await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').getAttribute('href')).toBe('/operations/list-pets/');
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  });

  it('keeps an open page as it is while the same site is built for publishing, then follows the next save', async () => {
    await visit(page, `${site}operations/list-pets/`);
    const loads = countLoads(page);
    // The build writes the site folder's own files (Astro's, the lock) that the preview's server reads too.
    const build = await run(NODE, ['scripts/build.ts', '--spec', spec, '--out', published], {
      cwd: ROOT,
      env: cleanEnv({ PORTAL_PREVIEW: '1', DEV: '1' }),
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    expect(build.code, build.stderr).toBe(0);
    await measureSave({ page, file: petsFile, edit: (text) => text.replace('summary: List every pet', 'summary: List the pets'), pageText: 'List the pets' });
    // Only the save reloaded the page.
    expect(loads.stop()).toBe(1);
  });

  it('leaves the page and the link out of that published build, even with PORTAL_PREVIEW=1 and DEV=1 set', async () => {
    const out = published;
    expect(readFileSync(join(out, 'operations/list-pets/index.html'), 'utf8')).toContain('List every pet');
    const home = readFileSync(join(out, 'index.html'), 'utf8');
    expect(home).not.toContain('What changed');
    expect(existsSync(join(out, 'changes'))).toBe(false);
    const files = readdirSync(out, { recursive: true, withFileTypes: true }).filter((f) => f.isFile() && /\.(html|js)$/.test(f.name));
    for (const file of files) expect(readFileSync(join(file.parentPath, file.name), 'utf8')).not.toContain('__preview');
  });

  it('answers the pages while its mock checks hostile bodies against a recursive schema', async () => {
    const original = readFileSync(spec, 'utf8');
    const trees = {
      post: {
        operationId: 'postTrees',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Wider' } } } },
        responses: { '201': { description: 'Created' } },
      },
    };
    const schemas = Object.entries(wideSchemas(64, 'Wider')).map(([name, schema]) => `    ${name}: ${JSON.stringify(schema)}`);
    edit(spec, (text) =>
      text.replace(/^paths:$/m, `paths:\n  /trees: ${JSON.stringify(trees)}`).replace(/^ {2}schemas:$/m, `  schemas:\n${schemas.join('\n')}`),
    );
    const post = (body: unknown) =>
      fetch(`${mock}trees`, { method: 'POST', headers: { ...AUTH.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    // The mock serves the save once /trees is no longer an unknown path.
    await expect.poll(async () => (await post({})).status, { timeout: 60_000, interval: 200 }).not.toBe(404);
    // The page is compiled once before, as for a writer who has it open.
    expect((await fetch(`${site}operations/list-pets/`)).status).toBe(200);
    const hostile = Promise.all(Array.from({ length: 10 }, () => post(wideBody(64, 60_000)).then((r) => r.status)));
    let done = false;
    void hostile.then(() => (done = true));
    let pages = 0;
    // A page of the preview at a time for as long as the mock, in the same process, checks the hostile bodies.
    while (!done) {
      const answer = await fetch(`${site}operations/list-pets/`);
      expect(answer.status).toBe(200);
      await answer.text();
      pages++;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(await hostile).toEqual(Array.from({ length: 10 }, () => 413));
    writeFileSync(spec, original);
  });

  it('stops the site, the mock and the watchers on Ctrl-C', async () => {
    preview.child.kill('SIGINT');
    const { code, signal } = await preview.exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(await refused(port)).toBe(true);
    expect(await refused(mockPort)).toBe(true);
  });
});
