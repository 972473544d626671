// `node scripts/site/build-many.ts --out <dir> <spec>...`: one site for many descriptions, each
// under `/<slug>/` (slug from the file name, or `<slug>=<file>`). Used to check a whole corpus of
// documents renders in one Astro build instead of one build each. Descriptions that cannot be
// read are reported and left out; the exit code is 1 if any was.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseCli } from '../cli/args.ts';
import { DiagnosticsError, formatDiagnostics } from '../diagnostics.ts';
import { buildModel } from '../model/index.ts';
import { createSlugger } from '../model/contract/slug.ts';
import { runAstroBuild } from './astro-build.ts';
import { writeManifest, writeModelFile } from './model-file.ts';

export interface ManyResult {
  timings: { models: number; astro: number };
  built: { slug: string; spec: string; operations: number; webhooks: number; schemas: number }[];
  failed: { spec: string; message: string }[];
}

export async function buildMany(specs: string[], outDir: string, site?: string): Promise<ManyResult> {
  const work = await mkdtemp(join(tmpdir(), 'portal-many-'));
  // Slugs from the file names, unique across the run: two `openapi.json` become `openapi` and `openapi-2`.
  const slugFor = createSlugger();
  const result: ManyResult = { built: [], failed: [], timings: { models: 0, astro: 0 } };
  let t = performance.now();
  try {
    const documents: { slug: string; file: string }[] = [];
    for (const entry of specs) {
      const [named, file] = entry.includes('=') ? entry.split(/=(.*)/s, 2) : [undefined, entry];
      const spec = resolve(file);
      const slug = named ? named : slugFor(basename(spec).replace(/\.(json|ya?ml)$/i, ''), 'doc');
      try {
        // Validation and lint have their own tests; this checks rendering.
        const { model } = await buildModel(spec, { lint: false, validate: false });
        const modelFile = join(work, `${slug}.json`);
        await writeModelFile(modelFile, model);
        documents.push({ slug, file: modelFile });
        result.built.push({ slug, spec, ...model.stats });
      } catch (error) {
        if (!(error instanceof DiagnosticsError)) throw error;
        result.failed.push({ spec, message: formatDiagnostics(error.diagnostics) });
      }
    }
    const manifest = join(work, 'manifest.json');
    await writeManifest(manifest, documents);
    result.timings.models = performance.now() - t;
    t = performance.now();
    await runAstroBuild({ modelPath: manifest, outDir, site });
    result.timings.astro = performance.now() - t;
    return result;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const { values, positionals } = parseCli({ out: { type: 'string' }, site: { type: 'string' } });
  if (!values.out || positionals.length === 0) {
    console.error('Usage: node scripts/site/build-many.ts --out <dir> [--site <url>] <spec | slug=spec>...');
    process.exit(2);
  }
  const result = await buildMany(positionals, resolve(values.out), values.site);
  for (const f of result.failed) console.error(`${f.spec}:\n${f.message}`);
  console.log(JSON.stringify({ built: result.built, failed: result.failed.map((f) => f.spec), timings: result.timings }));
  process.exitCode = result.failed.length > 0 ? 1 : 0;
}
