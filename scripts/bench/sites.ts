// Building each portal into its own folder under results/tmp/sites, and knowing which
// files of a built site are which kind of page.
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { DOCS, NODE, TMP, TOOLS, type DocName } from './paths.ts';
import { timed, type TimedRun } from './processes.ts';
import { waitForSiteLock } from './site-lock.ts';
import type { FileInfo } from './sizes.ts';

export type SiteTool = 'ours' | 'starlight-openapi' | 'redocly';
export const SITE_TOOLS: SiteTool[] = ['ours', 'starlight-openapi', 'redocly'];
export const SUBJECT: Record<SiteTool, string> = {
  ours: 'ours',
  'starlight-openapi': 'starlight-openapi 0.26.1',
  redocly: 'redocly build-docs 2.77',
};

export const siteDir = (tool: SiteTool, doc: DocName) => join(TMP, 'sites', `${tool}-${doc}`);
const logFile = (tool: SiteTool, doc: DocName, label: string) => join(TMP, 'logs', `build-${tool}-${doc}-${label}.log`);

const STARLIGHT_CACHE = join(TMP, 'starlight-openapi-cache');

/** Builds from scratch (output and caches removed first) and times it. Throws when the build fails. */
export async function buildSite(tool: SiteTool, doc: DocName, label: string): Promise<TimedRun> {
  const out = siteDir(tool, doc);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(join(TMP, 'logs'), { recursive: true });
  mkdirSync(join(TMP, 'sites'), { recursive: true });
  const spec = DOCS[doc].path;
  const log = logFile(tool, doc, label);
  rmSync(log, { force: true });
  let run: TimedRun;
  if (tool === 'ours') {
    // Builds of the portal take turns on site/; a build started while another holds the
    // lock would be timed waiting for it.
    await waitForSiteLock();
    // Lint is timed apart (`npm run lint`, its own row), as the targets ask.
    run = await timed(NODE, [TOOLS.ourBuild, '--spec', spec, '--out', out, '--no-lint'], { log });
  } else if (tool === 'starlight-openapi') {
    rmSync(STARLIGHT_CACHE, { recursive: true, force: true });
    rmSync(join(TOOLS.starlightSite, '.astro'), { recursive: true, force: true });
    run = await timed(NODE, [TOOLS.astro, 'build'], {
      log,
      cwd: TOOLS.starlightSite,
      env: { BENCH_SPEC: spec, BENCH_OUT: out, BENCH_CACHE: STARLIGHT_CACHE, ASTRO_TELEMETRY_DISABLED: '1' },
    });
  } else {
    mkdirSync(out, { recursive: true });
    // Run from the output folder so no redocly.yaml of ours is picked up.
    run = await timed(NODE, [TOOLS.redocly, 'build-docs', spec, '--output', join(out, 'index.html')], {
      log,
      cwd: out,
      env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
  }
  if (run.code !== 0) {
    throw new Error(`${SUBJECT[tool]} build of ${doc} failed (${run.code}); see ${log}:\n${run.output.slice(-2000)}`);
  }
  return run;
}

/** The site built for `doc` by `tool`, building it once (untimed) when no section has yet. */
export async function ensureSite(tool: SiteTool, doc: DocName): Promise<string> {
  const out = siteDir(tool, doc);
  if (!existsSync(join(out, 'index.html'))) await buildSite(tool, doc, 'for-pages');
  return out;
}

export type PageKind = 'operation' | 'tag' | 'schema' | 'webhook' | 'markdown' | 'search' | 'assets' | 'other';

const LAYOUTS: Record<Exclude<SiteTool, 'redocly'>, [PageKind, RegExp][]> = {
  ours: [
    ['operation', /^operations\/.+\/index\.html$/],
    ['tag', /^tags\/[^/]+\/index\.html$/],
    ['schema', /^schemas\/[^/]+\/index\.html$/],
    ['webhook', /^webhooks\/[^/]+\/index\.html$/],
    ['markdown', /\.md$|^llms[^/]*\.txt$/],
    ['search', /^pagefind\//],
    ['assets', /^_astro\//],
  ],
  'starlight-openapi': [
    ['tag', /^api\/operations\/tags\/[^/]+\/index\.html$/],
    ['operation', /^api\/operations\/.+\/index\.html$/],
    ['schema', /^api\/schemas\/.+\.html$/],
    ['webhook', /^api\/webhooks\/.+\.html$/],
    ['search', /^pagefind\//],
    ['assets', /^_astro\//],
  ],
};

export function pageKind(tool: Exclude<SiteTool, 'redocly'>, file: FileInfo): PageKind {
  for (const [kind, pattern] of LAYOUTS[tool]) if (pattern.test(file.path)) return kind;
  return 'other';
}

/** A copy of a site folder the page-load section may rewrite (Redoc's CDN script). */
export function copySite(from: string, to: string): void {
  rmSync(to, { recursive: true, force: true });
  cpSync(from, to, { recursive: true });
}
