// 1. Building a portal: cold build time, peak memory of the process tree and output size,
// ours (lint timed apart) against starlight-openapi and `redocly build-docs`.
import type { Context } from '../context.ts';
import { ratio, formatValue } from '../results.ts';
import { listFiles, sum } from '../sizes.ts';
import { buildSite, pageKind, siteDir, SITE_TOOLS, SUBJECT, type PageKind, type SiteTool } from '../sites.ts';
import { join } from 'node:path';
import { DOCS, NODE, TMP, TOOLS, type DocName } from '../paths.ts';
import { timed } from '../processes.ts';

const SECTION = 'build';

/** The phases our build reports on its last line: `model 0.3 s, lint 1.5 s (beside the site build), astro 4.6 s`. */
function phases(output: string): { model?: number; lint?: number; astro?: number } {
  const phase = (name: string) => {
    const m = new RegExp(`\\b${name} (\\d+(?:\\.\\d+)?) s\\b`).exec(output);
    return m ? Number(m[1]) * 1000 : undefined;
  };
  return { model: phase('model'), lint: phase('lint'), astro: phase('astro') };
}

export async function runBuild(ctx: Context): Promise<void> {
  const { results } = ctx;
  for (const doc of ctx.options.docs) {
    const wall: Record<SiteTool, number[]> = { ours: [], 'starlight-openapi': [], redocly: [] };
    const peak: Record<SiteTool, number[]> = { ours: [], 'starlight-openapi': [], redocly: [] };
    const reported = { model: [] as number[], lint: [] as number[], astro: [] as number[] };
    const lintApart: number[] = [];
    for (let run = 1; run <= ctx.options.runs; run++) {
      // Tools take turns within a run, so a noisy minute weighs on all of them.
      for (const tool of SITE_TOOLS) {
        ctx.log(`build ${doc}: ${SUBJECT[tool]}, run ${run}/${ctx.options.runs}`);
        const r = await buildSite(tool, doc, `run${run}`);
        wall[tool].push(r.wallMs);
        peak[tool].push(r.peakRssBytes);
        if (tool === 'ours') {
          const p = phases(r.output);
          for (const k of ['model', 'lint', 'astro'] as const) if (p[k] !== undefined) reported[k].push(p[k]!);
        }
        ctx.log(`  ${formatValue(r.wallMs, 'ms')}, peak ${formatValue(r.peakRssBytes, 'bytes')}`);
      }
      ctx.log(`build ${doc}: npm run lint, run ${run}/${ctx.options.runs}`);
      lintApart.push((await timeLint(doc, run)).wallMs);
    }
    for (const tool of SITE_TOOLS) results.add(SECTION, doc, SUBJECT[tool], 'cold build', 'ms', wall[tool]);
    results.add(SECTION, doc, 'ours: npm run lint', 'lint alone, timed apart', 'ms', lintApart);
    if (reported.model.length) results.add(SECTION, doc, 'ours', 'phase: model (load, validate, normalize)', 'ms', reported.model);
    if (reported.astro.length) results.add(SECTION, doc, 'ours', 'phase: site (Astro)', 'ms', reported.astro);
    results.note(
      'Our "cold build" is `npm run build -- --no-lint` (load, model, site); "lint alone" is `npm run lint` (validation and lint) timed apart ' +
        '(a plain `npm run build` validates first and lints on a worker beside the site build). The phases are what the build reports. starlight-openapi and `redocly build-docs` do not lint.',
    );
    for (const tool of SITE_TOOLS) results.add(SECTION, doc, SUBJECT[tool], 'peak memory (RSS of the process tree)', 'bytes', peak[tool]);
    recordOutput(ctx, doc);
    const ours = results.find(SECTION, doc, 'ours', 'cold build');
    const slo = results.find(SECTION, doc, SUBJECT['starlight-openapi'], 'cold build');
    // The targets are set for the large document; on small ones Astro's fixed start-up is most of either build.
    if (ours && slo && doc === 'github') {
      results.target(SECTION, `build time ≤ 1/4 of starlight-openapi's (${doc})`, ours.median / slo.median, 1 / 4, {
        better: 'lower',
        format: ratio,
        goal: '≤ 0.25×',
      });
    }
    const oursPeak = results.find(SECTION, doc, 'ours', 'peak memory (RSS of the process tree)');
    if (oursPeak && doc === 'github') {
      results.target(SECTION, `build peak memory ≤ 900 MiB (${doc})`, oursPeak.median, 900 * 1024 * 1024, {
        better: 'lower',
        format: (n) => formatValue(n, 'bytes'),
        goal: '≤ 900 MiB',
      });
    }
  }
}

/** `npm run lint` on the document: exit 1 only means it found errors, which is still a complete run. */
async function timeLint(doc: DocName, run: number) {
  const log = join(TMP, 'logs', `lint-${doc}-run${run}.log`);
  const r = await timed(NODE, [TOOLS.ourLint, '--spec', DOCS[doc].path], { log });
  if (r.code !== 0 && r.code !== 1) throw new Error(`npm run lint on ${doc} failed (${r.code}); see ${log}`);
  return r;
}

/** Sizes of the last build of each site, by kind of file. */
function recordOutput(ctx: Context, doc: DocName): void {
  const { results } = ctx;
  const byKind = (tool: 'ours' | 'starlight-openapi') => {
    const files = listFiles(siteDir(tool, doc));
    const kinds = new Map<PageKind, number>();
    for (const f of files) {
      const kind = pageKind(tool, f);
      kinds.set(kind, (kinds.get(kind) ?? 0) + f.bytes);
    }
    return { files, kinds };
  };
  for (const tool of SITE_TOOLS) {
    const files = listFiles(siteDir(tool, doc));
    results.add(SECTION, doc, SUBJECT[tool], 'output size', 'bytes', [sum(files)]);
    results.add(SECTION, doc, SUBJECT[tool], 'HTML pages', 'count', [files.filter((f) => f.path.endsWith('.html')).length]);
  }
  const ours = byKind('ours');
  const slo = byKind('starlight-openapi');
  const opTag = (k: Map<PageKind, number>) => (k.get('operation') ?? 0) + (k.get('tag') ?? 0);
  results.add(SECTION, doc, 'ours', 'operation + tag pages', 'bytes', [opTag(ours.kinds)]);
  results.add(SECTION, doc, SUBJECT['starlight-openapi'], 'operation + tag pages', 'bytes', [opTag(slo.kinds)]);
  for (const [kind, label] of [
    ['schema', 'schema pages'],
    ['markdown', 'Markdown copies (and llms.txt)'],
    ['search', 'search index'],
  ] as const) {
    results.add(SECTION, doc, 'ours', label, 'bytes', [ours.kinds.get(kind) ?? 0]);
    if (kind !== 'markdown') results.add(SECTION, doc, SUBJECT['starlight-openapi'], label, 'bytes', [slo.kinds.get(kind) ?? 0]);
  }
  if (doc === 'github') {
    results.target(SECTION, "operation + tag pages ≤ 1/6 of starlight-openapi's (GitHub)", opTag(ours.kinds) / opTag(slo.kinds), 1 / 6, {
      better: 'lower',
      format: ratio,
      goal: '≤ 0.17×',
    });
  }
}
