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
import { createModelBuilder, type WrittenBuild } from './model/process/isolated.ts';
import { DEFAULT_SITE } from './defaults.ts';
import { ASTRO_DIR, runAstroBuild } from './site/astro-build.ts';
import { siteAddress } from './infra/base-path.ts';
import { lintInBackground } from './site/lint-in-background.ts';
import { removeLeftovers, stagingPrefix, workPrefix } from './site/leftovers.ts';
import { swapInto } from './site/swap.ts';
import { countOutput, descriptionBytes, outputBound, outputLimitDiagnostic, outputSize, type OutputCount } from './site/output-limit.ts';
import { printable } from './infra/terminal.ts';
import { writeManifest, type ManifestDocument } from './site/model-file.ts';
import { readPortalConfig, type PortalApi } from './site/portal-config.ts';
import { namedSources, type VersionSource } from './site/versions/earlier.ts';
import { descriptionTags } from './site/versions/git-tags.ts';

// Node keeps the compiled code of the modules it loads, as Astro's own command does: Astro and its
// bundler, imported when the site build starts, load in about a quarter less time once cached.
enableCompileCache();

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  out: { type: 'string', default: resolve(ROOT, 'site/dist') },
  site: { type: 'string', default: DEFAULT_SITE },
  // The path the portal is served under; a --site with a path sets it too (infra/base-path.ts).
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

async function main(): Promise<number> {
  const address = siteAddress(values.site!, values.base);
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
  // Earlier versions' models, in a model process with a memory bound: a description that would exhaust
  // memory stops that process, not this one.
  const builder = createModelBuilder();
  // Astro starts up, syncs and plans its routes while the model is built, and bundles once it is
  // written (modelGate, site/src/integrations/model-plugin.ts). Built beside the target (same file
  // system), so the final move is a rename; a failed build leaves no trace, a parent folder made for it included.
  const madeParent = await mkdir(dirname(out), { recursive: true });
  staging = await mkdtemp(join(dirname(out), stagingPrefix(out)));
  let modelReady!: { resolve(path: string): void; reject(error: Error): void };
  const modelPath = new Promise<string>((resolve, reject) => (modelReady = { resolve, reject }));
  const astroStarted = performance.now();
  let astroMs = 0;
  const site = runAstroBuild({
    modelPath,
    outDir: staging,
    site: address.site,
    base: address.base,
    // Astro's own messages only with --verbose: a build that stops before its site would stop it mid-way,
    // which is no news; any other failure of Astro's is reported below with its cause.
    logLevel: values.verbose ? 'info' : 'silent',
  }).then(() => {
    astroMs = performance.now() - astroStarted;
  });
  // Awaited below, or at the end when the build stopped before the site.
  site.catch(() => undefined);
  // The versions' module (the comparison's machinery, a tenth of a second to load) loads once the first
  // model's process has started, rather than before: the model is what the site waits for.
  let assembledVersions: Promise<typeof import('./site/versions/assemble.ts').assembleApi> | undefined;
  // The site's pages counted against the bound on the output, once the model says what it is.
  let counting: ReturnType<typeof countOutput> | undefined;
  try {
    // `copied`: the model process's end, once it has written the description's copies.
    const built: { api: PlannedApi; dir: string; result: WrittenBuild; copied: Promise<void> }[] = [];
    const diagnostics: Diagnostic[] = [];
    for (const [i, api] of planned.entries()) {
      // One model's process at a time: the one before has written its copies and ended.
      await built.at(-1)?.copied;
      const dir = join(work, `api-${i}`);
      await mkdir(dir, { recursive: true });
      let result: WrittenBuild;
      let copied: Promise<void>;
      try {
        // Validation and lint are what `npm run lint` does; with --no-lint both are left to it. A model process of its
        // own, ended once it has written the copies: it gives all its memory back before Astro bundles.
        const modelProcess = createModelBuilder();
        const paths = { model: join(dir, 'model.json'), document: join(dir, 'openapi.json'), yaml: join(dir, 'openapi.yaml') };
        try {
          // The quick load (JSON.parse, a one-file description without the bundler, load.ts): the site waits for this model,
          // and the lint beside it loads the description again as every other command does.
          const building = modelProcess.buildInto(api.spec, { lint: false, validate: values.lint, firstPass: true, ...access }, paths.model);
          if (!assembledVersions) {
            assembledVersions = import('./site/versions/assemble.ts').then((m) => m.assembleApi);
            // Awaited where the versions are assembled; a build that stops before leaves it unread.
            assembledVersions.catch(() => undefined);
          }
          result = await building;
        } catch (error) {
          await modelProcess.close();
          throw error;
        }
        // The copies are written from the document the process holds, while the site renders.
        copied = modelProcess.writeCopies(api.spec, { document: paths.document, yaml: paths.yaml }).finally(() => modelProcess.close());
        // Awaited before the site bundles; a failure then stops the build.
        copied.catch(() => undefined);
      } catch (error) {
        if (!(error instanceof DiagnosticsError)) throw error;
        // The one verdict every command reaches (model/contract/verdict.ts): a version that does not load is refused.
        const refused = judgeVersion({ loaded: false, diagnostics: error.diagnostics });
        console.error(formatDiagnostics(refused.diagnostics));
        console.error(`Build failed: ${unreadable(api.spec, refused.diagnostics)}. Nothing was written to ${out}.`);
        return 1;
      }
      diagnostics.push(...result.diagnostics);
      built.push({ api, dir, result, copied });
    }
    if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok) {
      console.error(listed(diagnostics, values.verbose!));
      console.error(`Build failed (--strict): the description has errors. Nothing was written to ${out}.`);
      return 1;
    }
    const lintStarted = performance.now();
    let lintMs = 0;
    // Lint findings never stop a build without --strict; lint itself failing is reported like a finding.
    const lint = (
      values.lint ? Promise.all(planned.map((api) => lintInBackground(api.spec, access))).then((all) => all.flat()) : Promise.resolve<Diagnostic[]>([])
    ).then(
      (found) => {
        lintMs = performance.now() - lintStarted;
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

    // Earlier versions: a changelog, and their pages side by side when asked.
    const versionsStarted = performance.now();
    const documents: ManifestDocument[] = [];
    // What the output is bounded by: each API's description, once for each version published.
    let described = 0;
    const published: string[] = [];
    for (const { api, dir, result } of built) {
      const earlier = api.versions === 'tags' ? (api.changelog || api.sideBySide ? await descriptionTags(api.spec) : []) : api.versions;
      // Asked for by name (--changelog, --version-tags, a config's "tags"), none found is said; by default it is an ordinary build.
      if (api.versions === 'tags' && earlier.length === 0 && (values.portal || values.changelog === true || api.sideBySide))
        console.warn(`No earlier versions of ${printable(api.spec)}: no git tag reachable from HEAD holds it, so there is nothing to compare it with.`);
      // Loading since the first model's process started (every built API has had one).
      const assembleApi = await assembledVersions!;
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
        },
        builder,
        dir,
      );
      for (const note of assembled.notes)
        console.warn(
          note
            .split('\n')
            .map((line) => printable(line))
            .join('\n'),
        );
      documents.push(...assembled.documents);
      described += (await descriptionBytes(result.files)) * assembled.documents.length;
      if (assembled.versions.length > 1) published.push(`${api.slug ? `${api.slug}: ` : ''}${assembled.versions.map((v) => printable(v)).join(', ')}`);
    }
    const versionsMs = performance.now() - versionsStarted;
    await builder.close();
    // One document at the root with nothing beside it: the model file itself, as always.
    const [first] = built;
    const [firstDocument] = documents;
    // --portal's config names at least one API, and each one built or the build stopped.
    if (!first || !firstDocument) throw new BuildFailure('Build failed: there was no description to build.');
    let written = join(first.dir, 'model.json');
    if (documents.length > 1 || firstDocument.slug !== '' || firstDocument.context) {
      written = join(work, 'manifest.json');
      await writeManifest(written, documents);
    }
    // The pages are counted as they render, the build stopped at the first one past the bound.
    counting = countOutput(outputBound(described, maxOutput));
    const { count } = counting;
    // Astro bundles while the model's process writes the copies (GitHub's: about 0.6 s of the other core), then ends: the
    // process is gone before Astro's memory grows most, so the build's peak stays where Pagefind runs.
    modelReady.resolve(written);
    for (const { copied } of built) await copied;
    await site.catch((error: unknown) => {
      throw count.stoppedAt ? limitFailure(first.api.spec, count) : error;
    });

    diagnostics.push(...(await lint));
    if (diagnostics.length > 0) console.warn(listed(diagnostics, values.verbose!));
    if (!judgeVersion({ loaded: true, diagnostics }, { strict: values.strict }).ok)
      throw new BuildFailure('Build failed (--strict): the description has errors.');

    for (const { api, dir } of built) {
      const target = join(staging, api.slug);
      await mkdir(target, { recursive: true });
      await copyFile(join(dir, 'openapi.json'), join(target, 'openapi.json'));
      await copyFile(join(dir, 'openapi.yaml'), join(target, 'openapi.yaml'));
    }
    const size = outputSize(staging);
    if (size.bytes > count.limit) throw limitFailure(first.api.spec, { ...count, written: size.bytes });
    const { pages } = size;
    await swapInto(staging, out);
    staging = undefined;

    const seconds3 = (result: WrittenBuild) => seconds(result.timings.load + result.timings.validate + result.timings.normalize);
    const counts = ({ stats }: WrittenBuild['model']) =>
      `${stats.operations} operations, ${stats.webhooks} webhooks, ${stats.schemas} schemas, ${stats.tags} tags`;
    const phases = `${values.lint ? `lint ${seconds(lintMs)} (beside the site build)` : 'lint skipped (--no-lint)'}, astro ${seconds(astroMs)} (started beside the model), total ${seconds(performance.now() - started)}`;
    const versionsLine = published.length > 0 ? `  versions ${published.join('; ')} (earlier versions ${seconds(versionsMs)})\n` : '';
    if (built.length === 1) {
      const { model } = first.result;
      console.log(
        `Built ${printable(`${model.info.title} ${model.info.version}`)}: ${pages} pages (${counts(model)}) into ${out}\n${versionsLine}` +
          `  model ${seconds3(first.result)}, ${phases}`,
      );
    } else {
      const lines = built.map(
        ({ api, result }) =>
          `  /${api.slug}/: ${printable(`${result.model.info.title} ${result.model.info.version}`)} (${counts(result.model)}), model ${seconds3(result)}`,
      );
      console.log(`Built ${built.length} APIs: ${pages} pages into ${out}\n${lines.join('\n')}\n${versionsLine}  ${phases}`);
    }
    return 0;
  } catch (error) {
    const message = error instanceof BuildFailure ? error.message : `Build failed: ${(error as Error).stack ?? error}`;
    console.error(`${message}\nThe previous output in ${out} is unchanged.`);
    return 1;
  } finally {
    // A build that stopped before its site (a description that does not load, --strict) stops Astro where it waits for the model.
    modelReady.reject(new BuildFailure('The build stopped before its site.'));
    await site.catch(() => undefined);
    counting?.stop();
    if (staging) {
      await rm(staging, { recursive: true, force: true });
      if (madeParent) await rm(madeParent, { recursive: true, force: true });
    }
    await builder.close();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    await rm(work, { recursive: true, force: true });
  }
}

process.exitCode = await main();
