// `npm run build [-- --spec <file>] [--out <dir>] [--site <url>] [--strict] [--no-lint] [--verbose] [--root <dir>] [--allow-remote <origin>] [--config <file>]`
// Builds the portal for an OpenAPI 3.0/3.1 description: model (validated) → site (Astro +
// Starlight, while Redocly lints beside it) → the bundled description as /openapi.yaml and
// /openapi.json → swapped into the output folder. A description that cannot be read fails
// with its problems (`file:line:col severity rule message`); any failure leaves the previous
// output as it was. Problems are warnings, unless --strict, where an error fails the build.
import { rmSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, ROOT, descriptionOptions, parseCli } from './cli/args.ts';
import { DiagnosticsError, formatDiagnostics, type Diagnostic } from './diagnostics.ts';
import { judgeVersion } from './model/verdict.ts';
import { createModelBuilder, type WrittenBuild } from './model/isolated.ts';
import { DEFAULT_SITE } from './defaults.ts';
import { ASTRO_DIR, runAstroBuild } from './site/astro-build.ts';
import { convertToYaml } from './site/description-files.ts';
import { lintInBackground } from './site/lint-in-background.ts';
import { removeLeftovers, stagingPrefix, workPrefix } from './site/leftovers.ts';
import { swapInto } from './site/swap.ts';
import { printable } from './terminal.ts';

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  out: { type: 'string', default: resolve(ROOT, 'site/dist') },
  site: { type: 'string', default: DEFAULT_SITE },
  strict: { type: 'boolean', default: false },
  // Off (`--no-lint`) where the description is checked in a step of its own (`npm run lint`:
  // validation and lint), e.g. earlier in CI; parsing and resolving still fail the build.
  lint: { type: 'boolean', default: true },
  verbose: { type: 'boolean', default: false },
  ...DESCRIPTION_OPTIONS,
});
const access = descriptionOptions(values);

const spec = resolve(values.spec!);
const out = resolve(values.out!);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

// A large description can carry thousands of lint findings; `npm run lint` lists them all.
const DIAGNOSTICS_SHOWN = 40;

function listed(diagnostics: Diagnostic[], all: boolean): string {
  const lines = formatDiagnostics(diagnostics).split('\n');
  const summary = lines.pop()!;
  if (all || lines.length <= DIAGNOSTICS_SHOWN) return [...lines, summary].join('\n');
  return [...lines.slice(0, DIAGNOSTICS_SHOWN), `… ${lines.length - DIAGNOSTICS_SHOWN} more (--verbose or npm run lint lists them all)`, summary].join('\n');
}

/** Names the files that stopped the build: often one the entry references, not the entry. */
function unreadable(diagnostics: readonly Diagnostic[]): string {
  const shown = (file: string): string => {
    for (const base of [process.cwd(), dirname(spec)]) {
      const rel = relative(base, file);
      if (rel && !rel.startsWith('..') && !isAbsolute(rel)) return rel;
    }
    return file;
  };
  const files = [...new Set(diagnostics.filter((d) => d.severity === 'error').map((d) => shown(d.file)))];
  if (files.length === 0) return `${basename(spec)} could not be read`;
  const list = files.length === 1 ? String(files[0]) : `${files.slice(0, -1).join(', ')} and ${files.at(-1)}`;
  return `${printable(list)} could not be read (see above)`;
}

async function countPages(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.html')).length;
}

class BuildFailure extends Error {}

async function main(): Promise<number> {
  try {
    new URL(values.site!);
  } catch {
    console.error(`--site must be an absolute URL, got "${values.site}"`);
    return 2;
  }
  const started = performance.now();
  // Folders a killed build left behind (its process is gone) go before this build adds its own.
  await removeLeftovers(out, ASTRO_DIR);
  const work = await mkdtemp(join(tmpdir(), workPrefix()));
  let staging: string | undefined;
  // Interrupted (Ctrl-C): the half-built folders go, the previous output stays.
  const interrupted = (signal: NodeJS.Signals) => {
    if (staging) rmSync(staging, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const modelPath = join(work, 'model.json');
    const jsonPath = join(work, 'openapi.json');
    const yamlPath = join(work, 'openapi.yaml');
    let result: WrittenBuild;
    // On a worker with a memory bound, which writes the model and the description itself: a description
    // that would exhaust memory stops the worker, not this process, and neither crosses to this thread.
    const builder = createModelBuilder();
    try {
      // Validation and lint are what `npm run lint` does; with --no-lint both are left to it.
      result = await builder.buildInto(spec, { lint: false, validate: values.lint, ...access }, { model: modelPath, document: jsonPath });
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      // The one verdict every command reaches (model/verdict.ts): a version that does not load is refused.
      const refused = judgeVersion({ loaded: false, diagnostics: error.diagnostics });
      console.error(formatDiagnostics(refused.diagnostics));
      console.error(`Build failed: ${unreadable(refused.diagnostics)}. Nothing was written to ${out}.`);
      return 1;
    } finally {
      await builder.close();
    }
    const { timings } = result;
    const { info, stats } = result.model;
    const diagnostics = [...result.diagnostics];
    if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok) {
      console.error(listed(diagnostics, values.verbose!));
      console.error(`Build failed (--strict): the description has errors. Nothing was written to ${out}.`);
      return 1;
    }
    const lintStarted = performance.now();
    let lintMs = 0;
    // Lint findings never stop a build without --strict; lint itself failing is reported like a finding.
    const lint = (values.lint ? lintInBackground(spec, access) : Promise.resolve<Diagnostic[]>([])).then(
      (found) => {
        lintMs = performance.now() - lintStarted;
        return found;
      },
      (error: Error): Diagnostic[] => [
        { severity: values.strict ? 'error' : 'warning', rule: 'lint', message: `Lint could not run: ${error.message}`, file: spec, line: 1, col: 1 },
      ],
    );

    // Built beside the target (same file system), so the final move is a rename.
    await mkdir(dirname(out), { recursive: true });
    staging = await mkdtemp(join(dirname(out), stagingPrefix(out)));
    const yaml = convertToYaml(jsonPath, yamlPath);
    yaml.catch(() => undefined);

    const astroStarted = performance.now();
    await runAstroBuild({ modelPath, outDir: staging, site: values.site, logLevel: values.verbose ? 'info' : 'error' });
    const astroMs = performance.now() - astroStarted;

    diagnostics.push(...(await lint));
    if (diagnostics.length > 0) console.warn(listed(diagnostics, values.verbose!));
    if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok)
      throw new BuildFailure('Build failed (--strict): the description has errors.');

    await yaml;
    await copyFile(jsonPath, join(staging, 'openapi.json'));
    await copyFile(yamlPath, join(staging, 'openapi.yaml'));
    const pages = await countPages(staging);
    await swapInto(staging, out);
    staging = undefined;

    const { operations, webhooks, schemas, tags } = stats;
    console.log(
      `Built ${printable(`${info.title} ${info.version}`)}: ${pages} pages (${operations} operations, ${webhooks} webhooks, ${schemas} schemas, ${tags} tags) into ${out}\n` +
        `  model ${seconds(timings.load + timings.validate + timings.normalize)}, ${values.lint ? `lint ${seconds(lintMs)} (beside the site build)` : 'lint skipped (--no-lint)'}, astro ${seconds(astroMs)}, total ${seconds(performance.now() - started)}`,
    );
    return 0;
  } catch (error) {
    if (staging) await rm(staging, { recursive: true, force: true });
    const message = error instanceof BuildFailure ? error.message : `Build failed: ${(error as Error).stack ?? error}`;
    console.error(`${message}\nThe previous output in ${out} is unchanged.`);
    return 1;
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
