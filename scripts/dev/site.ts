// The portal in Astro's development server, reading the model JSON the
// preview rewrites on every good save (PORTAL_MODEL); PORTAL_PREVIEW=1 adds
// the preview's pages and problems overlay (site/src/integrations/preview.ts).
import { join } from 'node:path';
import { dev } from 'astro';
import { ASTRO_DIR, SITE_ROOT } from '../site/astro-build.ts';
import { lockDir, withLock } from '../site/lock.ts';

/** The operation pages and the home page (globs: a route's brackets are matched by `*`). */
const WARM_PAGES = ['src/pages/*/operations/*.astro', 'src/pages/*/index.astro'];

export interface SiteOptions {
  host: string;
  port: number;
  modelFile: string;
  /** The preview's own address, for absolute URLs in the pages. */
  url: string;
  /** The preview's mock server, for the pages that point readers at it. */
  mockUrl: string;
}

export interface PreviewSite {
  close(): Promise<void>;
}

export async function startSite(options: SiteOptions): Promise<PreviewSite> {
  // The site's config reads these when it loads, so they are set first.
  process.env.PORTAL_MODEL = options.modelFile;
  process.env.PORTAL_PREVIEW = '1';
  process.env.PORTAL_SITE = options.url;
  process.env.PORTAL_MOCK_URL = options.mockUrl.replace(/\/$/, '');
  // Starting writes the site's shared `.astro` folder, which a build running meanwhile reads: take turns.
  const server = await withLock(SITE_ROOT, () =>
    dev({
      root: SITE_ROOT,
      // Errors only: the terminal is where writers read the description's problems.
      logLevel: 'error',
      server: { host: options.host, port: options.port },
      // The preview shows its own problems panel; Astro's toolbar would sit on top of it.
      devToolbar: { enabled: false },
      vite: {
        server: {
          // The port was checked free; taking another one silently would leave the printed address wrong.
          strictPort: true,
          // The first page's modules are many (Starlight's, the portal's): each one's imports are transformed as soon
          // as it is, side by side, rather than one import at a time as the page's code asks for them (seconds saved).
          preTransformRequests: true,
          // And the pages a writer opens first are transformed as the server starts, while the first save is modelled.
          warmup: { ssrFiles: WARM_PAGES },
          // Astro's folder and the build lock are written by any build or preview of this site folder: a file
          // changed there would reload the pages of every preview open (twice per build). Astro reloads for
          // its own writes there without the watcher; a preview's pages reload when its model changes.
          watch: { ignored: [join(ASTRO_DIR, '**'), join(lockDir(SITE_ROOT), '**')] },
        },
      },
    }),
  );
  return { close: () => server.stop() };
}
