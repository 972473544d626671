// The version of the description being served, swapped whole when a rebuild loads (a save,
// `reload()`, or a model handed over by the preview) and kept when it does not: the new
// version's problems said as at start, the reload line naming the file that changed, the
// stateful store told which resources changed, and the portal's vocabulary checked again.
import type { EventEmitter } from 'node:events';
import { dirname, relative, resolve } from 'node:path';
import { formatDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { createModelBuilder } from '../model/process/isolated.ts';
import type { BuildResult } from '../model/index.ts';
import type { OpenApiDocument } from '../model/load/load.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { judgeVersion, type Verdict } from '../model/contract/verdict.ts';
import { printable } from '../terminal.ts';
import type { EnginePool } from './engine-pool.ts';
import type { RequestLog } from './log.ts';
import { Reloader, type BuildOutcome } from './reload.ts';
import type { MockServerOptions, ReloadEvent } from './server-options.ts';
import { storedResources } from './stateful/report.ts';
import { createState } from './state.ts';
import type { MockState } from './state-types.ts';
import type { StateStore } from './store/types.ts';
import { vocabularyCheck } from './vocabulary.ts';

export interface ServedSetup {
  options: MockServerOptions;
  site: string;
  pool: EnginePool;
  store: StateStore | undefined;
  log: RequestLog;
  events: EventEmitter;
  /** Whether each version's stateful resources are inferred (`--stateful`). */
  stateful: boolean;
}

type Built = Pick<BuildResult, 'model' | 'document' | 'files'>;

export class ServedVersions {
  /** What answers each request arriving now. */
  state: MockState;
  private lastFailed = false;
  private lastEvent: ReloadEvent | undefined;
  private readonly reloader: Reloader;
  private readonly checkVocabulary: () => void;

  private readonly setup: ServedSetup;

  constructor(setup: ServedSetup, first: MockState) {
    const { options, log } = setup;
    this.setup = setup;
    this.state = first;
    // The portal's vocabulary, checked on the model worker the reloads use, once each version is served.
    // A build handed over (the preview's), or one just made by `npm start`, was linted already.
    const builder = createModelBuilder();
    this.checkVocabulary =
      options.build || options.vocabulary === false
        ? () => undefined
        : vocabularyCheck(builder, options.spec, options.access ?? {}, (text) => log.message(text));
    this.reloader = new Reloader(options.spec, (outcome, ms) => (this.lastEvent = this.built(outcome, ms)), options.access, builder);
  }

  /** Once listening: the first version's vocabulary, and its files watched. */
  start(): void {
    this.checkVocabulary();
    if (this.setup.options.watch) this.reloader.watch(this.state.files);
  }

  /** Rebuild now, as a save would. */
  async reload(): Promise<ReloadEvent> {
    await this.reloader.rebuild();
    return this.lastEvent!;
  }

  /** Serve a model built elsewhere (the preview builds anyway): no second build. */
  apply(build: Built): ReloadEvent {
    return this.built({ id: 0, ok: true, model: build.model, document: build.document, files: build.files, diagnostics: [] }, 0);
  }

  close(): Promise<void> {
    return this.reloader.close();
  }

  private describe(s: MockState): string {
    return `${printable(`${s.title} ${s.version}`)}, ${s.operationCount} operation${s.operationCount === 1 ? '' : 's'}`;
  }

  private built(outcome: BuildOutcome, ms: number): ReloadEvent {
    const verdict = judgeVersion({ loaded: outcome.ok, diagnostics: outcome.diagnostics });
    if (!outcome.ok || !verdict.ok) return this.kept(outcome, ms);
    const preparing = performance.now();
    const next = this.prepare(outcome);
    ms += performance.now() - preparing;
    return next.state ? this.served(next.state, outcome, verdict, ms) : this.kept(next.failed!, ms);
  }

  /** The new version's state, or why it cannot be served. */
  private prepare(outcome: BuildOutcome & { ok: true }): { state?: MockState; failed?: BuildOutcome } {
    const { options, site, pool, stateful } = this.setup;
    try {
      const built = { model: outcome.model as ApiModel, document: outcome.document as OpenApiDocument, files: outcome.files };
      return { state: createState(built, site, pool, { stateful }) };
    } catch (error) {
      const message = `Cannot serve this version: ${(error as Error).message}`;
      const diagnostic: Diagnostic = { severity: 'error', rule: 'mock', message, file: options.spec, line: 1, col: 1 };
      return { failed: { id: outcome.id, ok: false, diagnostics: [diagnostic] } };
    }
  }

  private served(next: MockState, outcome: BuildOutcome, verdict: Verdict, ms: number): ReloadEvent {
    const { options, log } = this.setup;
    this.state = next;
    if (options.watch) this.reloader.watch(next.files);
    // The new version's problems first, as at start: the same document says the same things.
    if (verdict.diagnostics.length > 0) log.message(formatDiagnostics(verdict.diagnostics));
    const after = outcome.changed?.length
      ? ` after a change to ${outcome.changed.map((f) => printable(relative(dirname(resolve(options.spec)), f) || f)).join(', ')}`
      : '';
    log.message(`${this.lastFailed ? 'Recovered' : 'Reloaded'} in ${Math.round(ms)} ms${after}: ${this.describe(next)}`);
    for (const notice of next.notices) log.message(notice);
    this.redefineStore(next);
    this.checkVocabulary();
    this.lastFailed = false;
    const event: ReloadEvent = { ok: true, diagnostics: outcome.diagnostics, ms, title: next.title, version: next.version, operations: next.operationCount };
    options.onReload?.(event);
    this.setup.events.emit('reload', event);
    return event;
  }

  /** Records of a resource this version changes start again from its examples; the others are kept. */
  private redefineStore(next: MockState): void {
    const { store, log } = this.setup;
    if (!store || !next.inference) return;
    store.define(storedResources(next.inference.resources)).then(
      (dropped) => {
        if (dropped.length > 0) log.message(`Stateful: records reset for ${dropped.join(', ')} (changed by this version).`);
      },
      (error: Error) => log.message(`Stateful: the store could not take this version's resources: ${error.message}`),
    );
  }

  private kept(outcome: BuildOutcome, ms: number): ReloadEvent {
    const { options, log } = this.setup;
    const state = this.state;
    this.lastFailed = true;
    // Until a version loads, a new description file in a watched folder may be the fix.
    if (options.watch) this.reloader.watch([...state.files, ...(outcome.files ?? [])], true);
    if (outcome.diagnostics.length > 0) {
      log.message(`${formatDiagnostics(outcome.diagnostics)}\nThe edit was not applied; still serving the last good version (${this.describe(state)}).`);
    }
    const event: ReloadEvent = {
      ok: false,
      diagnostics: outcome.diagnostics,
      ms,
      title: state.title,
      version: state.version,
      operations: state.operationCount,
    };
    options.onReload?.(event);
    this.setup.events.emit('reload-failed', event);
    return event;
  }
}
