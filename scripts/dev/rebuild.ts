// One save, start to finish. First the pages and the mock: the document is loaded and turned
// into the model on the preview's worker, which writes the model file; the site reloads its
// pages and the mock swaps to the new version. A document that parses and resolves is the new
// version, problems or not (as for `npm run build`); one that does not parse or resolve leaves
// the last good version everywhere, with the reasons reported. Then, off the threads that serve
// pages and answers, "What changed" is compared and the save is validated and linted; their
// results join the overlay and the terminal when ready ("checking…" meanwhile).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiagnosticsError, dedupeDiagnostics, formatDiagnostic, formatDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import type { BuildResult } from '../model/index.ts';
import type { ApiModel } from '../model/contract/types.ts';
import type { ModelBuilder } from '../model/process/isolated.ts';
import { stampOf } from '../model/load/file-cache.ts';
import type { LoadOptions } from '../model/load/load.ts';
import { judgeVersion } from '../model/contract/verdict.ts';
import type { PreviewChannel, PreviewStatus } from '../site/preview-channel.ts';
import { changeSummary, type ChangeTracker } from './changes.ts';
import type { CheckOutcome, Checks } from './checks.ts';
import type { SavedBuild } from './preview-worker.ts';
import { createModelReader } from './preview-session.ts';
import { toProblems } from '../site/preview-problems.ts';
import { compactHeap } from './heap.ts';
import { jsonWritten } from './settle.ts';
import type { FileWatcher } from '../infra/watch.ts';

export interface RebuildOptions {
  spec: string;
  /** The model JSON the site reads (PORTAL_MODEL), written by the worker. */
  modelFile: string;
  channel: PreviewChannel;
  watcher: FileWatcher;
  /** The preview's worker (preview-worker.ts) every save is built on. */
  builder: ModelBuilder;
  /** Validation and lint of each save. */
  checks: Checks;
  /** What the description may read, and its config. */
  access?: LoadOptions;
  changes: ChangeTracker;
  /** Receives each good build once the pages reload (the mock swaps to it). */
  onBuild?: (build: BuildResult) => void | Promise<void>;
  log: (text: string) => void;
  /** The "What changed" page, named in the terminal's one-line summary of the changes. */
  changesUrl?: string;
}

export interface RebuildOutcome {
  /** True when this save became the version shown (it parsed and resolved), problems or not. */
  ok: boolean;
  /** The build the pages show after this step. */
  version: number;
  /** From the save to the pages and the mock following it. */
  durationMs: number;
  /** Undefined when the document did not load at all. */
  result?: BuildResult;
  /** Its files were written to while they were read: nothing was shown, the next save follows. */
  superseded?: boolean;
  /** Its texts are those of the version shown: nothing was shown again. */
  unchanged?: boolean;
}

export interface Rebuilder {
  rebuild(): Promise<RebuildOutcome>;
  /**
   * Checks and comparisons wait until this is called (the preview starts its site first): those of the
   * latest version, if any, start now.
   */
  startChecks(): void;
  /** A file of the document was written: a check under way may have read it, and a newer save is coming. */
  touched(): void;
  /** The preview is closing: comparisons and checks still under way report nothing. */
  stop(): void;
}

/** The longest the mock waits for an open page to reload first. */
const PAGE_FIRST_MS = 1000;
/** A reloaded page asks for its modules in waves (its own, then what they import): this long without a request ends them. */
const PAGE_QUIET_MS = 40;

// A large API's pages and mock leave hundreds of MB of spare heap on this thread (after a save of GitHub's, 540 MB of
// heap of which it keeps 230 MB); a small one's is left alone.
const COMPACT_ABOVE_BYTES = 384 * 1024 * 1024;
const compactIfLarge = (): void => {
  if (process.memoryUsage().heapTotal > COMPACT_ABOVE_BYTES) compactHeap();
};

const clock = (): string => new Date().toTimeString().slice(0, 8);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const seconds = (ms: number): string => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`);

/** `file:line:col severity rule message` lines, sorted, each once (the line with the counts comes after them). */
const listing = (diagnostics: readonly Diagnostic[]): string =>
  sortDiagnostics(dedupeDiagnostics(diagnostics))
    .map((d) => `${formatDiagnostic(d)}\n`)
    .join('');
/**
 * The files' identities, sizes and times in one string (file-cache.ts trusts the same to skip a read), or undefined
 * when one cannot be read: that save is built, and says why.
 */
function stampsOf(files: readonly string[]): string | undefined {
  try {
    return files.map((file) => stampOf(statSync(file))).join('\n');
  } catch {
    return undefined;
  }
}

const sameProblem = (d: Diagnostic): string => `${d.file}:${d.line}:${d.col}:${d.rule}:${d.message}`;

function counted(problems: PreviewStatus['problems']): { errors: number; warnings: number } {
  const errors = problems.filter((p) => p.severity === 'error').length;
  return { errors, warnings: problems.length - errors };
}

/** What a save's build on the worker gave: the build and its model, or only the problems of a save that did not load. */
interface WorkerBuild {
  saved?: SavedBuild;
  model?: ApiModel;
  diagnostics: Diagnostic[];
}

/** The saves, one after another, and the version shown: each step of a save is one method. */
class SaveLoop {
  // The model of each save, from what changed since the last (preview-session.ts); the whole text when this side lost track.
  private readonly reader = createModelReader();
  private readonly access: LoadOptions;
  private build = 0;
  private version = 0;
  private documentFiles: string[];
  private lastSummary: string | undefined;
  private checksStarted = false;
  /** Whether the dev server has served a page yet. */
  private pageSeen = false;
  /** What the version shown is made of (LoadedDocument.contentKey); undefined while a save that does not load is shown. */
  private shownKey: string | undefined;
  /** The files' stamps (stampsOf) as they were when the version shown was read. */
  private shownStamps: string | undefined;
  private stopped = false;
  /** Writes to the document's files seen so far. */
  private writes = 0;
  /** The check and comparison the latest version waits for while checks are held. */
  private held: { run(): void; drop(): void } | undefined;

  private readonly options: RebuildOptions;

  constructor(options: RebuildOptions) {
    this.options = options;
    this.access = options.access ?? {};
    this.documentFiles = [resolve(options.spec)];
    void options.channel.firstPage.then(() => (this.pageSeen = true));
  }

  async rebuild(): Promise<RebuildOutcome> {
    const started = performance.now();
    const elapsed = (): number => Math.round(performance.now() - started);
    await jsonWritten(this.documentFiles);
    const writesBefore = this.writes;
    // The watcher often reports a write more than once, the last report after the save it belongs to was read: files
    // untouched since the version shown was read are that version, and are not built again (a second on a large API).
    const stamps = stampsOf(this.documentFiles);
    const unchanged = (): RebuildOutcome => ({ ok: true, unchanged: true, version: this.version, durationMs: elapsed() });
    // shownStamps is cleared with shownKey: only a version shown is skipped.
    if (stamps !== undefined && stamps === this.shownStamps) return unchanged();
    const { saved, model, diagnostics } = await this.buildOnWorker();
    // Written to while it was read (a large file is written in pieces; an editor may save twice): the save that
    // follows is queued, and showing this one, or its errors for a file read half-written, would only delay it.
    if (this.writes !== writesBefore && this.version > 0 && !this.stopped) return { ok: false, superseded: true, version: this.version, durationMs: elapsed() };
    // The one verdict every command reaches (model/verdict.ts): only a document that does not load
    // keeps the last good version; lint and validation errors are shown, not blocking.
    const loaded = judgeVersion({ loaded: saved !== undefined, diagnostics }).ok;
    // The same texts as the version shown (the last pieces of a write already read, a save without a change): nothing to show again.
    if (saved && loaded && saved.contentKey === this.shownKey) {
      this.shownStamps = stamps;
      return unchanged();
    }
    this.follow(saved, diagnostics);
    this.build++;
    if (!saved || !model || !loaded) return this.showFailure(diagnostics, elapsed);
    return this.showVersion(saved, model, stamps, elapsed);
  }

  /** The save built on the preview's worker, and its model read here at once, shown or not: the next save's delta is made from it. */
  private async buildOnWorker(): Promise<WorkerBuild> {
    const { builder, spec, modelFile } = this.options;
    try {
      const saved = await builder.call<SavedBuild>('save', spec, this.access, { modelFile });
      // A large one through a file (preview-worker.ts), in one read: the file was just written (a few milliseconds from
      // the page cache), where an asynchronous read waits for this busy thread once per half megabyte.
      const delta = saved.deltaFile ? { ...saved.model, json: readFileSync(saved.deltaFile, 'utf8') } : saved.model;
      const model = this.reader.read(delta) ?? this.reader.read({ id: delta.id, mark: delta.mark, json: await builder.call<string>('model', spec) });
      if (!model) throw new Error('The model of this save could not be read');
      return { saved, model, diagnostics: saved.diagnostics };
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      return { diagnostics: error.diagnostics };
    }
  }

  /** A save that does not load: its problems are shown, the pages and the mock keep the last good version. */
  private showFailure(diagnostics: Diagnostic[], elapsed: () => number): RebuildOutcome {
    const { channel, log } = this.options;
    this.shownKey = undefined;
    this.shownStamps = undefined;
    const problems = toProblems(diagnostics, channel.root);
    const { errors, warnings } = counted(problems);
    this.publish({ state: 'error', build: this.build, version: this.version, durationMs: elapsed(), errors, warnings, problems });
    const kept = this.version > 0 ? ' The preview keeps showing the last good version.' : '';
    const listed = diagnostics.length > 0 ? `${formatDiagnostics(diagnostics)}\n` : '';
    log(`${listed}[${clock()}] The description does not load (${plural(errors, 'error')}).${kept}`);
    return { ok: false, version: this.version, durationMs: elapsed() };
  }

  /** A save that loads becomes the version shown: the pages reload, the mock follows, checks and the comparison come after. */
  private async showVersion(saved: SavedBuild, model: ApiModel, stamps: string | undefined, elapsed: () => number): Promise<RebuildOutcome> {
    const { channel } = this.options;
    this.version++;
    this.shownKey = saved.contentKey;
    // Taken before the read: a write that landed during it changes them, and is built.
    this.shownStamps = stamps;
    const current = this.version;
    const thisBuild = this.build;
    const { model: _delta, deltaFile: _file, ...built } = saved;
    // Read once here, for the pages and the mock both.
    channel.model = model;
    // "What changed" waits for this version's comparison (made below), so a reload of it never shows the one before.
    let compared: (value: unknown) => void = () => {};
    channel.comparing = new Promise((settle) => (compared = settle));
    // The pages reload now; the mock follows.
    channel.modelChanged();
    const known = toProblems(built.diagnostics, channel.root);
    this.publish({ state: 'checking', build: thisBuild, version: current, durationMs: elapsed(), ...counted(known), problems: known });
    let result: BuildResult;
    try {
      result = await this.handOver(built, model);
    } catch (error) {
      compared(undefined);
      throw error;
    }
    const pageMs = elapsed();
    // The page and the mock show the save: the spare heap their reading left is given back before the check grows its
    // own, once the requests already arrived are answered.
    setImmediate(compactIfLarge);
    this.scheduleChecks({ current, thisBuild, built, pageMs, compared });
    return { ok: true, version: current, durationMs: pageMs, result };
  }

  /** The mock's turn, once an open page has reloaded (or a moment at most): the bundled document, then `onBuild`. */
  private async handOver(built: Omit<SavedBuild, 'model' | 'deltaFile'>, model: ApiModel): Promise<BuildResult> {
    const { channel, builder, spec } = this.options;
    // The mock's share of this thread (reading the document, preparing its answers) waits until the page and its
    // modules are served. At start, the first page a writer opens comes first the same way.
    if (channel.watching() > 0 || !this.pageSeen) {
      const reloaded = channel.nextPage().then(() => channel.quiet(PAGE_QUIET_MS));
      await Promise.race([reloaded, new Promise((resolve) => setTimeout(resolve, PAGE_FIRST_MS).unref())]);
    }
    // The bundled document is asked for once the pages were told: turning it into JSON takes the worker a moment.
    const document = JSON.parse(await builder.call<string>('document', spec));
    const result = { ...built, model, document };
    await this.options.onBuild?.(result);
    return result;
  }

  /** The first pass's problems printed (unless the check's result is known already), then the check and the comparison, or held. */
  private scheduleChecks(version: ShownVersion): void {
    const { built, pageMs, current, thisBuild, compared } = version;
    // At start the addresses follow the first pass's problems.
    const now = !this.options.checks.known(built.contentKey);
    if (now) {
      const line = this.checksStarted ? `[${clock()}] Rebuilt in ${pageMs} ms; checking…` : '';
      if (built.diagnostics.length > 0 || line) this.options.log(`${listing(built.diagnostics)}${line}`.replace(/\n$/, ''));
    }
    // The comparison too waits at start: reading the base from git starts a process per file, on the thread the site's
    // first page is compiled on.
    const run = (): void => {
      void this.compare(current).then(compared);
      void this.check(current, built, pageMs, thisBuild, now ? built.diagnostics : []);
    };
    if (this.checksStarted) {
      run();
      return;
    }
    // A newer version held in its place: this one's comparison is not made, and what waits for it goes on.
    this.held?.drop();
    this.held = { run, drop: () => compared(undefined) };
  }

  private publish(status: Omit<PreviewStatus, 'finishedAt'>): void {
    this.options.channel.publish({ ...status, finishedAt: new Date().toISOString() });
  }

  /** Where the document's files are, as far as this save tells: they are watched, and viewable from the overlay. */
  private follow(saved: SavedBuild | undefined, diagnostics: Diagnostic[]): void {
    // The config is watched too: a save to it rebuilds, and its problems are shown like the description's.
    if (saved) this.documentFiles = [...saved.files, ...(saved.configFile ? [saved.configFile] : [])].map((f) => resolve(f));
    // The files named by problems are watched and viewable too (the source view keeps to the description's
    // folder and the project): a broken `$ref` may point into a new file.
    const named = diagnostics.map((d) => resolve(d.file)).filter((f) => existsSync(f));
    const files = [...new Set([...this.documentFiles, ...named])];
    this.options.watcher.setFiles(files);
    this.options.watcher.setLoose(!saved);
    this.options.channel.files = files;
  }

  /** "What changed" of `current`, on the worker; the summary line is printed when it says something new. */
  private async compare(current: number): Promise<void> {
    const { changes: tracker, channel, changesUrl, log } = this.options;
    const changes = await tracker.compare(current).catch((error: Error) => ({ version: current, unavailable: `The comparison failed: ${error.message}` }));
    if (current !== this.version || this.stopped) return;
    channel.changes = changes;
    const line = changeSummary(changes);
    if (line === this.lastSummary) return;
    this.lastSummary = line;
    log(changesUrl ? `${line} — see ${changesUrl}` : line);
  }

  /**
   * Validation and lint of `current`; their problems join the first pass's once they are ready, unless a newer version
   * came. The terminal gets the problems it was not shown yet (`printed`: the first pass's, when they were), then the counts.
   */
  private async check(
    current: number,
    saved: Pick<SavedBuild, 'contentKey' | 'diagnostics'>,
    pageMs: number,
    thisBuild: number,
    printed: readonly Diagnostic[],
  ) {
    const { channel, spec } = this.options;
    const writesBefore = this.writes;
    const outcome = await this.options.checks.run(spec, this.access, saved.contentKey).catch(
      (error: Error): CheckOutcome => ({
        diagnostics: [{ severity: 'error', rule: 'check', message: `The check stopped: ${error.message}`, file: resolve(spec), line: 1, col: 1 }],
        durationMs: 0,
        reused: false,
      }),
    );
    if (!outcome || current !== this.version || this.stopped) return;
    // A check that read other texts than this version's (a file saved since) is not this version's: the save that
    // changed them is rebuilt and checked in turn. Kept for that content all the same (checks.ts).
    if (this.writes !== writesBefore || (outcome.contentKey !== undefined && outcome.contentKey !== saved.contentKey)) return;
    const diagnostics = [...saved.diagnostics, ...outcome.diagnostics];
    const problems = toProblems(diagnostics, channel.root);
    const { errors, warnings } = counted(problems);
    // A later save that does not load keeps its own status on the pages; the terminal still hears how this version fared.
    if (channel.status.state !== 'error') {
      this.publish({ state: 'ok', build: thisBuild, version: current, durationMs: pageMs, checkMs: outcome.durationMs, errors, warnings, problems });
    }
    const seen = new Set(printed.map(sameProblem));
    const fresh = diagnostics.filter((d) => !seen.has(sameProblem(d)));
    const found = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(' and ');
    const checked = outcome.reused ? ' Checked before, unchanged since.' : ` Checked in ${seconds(outcome.durationMs)}.`;
    this.options.log(`${listing(fresh)}[${clock()}] Rebuilt in ${pageMs} ms${found ? ` with ${found}` : ''}.${checked}`);
  }

  startChecks(): void {
    this.checksStarted = true;
    this.held?.run();
    this.held = undefined;
  }

  touched(): void {
    this.writes++;
  }

  stop(): void {
    this.stopped = true;
  }
}

/** A version just shown, as its check and comparison need it. */
interface ShownVersion {
  current: number;
  thisBuild: number;
  built: Omit<SavedBuild, 'model' | 'deltaFile'>;
  pageMs: number;
  /** Settles the "What changed" page's wait for this version. */
  compared: (value: unknown) => void;
}

export function createRebuilder(options: RebuildOptions): Rebuilder {
  const loop = new SaveLoop(options);
  return {
    rebuild: () => loop.rebuild(),
    startChecks: () => loop.startChecks(),
    touched: () => loop.touched(),
    stop: () => loop.stop(),
  };
}
