// A check worker of the pool (check-pool.ts): checks a request's value that
// needed more work than the answering thread gives one, with the whole share
// (WORKER_LIMITS), under the pool's time and heap limits. It compiles each
// schema it is sent once, as the answering thread compiled it, and keeps it
// for the checks that follow.
import { parentPort } from 'node:worker_threads';
import type { ValidateFunction } from 'ajv';
import { createAjv } from './ajv-instance.ts';
import { WORKER_LIMITS } from './check-limits.ts';
import type { CheckJob, CheckReply } from './check-pool.ts';
import { runCheck } from './check-run.ts';
import type { CheckBundle } from './schemas.ts';

/** Schemas kept; past this the oldest are dropped (older versions of the document, mostly). */
const MAX_KEPT = 500;

const kept = new Map<string, ValidateFunction>();

function validatorFor(key: string, bundle: CheckBundle | undefined): ValidateFunction | undefined {
  const found = kept.get(key);
  if (found || !bundle) return found;
  const ajv = createAjv(bundle.is30, bundle.coerce);
  for (const [id, schema] of bundle.refs) ajv.addSchema(schema, id);
  const validate = ajv.compile(bundle.root);
  if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, validate);
  return validate;
}

function check(job: CheckJob & { id: number; key: string; slice?: CheckBundle }): CheckReply {
  const validate = validatorFor(job.key, job.slice);
  // Dropped for newer ones: the pool sends the job again with the schema.
  if (!validate) return { id: job.id, kind: 'forgotten' };
  const data: unknown = JSON.parse(job.data);
  const outcome = runCheck(validate, data, WORKER_LIMITS);
  if (outcome.kind === 'limit') return { id: job.id, kind: 'over', limit: outcome.limit };
  if (outcome.error) return { id: job.id, kind: 'checked', error: outcome.error };
  return { id: job.id, kind: 'checked', data: job.coerce ? JSON.stringify(data) : undefined };
}

parentPort?.on('message', (job: CheckJob & { id: number; key: string; slice?: CheckBundle }) => {
  let reply: CheckReply;
  try {
    reply = check(job);
  } catch {
    reply = { id: job.id, kind: 'none' };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage('ready');
