// `npm run dev` on a large generated description, whose validation and lint take several times
// as long as building its pages: a save shows on the open page while its check still runs, the
// check's problems then join the overlay, and a save made during a check is the one that lands.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewStatus } from '../../scripts/site/preview-channel.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort } from '../helpers/ports.ts';
import { gone, start, stop, type Running } from '../helpers/processes.ts';
import { brokenExample, largeDocument, linesOf } from './large-document.ts';
import { defined } from '../helpers/defined.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const PREVIEW_TIMEOUT_MS = 600_000;
const NODE = join(ROOT, 'node_modules/.bin/node');
const SIZE = { operations: 400, schemas: 300 };
/** A check of the large document takes seconds on two busy cores; this is when one has hung. */
const CHECK_MS = 120_000;
const TEST_TIMEOUT_MS = 300_000;

let tmp: string;
let spec: string;
let preview: Running;
let site: string;
let browser: Browser;
let page: Page;
let events: StatusStream;

/** The environment of a user's shell (see preview.test.ts): none of the runner's or the preview's own variables. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^(PORTAL_|VITEST|TEST$|NODE_ENV$|DEV$|PROD$|MODE$|SSR$|BASE_URL$)/.test(key)) env[key] = value;
  }
  return env;
}

interface StatusStream {
  /** Every status the preview sent, in order. */
  seen: PreviewStatus[];
  /** Resolves with the first status from index `from` on that matches. */
  next(match: (status: PreviewStatus) => boolean, from?: number): Promise<PreviewStatus>;
  close(): void;
}

/** The preview's status events (/__preview/events), as the overlay receives them. */
async function statusStream(url: string): Promise<StatusStream> {
  const seen: PreviewStatus[] = [];
  const waiters = new Set<() => void>();
  const abort = new AbortController();
  const response = await fetch(url, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const data = buffer.slice(0, end).match(/^data: (.*)$/m)?.[1];
        buffer = buffer.slice(end + 2);
        if (data) seen.push(JSON.parse(data) as PreviewStatus);
      }
      for (const waiter of [...waiters]) waiter();
    }
  })();
  return {
    seen,
    next(match, from = 0) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No such status within ${CHECK_MS} ms; seen: ${JSON.stringify(seen.map((s) => [s.state, s.version]))}`));
        }, CHECK_MS);
        const check = (): void => {
          const found = seen.slice(from).find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        waiters.add(check);
        check();
      });
    },
    close: () => abort.abort(),
  };
}

const heading = (target: Page) => target.locator('h1').first().textContent();
const save = (change: (text: string) => string): void => writeFileSync(spec, change(readFileSync(spec, 'utf8')));
const rename = (title: string) => (text: string) => text.replace(/"summary": "Get thing [A-Za-z]+"/, `"summary": "Get thing ${title}"`);

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'preview-check-'));
  spec = join(tmp, 'openapi.json');
  writeFileSync(spec, largeDocument(SIZE, 'Alpha'));
  const args = ['--spec', spec, '--port', String(await freePort()), '--mock-port', String(await freePort()), '--host', '127.0.0.1'];
  preview = start(NODE, ['scripts/dev.ts', ...args], { cwd: ROOT, env: cleanEnv(), timeoutMs: PREVIEW_TIMEOUT_MS });
  site = defined((await preview.waitFor(/^Preview: (http:\/\/\S+)$/m, 200_000))[1], 'the preview address');
  events = await statusStream(`${site}__preview/events`);
  // The check of the document as it was at start: it has no problem.
  const first = await events.next((s) => s.state === 'ok');
  expect(first.problems).toEqual([]);
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.goto(`${site}operations/get-thing0/`);
  expect(await heading(page)).toBe('Get thing Alpha');
}, 400_000);

afterAll(async () => {
  events?.close();
  await browser?.close();
  if (preview) {
    await stop(preview, 'SIGKILL');
    expect(gone(preview)).toBe(true);
  }
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('npm run dev on a large description', () => {
  it(
    'shows a save on the page while its check runs, then the problems the check found in the overlay',
    async () => {
      const from = events.seen.length;
      const version = events.seen.at(-1)!.version + 1;
      save((text) => brokenExample(rename('Beta')(text), 2));

      // The page reloads with the save, and the overlay it opens with says the check is still running.
      await expect.poll(() => heading(page), { timeout: CHECK_MS }).toBe('Get thing Beta');
      const checking = page.locator('#portal-preview-problems[data-state="checking"]');
      await checking.waitFor({ state: 'visible', timeout: CHECK_MS });
      expect(await checking.textContent()).toBe('Checking the description…');
      // The preview said so in that order: the save's version shown unchecked, then checked.
      const shown = await events.next((s) => s.version === version, from);
      expect(shown.state).toBe('checking');
      expect(shown.problems).toEqual([]);

      // The check's problem joins the overlay, at its line in operation 2.
      const panel = page.locator('#portal-preview-problems[data-state="ok"]');
      await panel.waitFor({ state: 'visible', timeout: CHECK_MS });
      expect(await panel.getByRole('status').textContent()).toBe('The API description has 1 warning.');
      await panel.getByRole('button', { name: 'Show' }).click();
      const problem = panel.getByRole('listitem');
      expect(await problem.count()).toBe(1);
      expect(await problem.getByRole('code').textContent()).toBe('no-invalid-media-type-examples');
      const { first, last } = linesOf(readFileSync(spec, 'utf8'), 2);
      const line = Number(await problem.getAttribute('data-line'));
      expect(line).toBeGreaterThan(first);
      expect(line).toBeLessThan(last);
      const checked = await events.next((s) => s.state === 'ok', from);
      expect(checked.version).toBe(version);
      console.log(`save to page and mock ${checked.durationMs} ms, then validation and lint ${checked.checkMs} ms`);
      expect(events.seen.indexOf(checked)).toBeGreaterThan(events.seen.indexOf(shown));
      // The terminal lists it too, once the check is done.
      await preview.waitFor(new RegExp(`openapi\\.json:${line}:\\d+ warning no-invalid-media-type-examples`), WAIT_MS);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps a save made during a check: the last save is the one checked and shown',
    async () => {
      const from = events.seen.length;
      const version = events.seen.at(-1)!.version;
      // Operation 2's example fixed, operation 5's broken: a save whose check is left running…
      save((text) => brokenExample(rename('Gamma')(text).replace('"field0": "broken-2"', '"field0": 2'), 5));
      await events.next((s) => s.version === version + 1 && s.state === 'checking', from);
      expect(events.seen.at(-1)).toMatchObject({ version: version + 1, state: 'checking' });
      // …by this one: operation 5 fixed again, operation 7 broken.
      save((text) => brokenExample(rename('Delta')(text).replace('"field0": "broken-5"', '"field0": 5'), 7));

      await expect.poll(() => heading(page), { timeout: CHECK_MS }).toBe('Get thing Delta');
      const checked = await events.next((s) => s.state === 'ok', from);
      expect(checked.version).toBe(version + 2);
      expect(checked.problems.map((p) => [p.rule, p.line])).toHaveLength(1);
      const { first, last } = linesOf(readFileSync(spec, 'utf8'), 7);
      expect(checked.problems[0]?.line).toBeGreaterThan(first);
      expect(checked.problems[0]?.line).toBeLessThan(last);
      // The overlay shows that check: operation 7's example, nothing of operation 5's.
      const panel = page.locator('#portal-preview-problems[data-state="ok"]');
      await panel.waitFor({ state: 'visible', timeout: CHECK_MS });
      await panel.getByRole('button', { name: 'Show' }).click();
      const items = panel.getByRole('listitem');
      expect(await items.count()).toBe(1);
      expect(await items.first().getAttribute('data-line')).toBe(String(checked.problems[0]?.line));
    },
    TEST_TIMEOUT_MS,
  );
});
