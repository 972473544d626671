// Search on a built portal as a reader uses it: open the search box on a page, type, and read the
// results once Pagefind has said how many it found and has filled in every one of them.
import type { Browser } from 'playwright-core';

/** The pages (paths) the results link to, sub-results included. */
export async function searchResults(browser: Browser, url: string, term: string): Promise<string[]> {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  try {
    await page.goto(url);
    await page.locator('portal-search button.open:not([disabled])').click();
    const input = page.locator('#starlight__search input');
    await input.waitFor({ state: 'visible', timeout: 15_000 });
    await input.fill(term);
    await page.locator('#starlight__search .pagefind-ui__message', { hasText: term }).waitFor({ timeout: 15_000 });
    // Each result is a placeholder until its page's data has loaded.
    await page.waitForFunction(() => document.querySelectorAll('#starlight__search .pagefind-ui__result .pagefind-ui__loading').length === 0, undefined, {
      timeout: 15_000,
    });
    return await page
      .locator('#starlight__search .pagefind-ui__result-link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  } finally {
    await page.close();
  }
}
