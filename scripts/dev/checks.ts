// Validation and lint of each save, on a worker of their own (check-worker.ts), after the pages
// and the mock show the save. One check runs at a time: a save with other content stops the
// running one (its worker is ended and a fresh one started, since lint cannot be interrupted
// midway), and a document whose content was checked before is not checked again.
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { createModelBuilder, type ModelBuilder } from '../model/process/isolated.ts';
import type { LoadOptions } from '../model/load/load.ts';
import type { CheckResult } from './check-worker.ts';

export interface CheckOutcome {
  diagnostics: Diagnostic[];
  /** What was checked; undefined when the document did not load as lint loads it (its problems say why). */
  contentKey?: string;
  /** 0 when the result of an earlier check of the same content was reused. */
  durationMs: number;
  reused: boolean;
}

export interface Checks {
  /**
   * Checks the document as it is now, whose first pass gave `contentKey`. Resolves with its
   * problems, or undefined when a check of other content (or closing) stopped it.
   */
  run(spec: string, options: LoadOptions, contentKey: string): Promise<CheckOutcome | undefined>;
  /** Whether `contentKey` was checked before (run resolves at once). */
  known(contentKey: string): boolean;
  /** Starts the worker now, so loading its modules overlaps what the caller does next. */
  warm(): void;
  close(): Promise<void>;
}

const WORKER = new URL('./check-worker.ts', import.meta.url);
/** Checks are background work: a save's page and mock come first on a busy machine (the lint of a large API takes seconds). */
const CHECK_NICE = 10;
// Lint of a large API leaves hundreds of MB of heap behind; a worker past this is replaced by a fresh one, which gives it back.
const KEEP_HEAP_BYTES = 256 * 1024 * 1024;
// Results kept by content: a few, for an edit undone or a file saved unchanged.
const KEPT_RESULTS = 8;

export function createChecks(): Checks {
  let builder: ModelBuilder = createModelBuilder({ worker: WORKER, nice: CHECK_NICE });
  let running: { key: string; outcome: Promise<CheckOutcome | undefined> } | undefined;
  let closed = false;
  const results = new Map<string, Diagnostic[]>();

  /**
   * Ends the current worker (and the check it runs); the next check starts a fresh one. Not at once: a check ends
   * as a writer saves again, and starting a process then (a second of both cores' time on this machine) slowed that save.
   */
  const replace = (): void => {
    void builder.close();
    builder = createModelBuilder({ worker: WORKER, nice: CHECK_NICE });
  };

  const remember = (key: string, diagnostics: Diagnostic[]): void => {
    results.delete(key);
    results.set(key, diagnostics);
    if (results.size > KEPT_RESULTS) results.delete(results.keys().next().value as string);
  };

  const check = async (spec: string, options: LoadOptions): Promise<CheckOutcome | undefined> => {
    const mine = builder;
    const started = performance.now();
    try {
      const result = await mine.call<CheckResult>('check', spec, options);
      remember(result.contentKey, result.diagnostics);
      return { diagnostics: result.diagnostics, contentKey: result.contentKey, durationMs: Math.round(performance.now() - started), reused: false };
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      // Stopped for a newer check, or by closing.
      if (mine !== builder || closed) return undefined;
      // The document does not load as lint loads it (a duplicate key in JSON), or its check ran out of memory: those are its problems.
      return { diagnostics: error.diagnostics, durationMs: Math.round(performance.now() - started), reused: false };
    } finally {
      const heap = mine === builder && !closed ? await mine.heap() : undefined;
      if (heap && heap.total_heap_size > KEEP_HEAP_BYTES) replace();
    }
  };

  return {
    run(spec, options, contentKey) {
      const known = results.get(contentKey);
      if (known) return Promise.resolve({ diagnostics: known, contentKey, durationMs: 0, reused: true });
      // The same content is being checked: its result is this one's too.
      if (running?.key === contentKey) return running.outcome;
      if (running) replace();
      const current = { key: contentKey, outcome: check(spec, options) };
      running = current;
      void current.outcome.finally(() => {
        if (running === current) running = undefined;
      });
      return current.outcome;
    },
    known: (contentKey) => results.has(contentKey),
    warm() {
      if (!closed) builder.warm();
    },
    async close() {
      closed = true;
      running = undefined;
      await builder.close();
    },
  };
}
