// Builds models on a worker thread with a memory bound, so a description that would exhaust
// memory stops that worker with a located error instead of the process: the build exits 1, the
// mock and the preview keep serving their last good version. One module for every command that
// builds a model; the worker is kept between builds (a reload costs no start-up) and replaced
// after one was stopped. Other commands give it a worker of their own that answers more kinds of
// request (worker.ts `serve`), under the same bound.
import { getHeapStatistics, type HeapInfo } from 'node:v8';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import type { BuildOptions, BuildResult } from './index.ts';
import type { CopyPaths, WorkerReply, WorkerRequest, WrittenBuild } from './worker.ts';

export type { WrittenBuild } from './worker.ts';

/**
 * As much old-generation heap as this process itself may have: what `--max-old-space-size` (on the
 * command line or in NODE_OPTIONS) sets, else Node's own limit. The worker's heap is its own, so a
 * worker that runs out is stopped and the process goes on.
 */
export function modelResourceLimits(): ResourceLimits {
  // The command line overrides NODE_OPTIONS: it comes last, and the last one counts.
  const flags = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...process.execArgv];
  const named = flags.map((flag) => /^--max-old-space-size=(\d+)$/.exec(flag)?.[1]).filter((mb) => mb !== undefined);
  const mb = named.length > 0 ? Number(named.at(-1)) : Math.floor(getHeapStatistics().heap_size_limit / 1024 / 1024);
  return { maxOldGenerationSizeMb: mb };
}

export interface ModelBuilder {
  /** The model, as buildModel gives it; rejects with a DiagnosticsError when the description does not load. */
  build(spec: string, options?: BuildOptions): Promise<BuildResult>;
  /** The same, with the model written to `modelPath` instead of returned; the bundled document stays on the worker for `writeCopies`. */
  buildInto(spec: string, options: BuildOptions, modelPath: string): Promise<WrittenBuild>;
  /** Writes the bundled document of the last `buildInto` to `paths`, then lets it go. */
  writeCopies(spec: string, paths: CopyPaths): Promise<void>;
  /** The portal's vocabulary rules alone on the description (scripts/model/ruleset/vocabulary.ts): what the mock prints. */
  vocabulary(spec: string, options?: BuildOptions): Promise<Diagnostic[]>;
  /** A request of another kind, for a worker that serves it; rejects with a DiagnosticsError as `build` does. */
  call<T>(kind: string, spec: string, options?: BuildOptions, payload?: unknown): Promise<T>;
  /** Starts the worker now, so loading its modules overlaps what the caller does next. */
  warm(): void;
  /** The worker's heap, if it runs. */
  heap(): Promise<HeapInfo | undefined>;
  close(): Promise<void>;
}

export interface BuilderOptions {
  /** The worker's module (default worker.ts): one that imports worker.ts and serves more kinds of request. */
  worker?: URL;
}

function stopped(spec: string, error: (Error & { code?: string }) | undefined, code: number): Diagnostic {
  const { maxOldGenerationSizeMb } = modelResourceLimits();
  const message =
    error?.code === 'ERR_WORKER_OUT_OF_MEMORY'
      ? `Building the model of this description needed more than ${maxOldGenerationSizeMb} MB of memory, and was stopped (the bound follows Node's --max-old-space-size)`
      : `Building the model stopped: ${error?.message ?? `exit code ${code}`}`;
  return { severity: 'error', rule: error?.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory-limit' : 'load', message, file: spec, line: 1, col: 1 };
}

export function createModelBuilder(builderOptions: BuilderOptions = {}): ModelBuilder {
  let worker: Worker | undefined;
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, { spec: string; settle: (reply: WorkerReply) => void }>();

  const start = (): Worker => {
    const started = new Worker(builderOptions.worker ?? new URL('./worker.ts', import.meta.url), { resourceLimits: modelResourceLimits() });
    // Idle, it does not keep the process alive: commands end when their work does.
    started.unref();
    let failure: (Error & { code?: string }) | undefined;
    started.on('message', (reply: WorkerReply) => {
      pending.get(reply.id)?.settle(reply);
      pending.delete(reply.id);
    });
    started.on('error', (error) => {
      failure = error;
    });
    started.on('exit', (code) => {
      if (worker === started) worker = undefined;
      for (const [id, { spec, settle }] of pending) settle({ id, ok: false, diagnostics: closed ? [] : [stopped(spec, failure, code)] });
      pending.clear();
    });
    return started;
  };

  const request = (message: Omit<WorkerRequest, 'id'>): Promise<unknown> => {
    const { spec } = message;
    if (closed) return Promise.reject(new Error('The model builder is closed'));
    const current = (worker ??= start());
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, {
        spec,
        settle: (reply) => (reply.ok ? resolve(reply.result) : reject(new DiagnosticsError(`Cannot load ${spec}`, reply.diagnostics))),
      });
      // While a build runs the worker holds the process, as the same build on the main thread would.
      current.ref();
      current.postMessage({ id, ...message } satisfies WorkerRequest);
    }).finally(() => {
      if (pending.size === 0) worker?.unref();
    });
  };

  return {
    build: (spec, options = {}) => request({ spec, options }) as Promise<BuildResult>,
    buildInto: (spec, options, modelPath) => request({ spec, options, write: { model: modelPath } }) as Promise<WrittenBuild>,
    writeCopies: async (spec, paths) => {
      await request({ kind: 'copies', spec, options: {}, payload: paths });
    },
    vocabulary: (spec, options = {}) => request({ kind: 'vocabulary', spec, options }) as Promise<Diagnostic[]>,
    call: <T>(kind: string, spec: string, options: BuildOptions = {}, payload?: unknown) =>
      request({ kind, spec, options, ...(payload === undefined ? {} : { payload }) }) as Promise<T>,
    warm() {
      if (!closed) worker ??= start();
    },
    async heap() {
      return worker?.getHeapStatistics();
    },
    async close() {
      closed = true;
      const current = worker;
      worker = undefined;
      if (current) await current.terminate();
    },
  };
}

/** One build on a worker of its own. */
export async function buildModelIsolated(spec: string, options: BuildOptions = {}): Promise<BuildResult> {
  const builder = createModelBuilder();
  try {
    return await builder.build(spec, options);
  } finally {
    await builder.close();
  }
}
