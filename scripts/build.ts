// `npm run build [-- --spec <file>] [--out <dir>] [--site <url>] [--base <path>] [--strict] [--no-lint] [--verbose] [--root <dir>] [--allow-remote <origin>] [--config <file>]`
//   `[--no-changelog] [--versions-from <ref|file>,…] [--earlier <file>] [--version-tags] [--portal <portal.config.json>] [--max-output <MiB>]`
// Builds the portal for an OpenAPI 3.0/3.1 description: model (validated) → site (Astro +
// Starlight, while Redocly lints beside it) → the bundled description as /openapi.yaml and
// /openapi.json → swapped into the output folder. A description that cannot be read fails
// with its problems (`file:line:col severity rule message`); any failure leaves the previous
// output as it was. Problems are warnings, unless --strict, where an error fails the build.
// Its earlier versions (git tags that hold it, or the refs and files named) give a Changes page,
// an Atom feed and each operation's history; --version-tags also publishes their pages side by
// side; --portal builds several APIs, each in its own folder, from one config.
import { rmSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, ROOT, descriptionOptions, parseCli } from './cli/args.ts';
import { DiagnosticsError, formatDiagnostics, type Diagnostic } from './diagnostics.ts';
import { judgeVersion } from './model/contract/verdict.ts';
import { createModelBuilder, type ModelBuilder, type WrittenBuild } from './model/process/isolated.ts';
import { DEFAULT_SITE } from './defaults.ts';
import { ASTRO_DIR, runAstroBuild } from './site/astro-build.ts';
import { siteAddress, type SiteAddress } from './infra/base-path.ts';
import { lintInBackground } from './site/lint-in-background.ts';
import { removeLeftovers, stagingPrefix, workPrefix } from './site/leftovers.ts';
import { swapInto } from './site/swap.ts';
import { countOutput, descriptionBytes, outputBound, outputLimitDiagnostic, outputSize, type OutputCount } from './site/output-limit.ts';
import { printable } from './terminal.ts';
import { writeManifest, type ManifestDocument } from './site/model-file.ts';
import { readPortalConfig, type PortalApi } from './site/portal-config.ts';
import type { PublishedDescription } from './site/versions/assemble.ts';
import { namedSources, type VersionSource } from './site/versions/earlier.ts';
import { descriptionTags } from './site/versions/git-tags.ts';

// Node keeps the compiled code of the modules it loads, as Astro's own command does: Astro and its
// bundler, imported when the site build starts, load in about a quarter less time once cached.
enableCompileCache();

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  out: { type: 'string', default: resolve(ROOT, 'site/dist') },
  // DEFAULT_SITE when not given, which a published changelog warns of (its feed's ids and links would not be absolute).
  site: { type: 'string' },
  // The path the portal is served under; a --site with a path sets it too (site/base-path.ts).
  base: { type: 'string' },
  strict: { type: 'boolean', default: false },
  // Off (`--no-lint`) where the description is checked in a step of its own (`npm run lint`:
  // validation and lint), e.g. earlier in CI; parsing and resolving still fail the build.
  lint: { type: 'boolean', default: true },
  verbose: { type: 'boolean', default: false },
  // On by default when there are earlier versions (git tags that hold the description, or those named).
  changelog: { type: 'boolean' },
  'versions-from': { type: 'string', multiple: true },
  earlier: { type: 'string', multiple: true },
  'version-tags': { type: 'boolean', default: false },
  portal: { type: 'string' },
  // The most the build may write, in MiB, in place of its bound relative to the description (site/output-limit.ts).
  'max-output': { type: 'string' },
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
function unreadable(spec: string, diagnostics: readonly Diagnostic[]): string {
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

class BuildFailure extends Error {}

/** A changelog built without `--site`: its feed cannot name the pages where they will be served. Said once, with the other problems. */
function changelogWithoutSite(spec: string): Diagnostic {
  return {
    severity: 'warning',
    rule: 'changelog-site',
    message:
      "The changelog's Atom feed is built without --site: its links are relative to where the feed is served and its ids are not addresses. Give the portal's address (--site https://example.org/docs/) so feed readers get absolute links.",
    file: spec,
    line: 1,
    col: 1,
  };
}

/** The build's output went past its bound (site/output-limit.ts): the `output-limit` error, printed as every problem is. */
function limitFailure(spec: string, count: OutputCount): BuildFailure {
  return new BuildFailure(`${formatDiagnostics([outputLimitDiagnostic(spec, count)])}\nBuild failed: the portal would be too large for its description.`);
}

/** One API of the portal and where its earlier versions come from. */
interface PlannedApi extends Omit<PortalApi, 'versions'> {
  /** `tags`: the git tags that hold the description (none found: no earlier versions); else named refs and files, oldest first. */
  versions: 'tags' | VersionSource[];
  changelog: boolean;
  sideBySide: boolean;
}

/** What to build: the APIs of `--portal`, or the one description of `--spec` with the version flags. */
async function plan(): Promise<PlannedApi[] | string> {
  if (values.portal) {
    const { apis, problems } = await readPortalConfig(resolve(values.portal));
    if (problems.length > 0) return formatDiagnostics(problems);
    const planned: PlannedApi[] = [];
    for (const api of apis) {
      const versions = api.versions === 'tags' ? 'tags' : await namedSources(api.versions ?? []);
      planned.push({ ...api, versions, changelog: api.changelog ?? true, sideBySide: api.sideBySide ?? true });
    }
    return planned;
  }
  const named = [
    ...(values['versions-from'] ?? []).flatMap((list) =>
      list
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
    ...(values.earlier ?? []),
  ];
  const bad = named.find((v) => v.startsWith('-'));
  if (bad) return `--versions-from: "${bad}" is neither a file nor a git ref`;
  const versions = named.length > 0 ? await namedSources(named) : 'tags';
  // Without --changelog or --version-tags, tags are looked for quietly: none found is an ordinary build.
  return [{ slug: '', spec, versions, changelog: values.changelog ?? true, sideBySide: values['version-tags']! }];
}

/** What the build needs before it starts: the portal's address, the bound on its output and what to build; a number is the exit code of a mistake, said. */
async function settings(): Promise<{ address: SiteAddress; maxOutput: number | undefined; planned: PlannedApi[] } | number> {
  const address = siteAddress(values.site ?? DEFAULT_SITE, values.base);
  if ('problem' in address) {
    console.error(address.problem);
    return 2;
  }
  const maxOutput = values['max-output'] === undefined ? undefined : Number(values['max-output']);
  if (maxOutput !== undefined && !(maxOutput > 0)) {
    console.error(`--max-output: "${printable(values['max-output']!)}" is not a number of MiB above 0`);
    return 2;
  }
  const planned = await plan();
  if (typeof planned === 'string') {
    console.error(planned);
    console.error(`Build failed: the portal's config has problems. Nothing was written to ${out}.`);
    return 2;
  }
  return { address, maxOutput, planned };
}

/** The Astro build of the site into `outDir`, started at once; it waits for the model's path (`modelReady`). */
interface SiteBuild {
  done: Promise<void>;
  modelReady: { resolve(path: string): void; reject(error: Error): void };
  /** Astro's time, once it is done. */
  timing: { ms: number };
}

// Astro starts up, syncs and plans its routes while the model is built, and bundles once it is
// written (modelGate, site/src/integrations/model-plugin.ts).
function startSite(address: SiteAddress, outDir: string): SiteBuild {
  let modelReady!: SiteBuild['modelReady'];
  const modelPath = new Promise<string>((resolve, reject) => (modelReady = { resolve, reject }));
  const started = performance.now();
  const timing = { ms: 0 };
  const done = runAstroBuild({
    modelPath,
    outDir,
    site: address.site,
    base: address.base,
    // Astro's own messages only with --verbose: a build that stops before its site would stop it mid-way,
    // which is no news; any other failure of Astro's is reported below with its cause.
    logLevel: values.verbose ? 'info' : 'silent',
  }).then(() => {
    timing.ms = performance.now() - started;
  });
  // Awaited below, or at the end when the build stopped before the site.
  done.catch(() => undefined);
  return { done, modelReady, timing };
}

type AssembleApi = typeof import('./site/versions/assemble.ts').assembleApi;
let assembleModule: Promise<AssembleApi> | undefined;

/**
 * The versions' module (the comparison's machinery, a tenth of a second to load), loaded once the first
 * model's process has started, rather than before: the model is what the site waits for.
 */
function loadAssemble(): Promise<AssembleApi> {
  if (!assembleModule) {
    assembleModule = import('./site/versions/assemble.ts').then((m) => m.assembleApi);
    // Awaited where the versions are assembled; a build that stops before leaves it unread.
    assembleModule.catch(() => undefined);
  }
  return assembleModule;
}

/** One API's model; `copied`: its model process's end, once it has written the description's copies. */
interface BuiltApi {
  api: PlannedApi;
  dir: string;
  result: WrittenBuild;
  copied: Promise<void>;
}

/**
 * Validation and lint are what `npm run lint` does; with --no-lint both are left to it. A model process of its
 * own, ended once it has written the copies: it gives all its memory back before Astro bundles.
 */
async function buildModel(api: PlannedApi, dir: string): Promise<Omit<BuiltApi, 'api' | 'dir'>> {
  const modelProcess = createModelBuilder();
  const paths = { model: join(dir, 'model.json'), document: join(dir, 'openapi.json'), yaml: join(dir, 'openapi.yaml') };
  let result: WrittenBuild;
  try {
    // The quick load (JSON.parse, a one-file description without the bundler, load.ts): the site waits for this model,
    // and the lint beside it loads the description again as every other command does.
    const building = modelProcess.buildInto(api.spec, { lint: false, validate: values.lint, firstPass: true, ...access }, paths.model);
    loadAssemble();
    result = await building;
  } catch (error) {
    await modelProcess.close();
    throw error;
  }
  // The copies are written from the document the process holds, while the site renders.
  const copied = modelProcess.writeCopies(api.spec, { document: paths.document, yaml: paths.yaml }).finally(() => modelProcess.close());
  // Awaited before the site bundles; a failure then stops the build.
  copied.catch(() => undefined);
  return { result, copied };
}

/** Every API's model, one model's process at a time; a description that does not load stops the build (exit code 1), its problems said. */
async function buildModels(planned: PlannedApi[], work: string): Promise<{ built: BuiltApi[]; diagnostics: Diagnostic[] } | number> {
  const built: BuiltApi[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const [i, api] of planned.entries()) {
    // One model's process at a time: the one before has written its copies and ended.
    await built.at(-1)?.copied;
    const dir = join(work, `api-${i}`);
    await mkdir(dir, { recursive: true });
    try {
      const { result, copied } = await buildModel(api, dir);
      diagnostics.push(...result.diagnostics);
      built.push({ api, dir, result, copied });
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      // The one verdict every command reaches (model/verdict.ts): a version that does not load is refused.
      const refused = judgeVersion({ loaded: false, diagnostics: error.diagnostics });
      console.error(formatDiagnostics(refused.diagnostics));
      console.error(`Build failed: ${unreadable(api.spec, refused.diagnostics)}. Nothing was written to ${out}.`);
      return 1;
    }
  }
  return { built, diagnostics };
}

/** Lint beside the site build; its findings never stop a build without --strict, and lint itself failing is reported like a finding. */
function startLint(planned: PlannedApi[]): { found: Promise<Diagnostic[]>; timing: { ms: number } } {
  const started = performance.now();
  const timing = { ms: 0 };
  const found = (
    values.lint ? Promise.all(planned.map((api) => lintInBackground(api.spec, access))).then((all) => all.flat()) : Promise.resolve<Diagnostic[]>([])
  ).then(
    (found) => {
      timing.ms = performance.now() - started;
      return found;
    },
    (error: Error): Diagnostic[] => [
      {
        severity: values.strict ? 'error' : 'warning',
        rule: 'lint',
        message: `Lint could not run: ${error.message}`,
        file: planned[0]?.spec ?? spec,
        line: 1,
        col: 1,
      },
    ],
  );
  return { found, timing };
}

/** The portal's documents with their earlier versions, what bounds the output, and what was published, for the summary. */
interface Versions {
  documents: ManifestDocument[];
  descriptions: PublishedDescription[];
  /** What the output is bounded by: each API's description, once for each version published (its own description at least). */
  described: number;
  published: string[];
  ms: number;
}

/** Earlier versions: a changelog, each one's description, and their pages side by side when asked. */
async function assembleVersions(built: BuiltApi[], builder: ModelBuilder, diagnostics: Diagnostic[]): Promise<Versions> {
  const started = performance.now();
  const versions: Versions = { documents: [], descriptions: [], described: 0, published: [], ms: 0 };
  for (const { api, dir, result } of built) {
    const earlier = api.versions === 'tags' ? (api.changelog || api.sideBySide ? await descriptionTags(api.spec) : []) : api.versions;
    // Asked for by name (--changelog, --version-tags, a config's "tags"), none found is said; by default it is an ordinary build.
    if (api.versions === 'tags' && earlier.length === 0 && (values.portal || values.changelog === true || api.sideBySide))
      console.warn(`No earlier versions of ${printable(api.spec)}: no git tag reachable from HEAD holds it, so there is nothing to compare it with.`);
    // Loading since the first model's process started (every built API has had one).
    const assembleApi = await loadAssemble();
    const assembled = await assembleApi(
      {
        slug: api.slug,
        spec: api.spec,
        access,
        modelFile: join(dir, 'model.json'),
        version: result.model.info.version,
        downloads: true,
        earlier,
        changelog: api.changelog,
        sideBySide: api.sideBySide,
        siteGiven: values.site !== undefined,
      },
      builder,
      dir,
    );
    if (assembled.changelog && values.site === undefined) diagnostics.push(changelogWithoutSite(api.spec));
    for (const note of assembled.notes)
      console.warn(
        note
          .split('\n')
          .map((line) => printable(line))
          .join('\n'),
      );
    versions.documents.push(...assembled.documents);
    versions.descriptions.push(...assembled.descriptions);
    versions.described += (await descriptionBytes(result.files)) * (1 + assembled.descriptions.length);
    if (assembled.versions.length > 1) versions.published.push(`${api.slug ? `${api.slug}: ` : ''}${assembled.versions.map((v) => printable(v)).join(', ')}`);
  }
  versions.ms = performance.now() - started;
  return versions;
}

/** What the site reads: one document at the root with nothing beside it is the model file itself, as always; else a manifest. */
async function siteInput(first: BuiltApi, documents: ManifestDocument[], work: string): Promise<string> {
  const [firstDocument] = documents;
  if (!firstDocument) throw new BuildFailure('Build failed: there was no description to build.');
  if (documents.length === 1 && firstDocument.slug === '' && !firstDocument.context) return join(first.dir, 'model.json');
  const written = join(work, 'manifest.json');
  await writeManifest(written, documents);
  return written;
}

/** Each API's description, and each earlier version's, in its folder of the staged site. */
async function writeDescriptions(staging: string, built: BuiltApi[], descriptions: PublishedDescription[]): Promise<void> {
  const copies = [
    ...built.map(({ api, dir }) => ({ slug: api.slug, document: join(dir, 'openapi.json'), yaml: join(dir, 'openapi.yaml') })),
    // Each earlier version's description in its folder, beside its pages when they are published.
    ...descriptions,
  ];
  for (const description of copies) {
    const target = join(staging, description.slug);
    await mkdir(target, { recursive: true });
    await copyFile(description.document, join(target, 'openapi.json'));
    await copyFile(description.yaml, join(target, 'openapi.yaml'));
  }
}

/** The line the build ends with: what was built, its versions, and where the time went. */
function summary(built: BuiltApi[], pages: number, versions: Versions, phases: string): string {
  const seconds3 = (result: WrittenBuild) => seconds(result.timings.load + result.timings.validate + result.timings.normalize);
  const counts = ({ stats }: WrittenBuild['model']) =>
    `${stats.operations} operations, ${stats.webhooks} webhooks, ${stats.schemas} schemas, ${stats.tags} tags`;
  const versionsLine = versions.published.length > 0 ? `  versions ${versions.published.join('; ')} (earlier versions ${seconds(versions.ms)})\n` : '';
  const [first] = built;
  if (built.length === 1 && first) {
    const { model } = first.result;
    return (
      `Built ${printable(`${model.info.title} ${model.info.version}`)}: ${pages} pages (${counts(model)}) into ${out}\n${versionsLine}` +
      `  model ${seconds3(first.result)}, ${phases}`
    );
  }
  const lines = built.map(
    ({ api, result }) =>
      `  /${api.slug}/: ${printable(`${result.model.info.title} ${result.model.info.version}`)} (${counts(result.model)}), model ${seconds3(result)}`,
  );
  return `Built ${built.length} APIs: ${pages} pages into ${out}\n${lines.join('\n')}\n${versionsLine}  ${phases}`;
}

/** The folders of one build: its work folder, and the staged site until it replaces the output. */
interface Run {
  work: string;
  staging: string | undefined;
  /** The parent folder made for the output, removed when the build fails. */
  madeParent: string | undefined;
  builder: ModelBuilder;
  /** The site's pages counted against the bound on the output, once the model says what it is. */
  counting?: ReturnType<typeof countOutput>;
}

/** What main settled before the build: what to build, the bound on the output, and when the build started. */
interface Todo {
  planned: PlannedApi[];
  maxOutput: number | undefined;
  started: number;
}

/** The build from the models to the swap; a number is the exit code of a build that stopped, its problems said. */
async function build(run: Run, site: SiteBuild, staging: string, { planned, maxOutput, started }: Todo): Promise<number> {
  const models = await buildModels(planned, run.work);
  if (typeof models === 'number') return models;
  const { built, diagnostics } = models;
  if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok) {
    console.error(listed(diagnostics, values.verbose!));
    console.error(`Build failed (--strict): the description has errors. Nothing was written to ${out}.`);
    return 1;
  }
  const lint = startLint(planned);
  const versions = await assembleVersions(built, run.builder, diagnostics);
  await run.builder.close();
  // --portal's config names at least one API, and each one built or the build stopped.
  const [first] = built;
  if (!first) throw new BuildFailure('Build failed: there was no description to build.');
  const written = await siteInput(first, versions.documents, run.work);
  // The pages are counted as they render, the build stopped at the first one past the bound.
  run.counting = countOutput(outputBound(versions.described, maxOutput));
  const { count } = run.counting;
  // Astro bundles while the model's process writes the copies (GitHub's: about 0.6 s of the other core), then ends: the
  // process is gone before Astro's memory grows most, so the build's peak stays where Pagefind runs.
  site.modelReady.resolve(written);
  for (const { copied } of built) await copied;
  await site.done.catch((error: unknown) => {
    throw count.stoppedAt ? limitFailure(first.api.spec, count) : error;
  });

  diagnostics.push(...(await lint.found));
  if (diagnostics.length > 0) console.warn(listed(diagnostics, values.verbose!));
  if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok)
    throw new BuildFailure('Build failed (--strict): the description has errors.');

  await writeDescriptions(staging, built, versions.descriptions);
  const size = outputSize(staging);
  if (size.bytes > count.limit) throw limitFailure(first.api.spec, { ...count, written: size.bytes });
  await swapInto(staging, out);
  run.staging = undefined;

  const phases = `${values.lint ? `lint ${seconds(lint.timing.ms)} (beside the site build)` : 'lint skipped (--no-lint)'}, astro ${seconds(site.timing.ms)} (started beside the model), total ${seconds(performance.now() - started)}`;
  console.log(summary(built, size.pages, versions, phases));
  return 0;
}

async function main(): Promise<number> {
  const settled = await settings();
  if (typeof settled === 'number') return settled;
  const { address, maxOutput, planned } = settled;
  const started = performance.now();
  // Folders a killed build left behind (its process is gone) go before this build adds its own.
  await removeLeftovers(out, ASTRO_DIR);
  // Earlier versions' models, in a model process with a memory bound: a description that would exhaust
  // memory stops that process, not this one.
  const run: Run = { work: await mkdtemp(join(tmpdir(), workPrefix())), staging: undefined, madeParent: undefined, builder: createModelBuilder() };
  // Interrupted (Ctrl-C): the half-built folders go, the previous output stays.
  const interrupted = (signal: NodeJS.Signals) => {
    if (run.staging) rmSync(run.staging, { recursive: true, force: true });
    rmSync(run.work, { recursive: true, force: true });
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  // Built beside the target (same file system), so the final move is a rename; a failed build leaves no trace, a parent folder made for it included.
  run.madeParent = await mkdir(dirname(out), { recursive: true });
  const staging = await mkdtemp(join(dirname(out), stagingPrefix(out)));
  run.staging = staging;
  const site = startSite(address, staging);
  try {
    return await build(run, site, staging, { planned, maxOutput, started });
  } catch (error) {
    const message = error instanceof BuildFailure ? error.message : `Build failed: ${(error as Error).stack ?? error}`;
    console.error(`${message}\nThe previous output in ${out} is unchanged.`);
    return 1;
  } finally {
    // A build that stopped before its site (a description that does not load, --strict) stops Astro where it waits for the model.
    site.modelReady.reject(new BuildFailure('The build stopped before its site.'));
    await site.done.catch(() => undefined);
    run.counting?.stop();
    if (run.staging) {
      await rm(run.staging, { recursive: true, force: true });
      if (run.madeParent) await rm(run.madeParent, { recursive: true, force: true });
    }
    await run.builder.close();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await rm(run.work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
