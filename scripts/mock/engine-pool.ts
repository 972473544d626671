// The workers running Prism's engine (engine-worker.ts), started on the first
// generated answer: static answers never touch them. Each answer has a time
// limit once a worker takes it, and each worker a heap limit (worker-pool.ts);
// a worker over either is stopped and replaced, its request answered with an
// Error body, and every other request goes on being answered meanwhile.
import type { EngineOptions, EngineRequest, GenerateReply, GenerateResult } from './engine-messages.ts';
import { GENERATION_HEAP_MB, GENERATION_TIMEOUT_MS } from './generation-limits.ts';
import { WorkerPool } from './worker-pool.ts';

export interface EnginePoolOptions {
  /** Workers at most (each holds Prism, about 100 MB). */
  size?: number;
  timeoutMs?: number;
  heapMb?: number;
  /** Answers waiting for a worker at most; past it a request is refused at once. */
  maxQueued?: number;
}

export class EnginePool {
  private readonly pool: WorkerPool<{ request: EngineRequest; options: EngineOptions }, GenerateReply>;

  constructor(options: EnginePoolOptions = {}) {
    this.pool = new WorkerPool(new URL('./engine-worker.ts', import.meta.url), {
      size: options.size,
      timeoutMs: options.timeoutMs ?? GENERATION_TIMEOUT_MS,
      heapMb: options.heapMb ?? GENERATION_HEAP_MB,
      maxQueued: options.maxQueued,
      names: { worker: 'the engine', jobs: 'generated answers' },
    });
  }

  /** A generated answer, `none` when the engine has none, `limit` when it went over a limit; never rejects. */
  run(key: string, slice: () => unknown, request: EngineRequest, options: EngineOptions): Promise<GenerateResult> {
    return this.pool.submit(key, slice, { request, options });
  }

  /** Loads the engine in a worker now, off the answering thread, so the first generated answer does not wait for it. */
  warm(): void {
    this.pool.warm();
  }

  state(): 'idle' | 'starting' | 'ready' {
    return this.pool.state();
  }

  /** Stops every worker now; answers still being generated are refused. */
  close(): Promise<void> {
    return this.pool.close();
  }
}
