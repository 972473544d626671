// Reload on save: every file the document reaches is watched (through its
// directory, as editors often replace a file rather than write into it), a
// burst of events becomes one rebuild, the rebuild runs in a worker, and the
// new state replaces the old in one assignment, so no request sees half of
// each and none is dropped.
import { watch, type FSWatcher } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { createModelBuilder, type ModelBuilder } from '../model/isolated.ts';
import type { LoadOptions } from '../model/load.ts';
import { MOCK_CHECKS } from './defaults.ts';

const DEBOUNCE_MS = 50;
const WATCHED_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export type BuildOutcome =
  | { id: number; ok: true; model: unknown; document: unknown; files: string[]; diagnostics: Diagnostic[] }
  | { id: number; ok: false; diagnostics: Diagnostic[]; files?: string[] };

export class Reloader {
  private readonly spec: string;
  private readonly onBuilt: (outcome: BuildOutcome, ms: number) => void;
  private watchers = new Map<string, FSWatcher>();
  private files = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private readonly access: LoadOptions;
  // The shared model worker (scripts/model/isolated.ts): reloads are built off the main thread, under a
  // memory bound, so a description that would exhaust memory fails its reload and the last good version keeps serving.
  private readonly builder: ModelBuilder;
  private building: Promise<void> | undefined;
  private again = false;
  private nextId = 0;
  private closed = false;

  constructor(spec: string, onBuilt: (outcome: BuildOutcome, ms: number) => void, access: LoadOptions = {}, builder: ModelBuilder = createModelBuilder()) {
    this.spec = resolve(spec);
    this.onBuilt = onBuilt;
    this.access = access;
    this.builder = builder;
  }

  /** Watch the directories of these files (and stop watching the others). */
  watch(files: string[]): void {
    this.files = new Set(files.map((f) => resolve(f)));
    this.files.add(this.spec);
    const dirs = new Set([...this.files].map((f) => dirname(f)));
    for (const [dir, watcher] of this.watchers) {
      if (!dirs.has(dir)) {
        watcher.close();
        this.watchers.delete(dir);
      }
    }
    for (const dir of dirs) {
      if (this.watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => {
          const file = name ? resolve(dir, name.toString()) : undefined;
          if (!file || this.files.has(file) || WATCHED_EXTENSIONS.has(extname(file))) this.schedule();
        });
        watcher.on('error', () => {
          watcher.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, watcher);
      } catch {
        // A directory that vanished; the next successful build watches what exists.
      }
    }
  }

  schedule(): void {
    if (this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.rebuild();
    }, DEBOUNCE_MS);
  }

  /** Rebuild now; edits arriving meanwhile cause one more rebuild after it. */
  rebuild(): Promise<void> {
    if (this.building) {
      this.again = true;
      return this.building;
    }
    this.building = (async () => {
      do {
        this.again = false;
        const started = performance.now();
        const outcome = await this.build();
        if (this.closed) return;
        try {
          this.onBuilt(outcome, performance.now() - started);
        } catch (error) {
          // A listener's failure must not stop the watching (nor the process).
          process.stderr.write(`Reload listener failed: ${(error as Error)?.stack ?? String(error)}\n`);
        }
      } while (this.again && !this.closed);
    })().finally(() => {
      this.building = undefined;
    });
    return this.building;
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
    if (this.timer) clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    await this.builder.close();
  }
}
