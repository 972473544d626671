// Debian's Chromium for the browser tests, and axe-core run inside a page.
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './paths.ts';
import { WAIT_MS } from './wait.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

/**
 * The serious and critical axe-core violations on the page, as `rule at target, target`
 * lines; only inside `include` (a selector) when given, else the whole document. A page that
 * navigates meanwhile (the preview reloads open pages on a save, late on a busy machine) is
 * checked again once the new one has loaded.
 */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  try {
    return await axeOnce(page, include);
  } catch (error) {
    if (!/Execution context was destroyed/.test(String(error))) throw error;
    await page.waitForLoadState('load');
    if (include) await page.locator(include).first().waitFor({ state: 'visible', timeout: WAIT_MS });
    return axeOnce(page, include);
  }
}

async function axeOnce(page: Page, include?: string): Promise<string[]> {
  await page.addScriptTag({ path: join(ROOT, 'node_modules/axe-core/axe.min.js') });
  return page.evaluate(async (selector) => {
    type Result = { violations: { id: string; impact: string; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: unknown) => Promise<Result> } }).axe;
    const result = await axe.run(selector === null ? document : { include: [selector] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }, include ?? null);
}
