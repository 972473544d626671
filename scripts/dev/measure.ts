// Save-to-update times of a running preview, as a writer feels them: from the
// moment a file is written to the first frame the open page paints with the new
// text, and to the first mock answer with the new content. Used by the preview's
// tests and by the benchmarks; takes a Playwright page already open on the preview.
import { readFile, writeFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';

export interface SaveMeasureOptions {
  page: Page;
  /** The description file to save. */
  file: string;
  /** Turns the file's text into the saved text. */
  edit: (text: string) => string;
  /** Text the open page shows once it has reloaded with the new version. */
  pageText: string;
  /** A mock request whose answer contains `expect` once the mock serves the new version. */
  mock?: { url: string; init?: RequestInit; expect: string };
  timeoutMs?: number;
}

export interface SaveTimings {
  /** Save to the first frame the page (reloaded by itself) paints with `pageText` in it. */
  pageMs: number;
  /** Save to that page's DOMContentLoaded: its scripts have run (in development, each of its modules served one by one). */
  pageScriptsMs: number;
  /** Save to the first mock answer containing `mock.expect`, if asked. */
  mockMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The wall clock in milliseconds, as the page reads it too (performance.timeOrigin + now, in both). */
const wallClock = (): number => performance.timeOrigin + performance.now();
/** Where the page keeps the time of its first frame with the text. */
const PAINTED = '__portalSavePaintedAt';

export async function measureSave(options: SaveMeasureOptions): Promise<SaveTimings> {
  const { page, pageText } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const text = await readFile(options.file, 'utf8');
  const next = options.edit(text);
  if (next === text) throw new Error(`The edit changes nothing in ${options.file}.`);

  // Every document the page loads from now on looks, before each frame it paints, for the text; the first frame that
  // has it is when a writer sees the save. The pages are rendered on the server, so that frame comes as soon as the
  // document is parsed and styled, before its scripts run.
  const watcher = await page.addInitScript(
    ({ text, key, until }) => {
      const look = (): void => {
        // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden elements left out
        if (document.body?.innerText.includes(text)) (window as unknown as Record<string, number>)[key] = performance.timeOrigin + performance.now();
        else if (performance.timeOrigin + performance.now() < until) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    },
    { text: pageText, key: PAINTED, until: wallClock() + timeoutMs },
  );

  let saved = 0;
  let done = false;
  const pageShown = new Promise<{ painted: number; scripts: number }>((resolve, reject) => {
    const check = async (): Promise<void> => {
      const scripts = wallClock();
      // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden elements left out
      const shown = await page.evaluate((t) => document.body?.innerText.includes(t) ?? false, pageText).catch(() => false);
      if (!shown || done) return;
      page.off('domcontentloaded', listener);
      // Its first frame may come after DOMContentLoaded (a small page parsed before its styles arrive): waited for.
      const painted = await page
        .waitForFunction((key) => (window as unknown as Record<string, number | undefined>)[key], PAINTED, { polling: 'raf', timeout: timeoutMs })
        .then((handle) => handle.jsonValue() as Promise<number>);
      resolve({ painted: painted - saved, scripts: scripts - saved });
    };
    const listener = (): void => void check().catch(reject);
    page.on('domcontentloaded', listener);
    setTimeout(() => {
      page.off('domcontentloaded', listener);
      reject(new Error(`The page did not show "${pageText}" within ${timeoutMs} ms of the save.`));
    }, timeoutMs).unref();
  });

  const mockAnswered = async (): Promise<number | undefined> => {
    const mock = options.mock;
    if (!mock) return undefined;
    while (wallClock() - saved < timeoutMs) {
      const body = await fetch(mock.url, mock.init)
        .then((r) => r.text())
        .catch(() => '');
      if (body.includes(mock.expect)) return wallClock() - saved;
      await sleep(5);
    }
    throw new Error(`The mock did not answer with "${mock.expect}" within ${timeoutMs} ms of the save.`);
  };

  saved = wallClock();
  await writeFile(options.file, next);
  try {
    const [shown, mockMs] = await Promise.all([pageShown, mockAnswered()]);
    return {
      pageMs: Math.round(shown.painted),
      pageScriptsMs: Math.round(shown.scripts),
      ...(mockMs !== undefined ? { mockMs: Math.round(mockMs) } : {}),
    };
  } finally {
    done = true;
    await watcher.dispose();
  }
}
