// A minimal Starlight site whose only content is what starlight-openapi renders
// from the document named by BENCH_SPEC (an absolute path), as a plugin user sets it up.
import starlight from '@astrojs/starlight';
import { defineConfig } from 'astro/config';
import starlightOpenAPI, { openAPISidebarGroups } from 'starlight-openapi';

const spec = process.env.BENCH_SPEC;
if (!spec) throw new Error('Set BENCH_SPEC to the OpenAPI document to render.');

export default defineConfig({
  site: 'http://127.0.0.1',
  outDir: process.env.BENCH_OUT || './dist',
  cacheDir: process.env.BENCH_CACHE || './node_modules/.astro',
  integrations: [
    starlight({
      title: 'API reference',
      plugins: [starlightOpenAPI([{ base: 'api', schema: spec }])],
      sidebar: [...openAPISidebarGroups],
    }),
  ],
});
