// The portal: Astro with Starlight as the shell. Pages come from the API model named by
// PORTAL_MODEL (see src/integrations/model-plugin.ts), not from content files.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiModelPlugin, modelGate } from './src/integrations/model-plugin.ts';
import { pageReloads } from './src/integrations/page-reloads.ts';
import { DEFAULT_TITLE } from './src/lib/portal-title.ts';
import { devOrigin } from './src/integrations/dev-origin.ts';
import { buildMemory } from './src/integrations/build-memory.ts';
import { searchIndex } from './src/integrations/search-index.ts';
import { outputLimit } from './src/integrations/output-limit.ts';
import { portalPreview, previewEnabled } from './src/integrations/preview.ts';
import { DEFAULT_SITE } from '#defaults';

// Its ES module build: the dev server evaluates aliased files as ES modules (the CommonJS entry fails there).
const starlightJsYaml = join(dirname(createRequire(fileURLToPath(import.meta.resolve('@astrojs/starlight'))).resolve('js-yaml')), 'dist/js-yaml.mjs');

export default defineConfig({
  site: process.env.PORTAL_SITE || DEFAULT_SITE,
  trailingSlash: 'ignore',
  telemetry: false,
  // A few pages render while others are written: one at a time, the build waits on every file
  // it writes (3,466 files on GitHub's API, 1–3 s of this machine's file system). No page depends
  // on another's rendering (each page's sidebar is its own copy of its section's, lib/sidebar.ts).
  build: { concurrency: 4 },
  integrations: [
    // A build whose model is still being written bundles once it is (scripts/build.ts).
    modelGate(),
    buildMemory(),
    // The pages of `npm run build` counted against the bound on its output, the build stopped past it.
    outputLimit(),
    // Pagefind's index of the built pages, as Starlight's own step (off below) builds it.
    searchIndex(),
    starlight({
      // The API's own title replaces it on every page (src/route-data.ts): the config is read before the model exists.
      title: DEFAULT_TITLE,
      routeMiddleware: './src/route-data.ts',
      // Our own 404 page renders with the portal's navigation.
      disable404Route: true,
      // Code samples are plain text blocks; the highlighter's CSS and JS would weigh on every page.
      expressiveCode: false,
      pagination: false,
      // The search index is built by src/integrations/search-index.ts, ranked by scripts/reference/search-options.ts;
      // the search dialog is the portal's own (components.Search).
      pagefind: false,
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 2 },
      components: {
        Head: './src/components/starlight/Head.astro',
        // An earlier version's notice, above its pages.
        Banner: './src/components/starlight/Banner.astro',
        Search: './src/components/starlight/Search.astro',
        // The version switch, where a portal holds several versions of an API.
        LanguageSelect: './src/components/starlight/VersionSwitch.astro',
        PageTitle: './src/components/starlight/PageTitle.astro',
        // A compact title band on operation pages.
        ContentPanel: './src/components/starlight/ContentPanel.astro',
      },
      customCss: ['./src/styles/portal.css'],
    }),
    // The dev server answers its own origin only (CORS, the open-in-editor endpoint); nothing in a build.
    devOrigin(),
    // The writers' preview (`npm run dev`): dev server only, never in a build.
    ...(previewEnabled() ? [portalPreview()] : []),
  ],
  vite: {
    plugins: [apiModelPlugin(), pageReloads()],
    // Starlight needs its own js-yaml 4; pinned here so the prerender chunk does not pick up
    // the project's newer js-yaml, which has no default export.
    resolve: { alias: { 'js-yaml': starlightJsYaml } },
    // Scripts are written once as files, not inlined into every page (Astro inlines a script under
    // this limit): about 2.6 KB a page of Starlight's theme, menu and sidebar scripts and ours,
    // 5.7 MiB of GitHub's operation and tag pages, fetched once and cached instead.
    build: { assetsInlineLimit: 0 },
  },
});
