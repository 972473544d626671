// Builds models in a child process with a memory bound, so a description that would exhaust
// memory stops that process with a located error instead of the command: the build exits 1, the
// mock and the preview keep serving their last good version. A process, not a worker thread: a
// worker at its heap limit is stopped only when V8 gets to stop it, and one long allocation
// (JSON.parse of a large file) can run past the limit first and end the whole process. One
// module for every command that builds a model; the process is kept between builds (a reload
// costs no start-up) and replaced after one was stopped. Other commands give it a module of their
// own that answers more kinds of request (worker.ts `serve`), under the same bound.
import { fork, type ChildProcess } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { getHeapStatistics, type HeapInfo } from 'node:v8';
import { DiagnosticsError, type Diagnostic } from '../../diagnostics.ts';
import type { BuildOptions, BuildResult } from '../index.ts';
import { fatalFilter } from './fatal-filter.ts';
import type { CopyPaths, WorkerReply, WorkerRequest, WrittenBuild } from './worker.ts';

export type { WrittenBuild } from './worker.ts';

/**
 * V8's heap for a process that builds models: it holds one large document for a few seconds, and V8's
 * defaults let the heap run far past what is alive meanwhile. A young generation of 2 MB per half and a
 * heap that grows by at most what survives a collection keep GitHub's model at 459–510 MB instead of
 * 670–730 MB, in the same time; the site build or the preview's dev server runs beside it, so its peak
 * adds to theirs.
 */
export const MODEL_HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=100'];

/**
 * As much old-generation heap as this process itself may have, in MB: what `--max-old-space-size`
 * (on the command line or in NODE_OPTIONS) sets, else Node's own limit. The model's process gets
 * the same, so a build that runs out stops that process and the command goes on.
 */
export function modelHeapMb(): number {
  // The command line overrides NODE_OPTIONS: it comes last, and the last one counts.
  const flags = [...(process.env.NODE_OPTIONS ?? '').split(/\s+/), ...process.execArgv];
  const named = flags.map((flag) => /^--max-old-space-size=(\d+)$/.exec(flag)?.[1]).filter((mb) => mb !== undefined);
  return named.length > 0 ? Number(named.at(-1)) : Math.floor(getHeapStatistics().heap_size_limit / 1024 / 1024);
}

export interface ModelBuilder {
  /** The model, as buildModel gives it; rejects with a DiagnosticsError when the description does not load. */
  build(spec: string, options?: BuildOptions): Promise<BuildResult>;
  /** The same, with the model written to `modelPath` instead of returned; the bundled document stays on the worker for `writeCopies`. */
  buildInto(spec: string, options: BuildOptions, modelPath: string): Promise<WrittenBuild>;
  /** Writes the bundled document of the last `buildInto` to `paths`, then lets it go. */
  writeCopies(spec: string, paths: CopyPaths): Promise<void>;
  /** The portal's vocabulary rules alone on the description (scripts/model/check/ruleset/vocabulary.ts): what the mock prints. */
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
  /** The process's module (default worker.ts): one that imports worker.ts and serves more kinds of request. */
  worker?: URL;
  /**
   * Work nobody waits for (the preview's validation and lint): the process runs at this niceness (0–19, or the caller's if higher), so that on
   * a machine with few cores the work a writer does wait for (a save's page and mock) is not slowed by it.
   */
  nice?: number;
}

/** Why the model's process ended before answering, at the entry file. */
function stopped(spec: string, outOfMemory: boolean, how: string): Diagnostic {
  const message = outOfMemory
    ? `Building the model of this description needed more than ${modelHeapMb()} MB of memory, and was stopped (the bound follows Node's --max-old-space-size)`
    : `Building the model stopped: ${how}`;
  return { severity: 'error', rule: outOfMemory ? 'memory-limit' : 'load', message, file: spec, line: 1, col: 1 };
}

export function createModelBuilder(builderOptions: BuilderOptions = {}): ModelBuilder {
  let child: ChildProcess | undefined;
  let nextId = 0;
  let closed = false;
  const pending = new Map<number, { spec: string; by: ChildProcess; settle: (reply: WorkerReply) => void }>();

  /** Whether the process keeps this one alive: while it works, as the same build on this thread would; idle, commands end when their work does. */
  const hold = (started: ChildProcess, held: boolean): void => {
    for (const handle of [started, started.channel, started.stderr] as ({ ref(): void; unref(): void } | null | undefined)[]) {
      if (held) handle?.ref();
      else handle?.unref();
    }
  };

  const start = (): ChildProcess => {
    const entry = builderOptions.worker ?? new URL('./worker.ts', import.meta.url);
    // The same Node flags and environment, the bound last so it is the one that counts. The advanced serialization
    // (structured clone, as between threads) carries what JSON cannot: a model's undefined fields, a document's dates.
    const started = fork(entry, {
      execArgv: [...MODEL_HEAP_FLAGS, ...process.execArgv, `--max-old-space-size=${modelHeapMb()}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    if (builderOptions.nice && started.pid !== undefined) {
      try {
        // Never above the caller's own priority: lower, or the same.
        setPriority(started.pid, Math.max(getPriority(), builderOptions.nice));
      } catch {
        // Not allowed here (a sandbox without the right): it runs at the caller's priority, only slower for others.
      }
    }
    const fatal = fatalFilter(process.stderr);
    started.stderr?.on('data', (chunk: Buffer) => fatal.write(chunk));
    hold(started, false);
    started.on('message', (reply: WorkerReply) => {
      pending.get(reply.id)?.settle(reply);
      pending.delete(reply.id);
    });
    // Failing to start (no such module) ends in 'close' as well.
    started.on('error', () => undefined);
    // 'close', not 'exit': the process can be gone before its last message and its last words are read.
    started.once('close', (code, signal) => {
      fatal.end();
      if (child === started) child = undefined;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      // Only what this process was asked: a request made since went to the one started after it.
      for (const [id, { spec, by, settle }] of pending) {
        if (by !== started) continue;
        settle({ id, ok: false, diagnostics: closed ? [] : [stopped(spec, fatal.outOfMemory(), how)] });
        pending.delete(id);
      }
    });
    return started;
  };

  const request = (message: Omit<WorkerRequest, 'id'>): Promise<unknown> => {
    const { spec } = message;
    if (closed) return Promise.reject(new Error('The model builder is closed'));
    // One that ended (its 'close' may not have come yet) is not asked again.
    if (child && !child.connected) child = undefined;
    const current = (child ??= start());
    const id = ++nextId;
    return new Promise((resolve, reject) => {
      pending.set(id, {
        spec,
        by: current,
        settle: (reply) => (reply.ok ? resolve(reply.result) : reject(new DiagnosticsError(`Cannot load ${spec}`, reply.diagnostics))),
      });
      hold(current, true);
      current.send({ id, ...message } satisfies WorkerRequest);
    }).finally(() => {
      if (pending.size === 0 && child) hold(child, false);
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
      if (!closed) child ??= start();
    },
    async heap() {
      if (!child) return undefined;
      return (await request({ kind: 'heap', spec: '', options: {} }).catch(() => undefined)) as HeapInfo | undefined;
    },
    async close() {
      closed = true;
      const current = child;
      child = undefined;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const gone = new Promise((resolve) => current.once('close', resolve));
      // Held until it is gone: a command whose last step is closing the builder waits for it.
      hold(current, true);
      // At once, mid-build too: closing means its work is no longer wanted.
      current.kill('SIGKILL');
      await gone;
    },
  };
}

/** One build in a process of its own. */
export async function buildModelIsolated(spec: string, options: BuildOptions = {}): Promise<BuildResult> {
  const builder = createModelBuilder();
  try {
    return await builder.build(spec, options);
  } finally {
    await builder.close();
  }
}
