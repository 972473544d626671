// 1. Building a portal: cold build time, peak memory of the process tree and output size,
// ours (lint timed apart) against starlight-openapi and `redocly build-docs`.
import type { Context } from '../context.ts';
import { ratio, formatValue } from '../results.ts';
import { listFiles, sum } from '../sizes.ts';
import { buildSite, pageKind, siteDir, SITE_TOOLS, SUBJECT, type PageKind, type SiteTool } from '../sites.ts';
import type { DocName } from '../paths.ts';

const SECTION = 'build';

/** The lint phase our build reports on its last line (`lint 1.2 s`), in ms. */
function lintMs(output: string): number | undefined {
  const m = /\blint (\d+(?:\.\d+)?) s\b/.exec(output);
  return m ? Number(m[1]) * 1000 : undefined;
}

export async function runBuild(ctx: Context): Promise<void> {
  const { results } = ctx;
  for (const doc of ctx.options.docs) {
    const wall: Record<SiteTool, number[]> = { ours: [], 'starlight-openapi': [], redocly: [] };
    const peak: Record<SiteTool, number[]> = { ours: [], 'starlight-openapi': [], redocly: [] };
    const lint: number[] = [];
    const total: number[] = [];
    for (let run = 1; run <= ctx.options.runs; run++) {
      // Tools take turns within a run, so a noisy minute weighs on all of them.
      for (const tool of SITE_TOOLS) {
        ctx.log(`build ${doc}: ${SUBJECT[tool]}, run ${run}/${ctx.options.runs}`);
        const r = await buildSite(tool, doc, `run${run}`);
        let ms = r.wallMs;
        if (tool === 'ours') {
          const l = lintMs(r.output);
          total.push(r.wallMs);
          if (l !== undefined) {
            lint.push(l);
            ms -= l;
          }
        }
        wall[tool].push(ms);
        peak[tool].push(r.peakRssBytes);
        ctx.log(`  ${formatValue(r.wallMs, 'ms')}, peak ${formatValue(r.peakRssBytes, 'bytes')}`);
      }
    }
    for (const tool of SITE_TOOLS) {
      results.add(SECTION, doc, SUBJECT[tool], 'cold build', 'ms', wall[tool]);
    }
    if (lint.length) {
      results.add(SECTION, doc, 'ours', 'lint phase (inside our build)', 'ms', lint);
      results.add(SECTION, doc, 'ours', 'cold build including lint', 'ms', total);
      results.note('Our "cold build" is the build without its lint phase, which the build reports itself and which is listed on its own; the other tools do not lint.');
    } else {
      results.note('Our build did not report a lint phase, so its cold build includes linting.');
    }
    for (const tool of SITE_TOOLS) results.add(SECTION, doc, SUBJECT[tool], 'peak memory (RSS of the process tree)', 'bytes', peak[tool]);
    recordOutput(ctx, doc);
    const ours = results.find(SECTION, doc, 'ours', 'cold build');
    const slo = results.find(SECTION, doc, SUBJECT['starlight-openapi'], 'cold build');
    if (ours && slo) {
      results.target(SECTION, `build time ≤ 1/3 of starlight-openapi's (${doc})`, ours.median / slo.median, 1 / 3, {
        better: 'lower',
        format: ratio,
        goal: '≤ 0.33×',
      });
    }
  }
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
