// The mock's worker pool sends a key's slice once per worker, and again when the worker
// says it no longer holds it (a check worker drops the oldest of many schemas).
import { afterAll, expect, it } from 'vitest';
import { WorkerPool } from '../../scripts/mock/worker-pool.ts';

const pool = new WorkerPool<{ n: number }, { id: number; kind: 'answer'; slice: unknown }>(new URL('./fixtures/workers/forgetful.ts', import.meta.url), {
  size: 1,
  timeoutMs: 10_000,
  heapMb: 32,
  names: { worker: 'the test worker', jobs: 'test jobs' },
});
afterAll(() => pool.close());

it('sends a slice again to a worker that no longer holds it', async () => {
  let made = 0;
  const slice = () => ({ schema: ++made });
  expect(await pool.submit('k', slice, { n: 1 })).toMatchObject({ kind: 'answer', slice: { schema: 1 } });
  // The worker holds the key as far as the pool knows: the job goes without its slice, is forgotten, and goes again with it.
  expect(await pool.submit('k', slice, { n: 2 })).toMatchObject({ kind: 'answer', slice: { schema: 2 } });
  expect(made).toBe(2);
});
