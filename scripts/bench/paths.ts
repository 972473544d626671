// Where the benchmarks find the project, the tools they compare against and the documents.
import { join, resolve } from 'node:path';
import { ROOT } from '../cli/args.ts';

export { ROOT };
export const BENCH = resolve(ROOT, 'scripts/bench');
export const ANCHORS = join(BENCH, 'anchors');
export const ANCHOR_MODULES = join(ANCHORS, 'node_modules');
/** Prism and the load generator, apart: the mock and preview sections need nothing else, so a quick look installs in seconds. */
export const MOCK_ANCHORS = join(ANCHORS, 'mock');
export const MOCK_ANCHOR_MODULES = join(MOCK_ANCHORS, 'node_modules');
export const RESULTS = join(BENCH, 'results');
/** Build outputs, logs and copies; gitignored, emptied at each start. */
export const TMP = join(RESULTS, 'tmp');
/** The project's Node 24, which every tool here runs on (Prism needs 24.18+). */
export const NODE = join(ROOT, 'node_modules/.bin/node');
export const CHROMIUM = '/usr/bin/chromium';
export const TIME = '/usr/bin/time';

export const anchorPath = (...parts: string[]) => join(ANCHOR_MODULES, ...parts);

export const TOOLS = {
  astro: anchorPath('astro/bin/astro.mjs'),
  starlightSite: join(ANCHORS, 'starlight-openapi-site'),
  redocly: anchorPath('@redocly/cli/bin/cli.js'),
  prism: join(MOCK_ANCHOR_MODULES, '@stoplight/prism-cli/dist/index.js'),
  autocannon: join(MOCK_ANCHOR_MODULES, 'autocannon/package.json'),
  ourBuild: join(ROOT, 'scripts/build.ts'),
  ourLint: join(ROOT, 'scripts/lint.ts'),
  ourMock: join(ROOT, 'scripts/mock.ts'),
  ourDev: join(ROOT, 'scripts/dev.ts'),
};

export type DocName = 'ours' | 'galaxy' | 'github';
export const DOC_NAMES: DocName[] = ['ours', 'galaxy', 'github'];
export const DOCS: Record<DocName, { path: string; label: string }> = {
  ours: { path: join(ROOT, 'openapi/openapi.yaml'), label: 'Petstore (ours)' },
  galaxy: { path: join(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json'), label: '@scalar/galaxy' },
  github: { path: join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'), label: "GitHub's API" },
};
