// A small pool of worker threads for the mock's work that must not hold the
// thread answering requests: generated answers (Prism's engine, engine-pool.ts)
// and request checks past the main thread's share (check-pool.ts). Workers
// start on the first job. Each job has a time limit once a worker takes it,
// and each worker a heap limit; a worker over either is stopped (and replaced
// on the next job), its job answered with a `limit`, and every other request
// goes on being answered meanwhile. Closing stops every worker at once,
// mid-job or not.
//
// A job names a key (an operation of one version, a compiled schema) whose
// slice of the document the worker keeps: the slice is made and sent only the
// first time a worker sees the key. The worker receives the job's payload with
// `id`, `key` and `slice` beside it, and replies with the job's `id` and a
// `kind`, after posting `'ready'` once it has loaded; `forgotten` when it no
// longer holds the key's slice, and the job is sent again with it.
import { Worker } from 'node:worker_threads';

export type PoolResult<R> = R | { kind: 'none' } | { kind: 'limit'; message: string };

export interface WorkerPoolOptions {
  /** Workers at most. */
  size?: number;
  timeoutMs: number;
  heapMb: number;
  /** Jobs waiting for a worker at most; past it a job is refused at once. */
  maxQueued?: number;
  /** What the worker runs and what its jobs are, as messages name them: `the engine`, `generated answers`. */
  names: { worker: string; jobs: string };
}

interface Job<P, R> {
  id: number;
  key: string;
  slice: () => unknown;
  payload: P;
  done: (result: PoolResult<R>) => void;
}

interface Slot<P, R> {
  worker: Worker;
  ready: boolean;
  /** Keys whose slice this worker already holds. */
  known: Set<string>;
  job?: Job<P, R>;
  timer?: NodeJS.Timeout;
}

/** How long a new worker may take to load before it counts as failed. */
const START_TIMEOUT_MS = 60_000;

export class WorkerPool<P extends object, R extends { id: number; kind: string }> {
  private readonly script: URL;
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly maxQueued: number;
  private readonly names: WorkerPoolOptions['names'];
  private readonly slots = new Set<Slot<P, R>>();
  private readonly queue: Job<P, R>[] = [];
  private nextId = 0;
  private closed = false;

  constructor(script: URL, options: WorkerPoolOptions) {
    this.script = script;
    this.size = options.size ?? 2;
    this.timeoutMs = options.timeoutMs;
    this.heapMb = options.heapMb;
    this.maxQueued = options.maxQueued ?? 64;
    this.names = options.names;
  }

  /** The worker's reply, `none` when it has none, `limit` when the job went over a limit; never rejects. */
  submit(key: string, slice: () => unknown, payload: P): Promise<PoolResult<R>> {
    if (this.closed) return Promise.resolve({ kind: 'limit', message: 'the mock server is stopping' });
    if (this.queue.length >= this.maxQueued) {
      return Promise.resolve({ kind: 'limit', message: `${this.queue.length} ${this.names.jobs} are already waiting` });
    }
    return new Promise((done) => {
      this.queue.push({ id: ++this.nextId, key, slice, payload, done });
      this.dispatch();
    });
  }

  /** Starts a worker now if none runs, so the first job does not wait for one to load (it waits for this one, if anything). */
  warm(): void {
    if (!this.closed && this.slots.size === 0) this.start();
  }

  /** `idle` with no worker, `starting` while none has loaded yet, `ready` once one has. */
  state(): 'idle' | 'starting' | 'ready' {
    if (this.slots.size === 0) return 'idle';
    return [...this.slots].some((s) => s.ready) ? 'ready' : 'starting';
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const idle = [...this.slots].find((s) => s.ready && !s.job);
      if (!idle) {
        if (this.slots.size < this.size && ![...this.slots].some((s) => !s.ready)) this.start();
        return;
      }
      this.assign(idle, this.queue.shift()!);
    }
  }

  private assign(slot: Slot<P, R>, job: Job<P, R>): void {
    slot.job = job;
    let slice: unknown;
    if (!slot.known.has(job.key)) {
      try {
        slice = job.slice();
      } catch {
        slot.job = undefined;
        job.done({ kind: 'none' });
        return;
      }
      slot.known.add(job.key);
    }
    slot.timer = setTimeout(() => this.fail(slot, `it took longer than ${this.timeoutMs} ms`), this.timeoutMs);
    slot.timer.unref();
    try {
      slot.worker.postMessage({ ...job.payload, id: job.id, key: job.key, slice });
    } catch {
      // Something in the job that structured clone refuses: the caller does without the worker.
      clearTimeout(slot.timer);
      slot.job = undefined;
      job.done({ kind: 'none' });
    }
  }

  private start(): void {
    const worker = new Worker(this.script, {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot<P, R> = { worker, ready: false, known: new Set() };
    this.slots.add(slot);
    slot.timer = setTimeout(() => this.fail(slot, `${this.names.worker} did not start in time`), START_TIMEOUT_MS);
    slot.timer.unref();
    worker.on('message', (reply: R | 'ready') => {
      if (reply === 'ready') {
        clearTimeout(slot.timer);
        slot.ready = true;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(slot.timer);
      if (reply.kind === 'forgotten') {
        slot.known.delete(job.key);
        this.assign(slot, job);
        return;
      }
      slot.job = undefined;
      job.done(reply.kind === 'none' ? { kind: 'none' } : reply);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.fail(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it needed more than ${this.heapMb} MB of memory` : `${this.names.worker} failed (${error.message})`,
      );
    });
    worker.on('exit', () => this.fail(slot, `${this.names.worker} stopped`));
  }

  /** Stops a worker, answers its job (or, for one that never started, every waiting one) and lets the next job start a new one. */
  private fail(slot: Slot<P, R>, message: string): void {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (slot.job) slot.job.done({ kind: 'limit', message });
    // A worker that could not even start: the jobs waiting would wait for the next in vain (and start one after another).
    else if (!slot.ready) for (const job of this.queue.splice(0)) job.done({ kind: 'limit', message });
    if (!this.closed) this.dispatch();
  }

  /** Stops every worker now; jobs still running or waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    const slots = [...this.slots];
    this.slots.clear();
    for (const job of this.queue.splice(0)) job.done({ kind: 'limit', message: 'the mock server is stopping' });
    await Promise.all(
      slots.map((slot) => {
        clearTimeout(slot.timer);
        slot.job?.done({ kind: 'limit', message: 'the mock server is stopping' });
        return slot.worker.terminate();
      }),
    );
  }
}
