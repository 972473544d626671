// What crosses between the mock and Prism's engine: a request and its options (engine.ts), the job
// a worker of the pool gets (engine-worker.ts) and its reply, and the answer the pool hands back
// (engine-pool.ts). Below all three, so none of them imports another for a type.

export interface EngineRequest {
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface EngineOptions {
  code?: number;
  exampleKey?: string;
  dynamic: boolean;
  /** `--seed` with the request: the same request gets the same generated body, in any worker, across restarts. */
  seed?: string;
}

export interface GenerateJob {
  id: number;
  /** Names the operation of one version of the document. */
  key: string;
  /** The operation's slice of the document, sent the first time this worker sees the key. */
  slice?: unknown;
  request: EngineRequest;
  options: EngineOptions;
}

export type GenerateReply =
  | { id: number; kind: 'answer'; statusCode: number; headers: Record<string, string>; contentType: string; body: Uint8Array | undefined }
  | { id: number; kind: 'none' }
  | { id: number; kind: 'limit'; message: string };

export type GenerateResult = Extract<GenerateReply, { kind: 'answer' }> | { kind: 'none' } | { kind: 'limit'; message: string };
