// Search on a built portal as a reader uses it: open the search box on a page, type, and read the
// results once Pagefind has said how many it found and has filled in every one it shows.
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
    // "3 results for createPet", "No results for createPet": then as many results as it shows (five at most), each loaded.
    await page.waitForFunction(
      (asked) => {
        const message = document.querySelector('#starlight__search .pagefind-ui__message')?.textContent ?? '';
        const found = new RegExp(`^(No|\\d+) results? for \\[?${asked}`).exec(message.trim());
        if (!found) return false;
        const expected = found[1] === 'No' ? 0 : Math.min(Number(found[1]), 5);
        const results = document.querySelectorAll('#starlight__search .pagefind-ui__result');
        const loaded = document.querySelectorAll('#starlight__search .pagefind-ui__result .pagefind-ui__result-link');
        return results.length === expected && loaded.length >= expected && !document.querySelector('#starlight__search .pagefind-ui__loading');
      },
      term,
      { timeout: 15_000 },
    );
    return await page
      .locator('#starlight__search .pagefind-ui__result-link')
      .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  } finally {
    await page.close();
  }
}
