// Reload on save: every file the document reaches is watched (through its
// directory, as editors often replace a file rather than write into it), a
// burst of events becomes one rebuild, the rebuild runs in a worker, and the
// new state replaces the old in one assignment, so no request sees half of
// each and none is dropped.
import { resolve } from 'node:path';
import { createRebuildLoop, type RebuildLoop } from '../infra/loop.ts';
import { watchFiles, type FileWatcher } from '../infra/watch.ts';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { createModelBuilder, type ModelBuilder } from '../model/process/isolated.ts';
import type { LoadOptions } from '../model/load/load.ts';
import { MOCK_CHECKS } from './defaults.ts';

const DEBOUNCE_MS = 50;

export type BuildOutcome = (
  | { id: number; ok: true; model: unknown; document: unknown; files: string[]; diagnostics: Diagnostic[] }
  | { id: number; ok: false; diagnostics: Diagnostic[]; files?: string[] }
) & {
  /** The files whose change led to this build (none for one asked for). */
  changed?: string[];
};

export class Reloader {
  private readonly spec: string;
  private readonly onBuilt: (outcome: BuildOutcome, ms: number) => void;
  // Only the files the description reads, while it loads; while it does not, any description file appearing in a
  // watched folder counts too (a fix may be a file not written yet), so a `package-lock.json` beside it is no reason.
  private readonly watcher: FileWatcher = watchFiles((file) => this.schedule(file), { persistent: false });
  /** Files changed since the last build started. */
  private changed = new Set<string>();
  private readonly loop: RebuildLoop = createRebuildLoop(() => this.buildOnce(), DEBOUNCE_MS);
  private readonly access: LoadOptions;
  // The shared model worker (scripts/model/process/isolated.ts): reloads are built off the main thread, under a
  // memory bound, so a description that would exhaust memory fails its reload and the last good version keeps serving.
  private readonly builder: ModelBuilder;
  private nextId = 0;
  private closed = false;

  constructor(spec: string, onBuilt: (outcome: BuildOutcome, ms: number) => void, access: LoadOptions = {}, builder: ModelBuilder = createModelBuilder()) {
    this.spec = resolve(spec);
    this.onBuilt = onBuilt;
    this.access = access;
    this.builder = builder;
  }

  /** Watch these files through their directories (and stop watching the others); `loose` while the version does not load. */
  watch(files: string[], loose = false): void {
    this.watcher.setFiles([...files, this.spec]);
    this.watcher.setLoose(loose);
  }

  schedule(file?: string): void {
    if (this.closed) return;
    if (file !== undefined && this.changed.size < 16) this.changed.add(file);
    this.loop.schedule();
  }

  /** Rebuild now; edits arriving meanwhile cause one more rebuild after it. */
  rebuild(): Promise<void> {
    return this.loop.now();
  }

  private async buildOnce(): Promise<void> {
    const started = performance.now();
    const changed = [...this.changed];
    this.changed.clear();
    const outcome = { ...(await this.build()), changed };
    if (this.closed) return;
    try {
      this.onBuilt(outcome, performance.now() - started);
    } catch (error) {
      // A listener's failure must not stop the watching (nor the process).
      process.stderr.write(`Reload listener failed: ${(error as Error)?.stack ?? String(error)}\n`);
    }
  }

  private async build(): Promise<BuildOutcome> {
    const id = ++this.nextId;
    try {
      const result = await this.builder.build(this.spec, { ...MOCK_CHECKS, ...this.access });
      return { id, ok: true, model: result.model, document: result.document, files: result.files, diagnostics: result.diagnostics };
    } catch (error) {
      if (error instanceof DiagnosticsError) return { id, ok: false, diagnostics: error.diagnostics };
      const diagnostics: Diagnostic[] = [
        { severity: 'error', rule: 'reload', message: `The rebuild failed: ${(error as Error).message}`, file: this.spec, line: 1, col: 1 },
      ];
      return { id, ok: false, diagnostics };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watcher.close();
    // Not awaited: closing the builder ends a build still running.
    void this.loop.stop();
    await this.builder.close();
  }
}
