// A small pool of workers running Prism's engine (engine-worker.ts), started
// on the first generated answer: static answers never touch it. Each answer
// has a time limit once a worker takes it, and each worker a heap limit; a
// worker over either is stopped (and replaced on the next answer), its request
// answered with an Error body, and every other request goes on being answered
// by the main thread meanwhile. Closing stops every worker at once, mid-answer
// or not.
import { Worker } from 'node:worker_threads';
import type { EngineOptions, EngineRequest } from './engine.ts';
import type { GenerateJob, GenerateReply } from './engine-worker.ts';
import { GENERATION_HEAP_MB, GENERATION_TIMEOUT_MS } from './generation-limits.ts';

export type GenerateResult = Extract<GenerateReply, { kind: 'answer' }> | { kind: 'none' } | { kind: 'limit'; message: string };

export interface EnginePoolOptions {
  /** Workers at most (each holds Prism, about 100 MB). */
  size?: number;
  timeoutMs?: number;
  heapMb?: number;
  /** Answers waiting for a worker at most; past it a request is refused at once. */
  maxQueued?: number;
}

interface Job {
  id: number;
  key: string;
  slice: () => unknown;
  request: EngineRequest;
  options: EngineOptions;
  done: (result: GenerateResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Operations whose slice this worker already holds. */
  known: Set<string>;
  job?: Job;
  timer?: NodeJS.Timeout;
}

/** How long a new worker may take to load the engine before it counts as failed. */
const START_TIMEOUT_MS = 60_000;

export class EnginePool {
  private readonly size: number;
  private readonly timeoutMs: number;
  private readonly heapMb: number;
  private readonly maxQueued: number;
  private readonly slots = new Set<Slot>();
  private readonly queue: Job[] = [];
  private nextId = 0;
  private closed = false;

  constructor(options: EnginePoolOptions = {}) {
    this.size = options.size ?? 2;
    this.timeoutMs = options.timeoutMs ?? GENERATION_TIMEOUT_MS;
    this.heapMb = options.heapMb ?? GENERATION_HEAP_MB;
    this.maxQueued = options.maxQueued ?? 64;
  }

  /** A generated answer, `none` when the engine has none, `limit` when it went over a limit; never rejects. */
  run(key: string, slice: () => unknown, request: EngineRequest, options: EngineOptions): Promise<GenerateResult> {
    if (this.closed) return Promise.resolve({ kind: 'limit', message: 'the mock server is stopping' });
    if (this.queue.length >= this.maxQueued) {
      return Promise.resolve({ kind: 'limit', message: `${this.queue.length} generated answers are already waiting` });
    }
    return new Promise((done) => {
      this.queue.push({ id: ++this.nextId, key, slice, request, options, done });
      this.dispatch();
    });
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

  private assign(slot: Slot, job: Job): void {
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
    const message: GenerateJob = { id: job.id, key: job.key, slice, request: job.request, options: job.options };
    slot.timer = setTimeout(() => this.fail(slot, `it took longer than ${this.timeoutMs} ms`), this.timeoutMs);
    slot.timer.unref();
    try {
      slot.worker.postMessage(message);
    } catch {
      // Something in the request that structured clone refuses: the prepared answer is sent instead.
      clearTimeout(slot.timer);
      slot.job = undefined;
      job.done({ kind: 'none' });
    }
  }

  private start(): void {
    const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: this.heapMb, maxYoungGenerationSizeMb: 16 },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false, known: new Set() };
    this.slots.add(slot);
    slot.timer = setTimeout(() => this.fail(slot, 'the engine did not start in time'), START_TIMEOUT_MS);
    slot.timer.unref();
    worker.on('message', (reply: GenerateReply | 'ready') => {
      if (reply === 'ready') {
        clearTimeout(slot.timer);
        slot.ready = true;
        this.dispatch();
        return;
      }
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      clearTimeout(slot.timer);
      slot.job = undefined;
      job.done(reply.kind === 'none' ? { kind: 'none' } : reply);
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      this.fail(slot, error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `it needed more than ${this.heapMb} MB of memory` : `the engine failed (${error.message})`);
    });
    worker.on('exit', () => this.fail(slot, 'the engine stopped'));
  }

  /** Stops a worker, answers its request (or, for one that never started, every waiting one) and lets the next answer start a new one. */
  private fail(slot: Slot, message: string): void {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.timer);
    void slot.worker.terminate();
    if (slot.job) slot.job.done({ kind: 'limit', message });
    // A worker that could not even start: the answers waiting would wait for the next in vain (and start one after another).
    else if (!slot.ready) for (const job of this.queue.splice(0)) job.done({ kind: 'limit', message });
    if (!this.closed) this.dispatch();
  }

  /** Stops every worker now; answers still being generated are refused. */
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
