// Prism's engine in a worker of the pool (engine-pool.ts): each generated
// answer runs here, under the worker's memory limit and the pool's time limit,
// so a schema that asks for too much stops this worker, never the mock. The
// worker keeps each operation's resources (its slice of the document,
// dereferenced by Prism) for the answers that follow.
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { serialize } from './answers.ts';
import type { GenerateJob, GenerateReply } from './engine-messages.ts';
import { clampSizes, MAX_GENERATED_BYTES } from './generation-limits.ts';

const require = createRequire(import.meta.url);

interface Prism {
  getHttpOperationsFromSpec(document: unknown): Promise<unknown[]>;
  createInstance(
    config: unknown,
    components: unknown,
  ): {
    request(
      input: unknown,
      resources: unknown[],
      config?: unknown,
    ): () => Promise<{
      _tag: 'Left' | 'Right';
      right?: { output: { statusCode: number; headers?: Record<string, unknown>; body: unknown } };
    }>;
  };
}

// Prism logs through pino; the mock prints its own lines instead.
const silentLogger: Record<string, unknown> = { level: 'silent' };
for (const level of ['fatal', 'error', 'warn', 'info', 'success', 'debug', 'trace']) silentLogger[level] = () => {};
silentLogger.child = () => silentLogger;

const BASE_CONFIG = { validateRequest: false, validateResponse: false, checkSecurity: false, errors: false, upstreamProxy: undefined, isProxy: false };
/** Operations kept per worker; past this the oldest are dropped (older versions of the document, mostly). */
const MAX_KEPT = 500;

const prism = require('@stoplight/prism-http') as Prism;
const instance = prism.createInstance({ ...BASE_CONFIG, mock: { dynamic: false } }, { logger: silentLogger });
const resources = new Map<string, Promise<unknown[]>>();

function resourcesFor(key: string, slice: unknown): Promise<unknown[]> | undefined {
  let found = resources.get(key);
  if (!found && slice !== undefined) {
    clampSizes(slice);
    found = prism.getHttpOperationsFromSpec(slice);
    if (resources.size >= MAX_KEPT) resources.delete(resources.keys().next().value as string);
    resources.set(key, found);
  }
  return found;
}

async function generate(job: GenerateJob): Promise<GenerateReply> {
  const operations = resourcesFor(job.key, job.slice);
  if (!operations) return { id: job.id, kind: 'none' };
  const mock: Record<string, unknown> = { dynamic: job.options.dynamic };
  if (job.options.code !== undefined) mock.code = job.options.code;
  if (job.options.exampleKey !== undefined) mock.exampleKey = job.options.exampleKey;
  if (job.options.seed !== undefined) mock.seed = job.options.seed;
  const input = {
    method: job.request.method.toLowerCase(),
    url: { path: job.request.path, query: job.request.query },
    headers: job.request.headers,
    body: job.request.body,
  };
  const result = await instance.request(input, await operations, { ...BASE_CONFIG, mock })();
  const output = result._tag === 'Right' ? result.right?.output : undefined;
  if (!output) return { id: job.id, kind: 'none' };
  const headers: Record<string, string> = {};
  let contentType = 'application/json';
  for (const [name, value] of Object.entries(output.headers ?? {})) {
    if (value === null || value === undefined) continue;
    if (name.toLowerCase() === 'content-type') contentType = String(value);
    else headers[name] = String(value);
  }
  const body = serialize(output.body, contentType);
  if (body && body.length > MAX_GENERATED_BYTES) {
    return {
      id: job.id,
      kind: 'limit',
      message: `its body would be ${Math.round(body.length / 1024 / 1024)} MiB, over the ${MAX_GENERATED_BYTES / 1024 / 1024} MiB limit`,
    };
  }
  return { id: job.id, kind: 'answer', statusCode: output.statusCode, headers, contentType, body };
}

parentPort?.on('message', (job: GenerateJob) => {
  generate(job).then(
    (reply) => parentPort?.postMessage(reply),
    // The engine's own failures (a schema it cannot read) leave the prepared answer to be sent.
    () => parentPort?.postMessage({ id: job.id, kind: 'none' } satisfies GenerateReply),
  );
});
parentPort?.postMessage('ready');
