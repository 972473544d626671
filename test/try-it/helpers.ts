// Shared by the try-it browser tests: the built portal beside a mock serving the same
// description, and what a reader does with a panel (send, run the curl command).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startMockServer, type MockServer } from '../../scripts/mock/server.ts';
import { serveStatic, type StaticServer } from '../../scripts/infra/serve-static.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { ROOT } from '../helpers/paths.ts';
import { refused } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, runShell, scriptEnv } from '../helpers/processes.ts';

export interface TryItSite {
  /** The built portal's folder. */
  out: string;
  mock: MockServer;
  portal: StaticServer;
  browser: Browser;
  /** Closes the browser, the portal's server and the mock, removes the folder, and checks nothing listens on their ports any more. */
  close(): Promise<void>;
}

/**
 * A mock serving `spec` on a port of the system's choosing, the portal built from the same
 * description with its panels' default target set to that mock, served on 127.0.0.1, and Chromium.
 */
export async function startTryItSite(spec: string, prefix: string): Promise<TryItSite> {
  const out = await mkdtemp(join(tmpdir(), `${prefix}-`));
  const opened: (() => Promise<unknown>)[] = [() => rm(out, { recursive: true, force: true })];
  // Each one is closed even when another fails; the first failure is reported.
  const close = async () => {
    const failures: unknown[] = [];
    for (const closeOne of opened.splice(0).reverse()) await closeOne().catch((failure: unknown) => failures.push(failure));
    if (failures.length > 0) throw failures[0];
  };
  try {
    const mock = await startMockServer({ spec, port: 0, host: '127.0.0.1', quiet: true, watch: false });
    opened.push(async () => {
      await mock.close();
      expect(await refused(mock.port)).toBe(true);
    });
    const build = await runScript('scripts/build.ts', ['--spec', spec, '--out', out], {
      env: scriptEnv({ PORTAL_MOCK_URL: mock.url }),
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    if (build.code !== 0) throw new Error(`Build failed:\n${build.output}`);
    const portal = await serveStatic(out, { host: '127.0.0.1', port: 0 });
    opened.push(async () => {
      await portal.close();
      expect(await refused(portal.port)).toBe(true);
    });
    const browser = await launchBrowser();
    opened.push(() => browser.close());
    return { out, mock, portal, browser, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Opens the page's try-it panel as a reader does, with the "Try it" button of the request
 * sample, and waits until its script has wired Send. The panel starts on the description's
 * first server; unless told `{ target: 'first' }`, the reader then chooses the local mock.
 */
export async function openPanel(page: Page, { target = 'mock' }: { target?: 'mock' | 'first' } = {}): Promise<void> {
  const button = page.getByRole('button', { name: 'Try it', exact: true });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
  await page.locator('#try-it-send:not([disabled])').waitFor();
  const select = page.locator('#try-it-target');
  if (target === 'mock' && (await select.inputValue()) !== 'mock') await select.selectOption('mock');
}

/** Clicks Send and returns the status line once the panel has one. */
export async function send(page: Page): Promise<string> {
  await page.locator('#try-it-send').click();
  await page
    .locator('#try-it-status')
    .filter({ hasText: /Response: |Could not|blocked|Not sent/ })
    .waitFor();
  return (await page.locator('#try-it-status').textContent()) ?? '';
}

/**
 * The page's code sample in `lang` (curl by default) once it shows what the panel holds now:
 * the samples carry the revision of the panel's input they were written from.
 */
export async function sampleCode(page: Page, lang = 'sh'): Promise<string> {
  await page.waitForFunction(() => {
    const panel = document.querySelector<HTMLElement>('[data-try-it]');
    return panel?.dataset.revision === document.querySelector<HTMLElement>('[data-request-sample]')?.dataset.revision;
  });
  return (await page.locator(`pre[data-lang="${lang}"] code`).textContent()) ?? '';
}

/** Opens a folded section of the panel ("Authentication", "Body"…) as a reader does, by its summary. */
export async function openSection(page: Page, name: string): Promise<void> {
  const details = page.locator('#try-it details').filter({ has: page.locator('summary', { hasText: name }) });
  if ((await details.getAttribute('open')) === null) await details.locator('summary').first().click();
}

/** Runs a curl command as a reader pastes it into a shell; the HTTP status it got. */
export async function curlStatus(command: string, cwd = ROOT): Promise<string> {
  const result = await runShell(`${command} -s -o /dev/null -w '%{http_code}'`, { cwd, timeoutMs: 30_000 });
  if (result.code !== 0) throw new Error(`curl exited with ${result.code}:\n${result.output}`);
  return result.stdout;
}
