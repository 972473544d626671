// Reload on save: every file the document reaches is watched (through its
// directory, as editors often replace a file rather than write into it), a
// burst of events becomes one rebuild, the rebuild runs in a worker, and the
// new state replaces the old in one assignment, so no request sees half of
// each and none is dropped.
import { watch, type FSWatcher } from 'node:fs';
import { dirname, extname, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics.ts';
import type { BuildReply } from './build-worker.ts';

const DEBOUNCE_MS = 50;
const WATCHED_EXTENSIONS = new Set(['.yaml', '.yml', '.json']);

export type BuildOutcome = Extract<BuildReply, { ok: true }> | Extract<BuildReply, { ok: false }>;

export class Reloader {
  private readonly spec: string;
  private readonly onBuilt: (outcome: BuildOutcome, ms: number) => void;
  private watchers = new Map<string, FSWatcher>();
  private files = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private worker: Worker | undefined;
  private building: Promise<void> | undefined;
  private again = false;
  private nextId = 0;
  private pending = new Map<number, (reply: BuildReply) => void>();
  private closed = false;

  constructor(spec: string, onBuilt: (outcome: BuildOutcome, ms: number) => void) {
    this.spec = resolve(spec);
    this.onBuilt = onBuilt;
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

  private build(): Promise<BuildReply> {
    const worker = (this.worker ??= this.startWorker());
    const id = ++this.nextId;
    return new Promise((done) => {
      this.pending.set(id, done);
      worker.postMessage({ id, spec: this.spec });
    });
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL('./build-worker.ts', import.meta.url));
    worker.unref();
    worker.on('message', (reply: BuildReply) => {
      this.pending.get(reply.id)?.(reply);
      this.pending.delete(reply.id);
    });
    const fail = (message: string) => {
      this.worker = undefined;
      const diagnostics: Diagnostic[] = [{ severity: 'error', rule: 'reload', message, file: this.spec, line: 1, col: 1 }];
      for (const [id, done] of this.pending) done({ id, ok: false, diagnostics });
      this.pending.clear();
    };
    worker.on('error', (error) => fail(`The rebuild failed: ${error.message}`));
    worker.on('exit', (code) => {
      if (!this.closed && code !== 0) fail(`The rebuild stopped (exit code ${code})`);
      this.worker = undefined;
    });
    return worker;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
    for (const [id, done] of this.pending) done({ id, ok: false, diagnostics: [] });
    this.pending.clear();
  }
}
