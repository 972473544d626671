// Save-to-update times of a running preview, as a writer feels them: from the
// moment a file is written to the moment an open page shows the new text, and
// to the first mock answer with the new content. Used by the preview's tests
// and by the benchmarks; takes a Playwright page already open on the preview.
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
  /** Save to the page (reloaded by itself) showing `pageText`. */
  pageMs: number;
  /** Save to the first mock answer containing `mock.expect`, if asked. */
  mockMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function measureSave(options: SaveMeasureOptions): Promise<SaveTimings> {
  const { page, pageText } = options;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const text = await readFile(options.file, 'utf8');
  const next = options.edit(text);
  if (next === text) throw new Error(`The edit changes nothing in ${options.file}.`);

  let saved = 0;
  let done = false;
  // Each load of the page is checked as soon as its document is parsed (the pages are rendered on the
  // server, so the new text is there at that moment); polling a locator would add its own interval.
  const pageShown = new Promise<number>((resolve, reject) => {
    const check = async (): Promise<void> => {
      const at = performance.now();
      // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, hidden elements left out
      const shown = await page.evaluate((t) => document.body?.innerText.includes(t) ?? false, pageText).catch(() => false);
      if (shown && !done) {
        page.off('domcontentloaded', check);
        resolve(at - saved);
      }
    };
    page.on('domcontentloaded', check);
    setTimeout(() => {
      page.off('domcontentloaded', check);
      reject(new Error(`The page did not show "${pageText}" within ${timeoutMs} ms of the save.`));
    }, timeoutMs).unref();
  });

  const mockAnswered = async (): Promise<number | undefined> => {
    const mock = options.mock;
    if (!mock) return undefined;
    while (performance.now() - saved < timeoutMs) {
      const body = await fetch(mock.url, mock.init)
        .then((r) => r.text())
        .catch(() => '');
      if (body.includes(mock.expect)) return performance.now() - saved;
      await sleep(5);
    }
    throw new Error(`The mock did not answer with "${mock.expect}" within ${timeoutMs} ms of the save.`);
  };

  saved = performance.now();
  await writeFile(options.file, next);
  try {
    const [pageMs, mockMs] = await Promise.all([pageShown, mockAnswered()]);
    return { pageMs: Math.round(pageMs), ...(mockMs !== undefined ? { mockMs: Math.round(mockMs) } : {}) };
  } finally {
    done = true;
  }
}
