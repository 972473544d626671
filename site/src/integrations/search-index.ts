// The search index of a built site, by Pagefind, as Starlight builds it (its own step is off in
// astro.config.ts), without the portal's own labels (scripts/reference/search-options.ts): here the heap the
// pages left is given back while Pagefind reads them, instead of before it starts. GitHub's API: the collection takes about 0.25 s of a build that otherwise
// waits on Pagefind's 2.5 s.
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { SEARCH_EXCLUDED } from '#reference/search-options.ts';
import { giveMemoryBack } from './build-memory.ts';

export function searchIndex(): AstroIntegration {
  return {
    name: 'portal:search-index',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const log = logger.fork('search');
        const started = performance.now();
        const pagefind = await import('pagefind');
        try {
          const { index, errors } = await pagefind.createIndex({ excludeSelectors: [...SEARCH_EXCLUDED] });
          if (!index) throw new Error(errors.join('\n'));
          const reading = index.addDirectory({ path: fileURLToPath(dir) });
          // Sent: Pagefind starts its process and reads the pages while this thread collects.
          giveMemoryBack();
          const added = await reading;
          if (added.errors.length > 0) throw new Error(added.errors.join('\n'));
          const written = await index.writeFiles({ outputPath: fileURLToPath(new URL('./pagefind/', dir)) });
          if (written.errors.length > 0) throw new Error(written.errors.join('\n'));
          log.info(`Indexed ${added.page_count} pages in ${((performance.now() - started) / 1000).toFixed(2)} s.`);
        } catch (cause) {
          throw new Error('Pagefind could not index the site', { cause });
        } finally {
          await pagefind.close();
        }
      },
    },
  };
}
