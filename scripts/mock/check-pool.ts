// A request checked against its schemas without holding the thread that
// answers everyone: the check starts here with a small share of work
// (THREAD_LIMITS), enough for every ordinary body; one that needs more is
// checked again by a check worker (check-worker.ts) with the whole share, under
// a time and a heap limit, while this thread answers other clients and stays
// free to stop the mock on a signal. The value crosses as JSON text (structured
// clone would recurse once per level of a deep value), and a coercing check
// sends the coerced value back.
import { CHECK_HEAP_MB, CHECK_TIMEOUT_MS, MAX_CHECK_DEPTH, THREAD_LIMITS, WORKER_LIMITS } from './check-limits.ts';
import { runCheck, type LimitKind } from './check-run.ts';
import type { ErrorObject, Validator } from './schemas.ts';
import { WorkerPool, type PoolResult } from './worker-pool.ts';

export interface CheckJob {
  /** The value as JSON text. */
  data: string;
  /** Send the value back: the check coerced it. */
  coerce: boolean;
}

export type CheckReply =
  | { id: number; kind: 'checked'; error?: ErrorObject; data?: string }
  | { id: number; kind: 'over'; limit: LimitKind }
  | { id: number; kind: 'forgotten' }
  | { id: number; kind: 'none' };

export type CheckResult =
  /** The value as checked (coerced, for a coercing check). */
  | { kind: 'valid'; data: unknown }
  | { kind: 'invalid'; error: ErrorObject }
  /** Not checked: past a limit, said as a sentence about `subject`. */
  | { kind: 'limit'; message: string };

/** What is checked, as messages name it. */
export type CheckSubject = 'The body' | 'The parameters';

export class CheckPool {
  private readonly pool = new WorkerPool<CheckJob, CheckReply>(new URL('./check-worker.ts', import.meta.url), {
    timeoutMs: CHECK_TIMEOUT_MS,
    heapMb: CHECK_HEAP_MB,
    names: { worker: 'the check worker', jobs: 'checks' },
  });

  /** Checks a value: at once when it takes little work, else by a worker. Never rejects. */
  check(validator: Validator, data: unknown, subject: CheckSubject): CheckResult | Promise<CheckResult> {
    const outcome = runCheck(validator.validate, data, THREAD_LIMITS);
    if (outcome.kind === 'checked') return outcome.error ? { kind: 'invalid', error: outcome.error } : { kind: 'valid', data };
    if (outcome.limit === 'depth') return over('depth', subject);
    let text: string;
    try {
      text = JSON.stringify(data);
    } catch {
      // Nested past what the engine's own recursion takes (thousands of levels).
      return over('depth', subject);
    }
    return this.pool.submit(validator.key, () => validator.bundle(), { data: text, coerce: validator.coerce }).then((reply) => read(reply, data, subject));
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

function read(reply: PoolResult<CheckReply>, sent: unknown, subject: CheckSubject): CheckResult {
  switch (reply.kind) {
    case 'checked':
      if (reply.error) return { kind: 'invalid', error: reply.error };
      return { kind: 'valid', data: reply.data === undefined ? sent : coerced(reply.data, sent) };
    case 'over':
      return over(reply.limit, subject);
    case 'limit':
      return { kind: 'limit', message: `${subject} could not be checked against its schema: ${reply.message}.` };
    default:
      return { kind: 'limit', message: `${subject} could not be checked against its schema.` };
  }
}

/** The coerced value back, its top level as the request's fields were held: without a prototype when they were. */
function coerced(text: string, sent: unknown): unknown {
  const value: unknown = JSON.parse(text);
  if (sent === null || typeof sent !== 'object' || Array.isArray(sent) || Object.getPrototypeOf(sent) !== null) return value;
  return Object.assign(Object.create(null) as object, value);
}

function over(limit: LimitKind, subject: CheckSubject): CheckResult {
  const plural = subject === 'The parameters';
  const message =
    limit === 'depth'
      ? `${subject} ${plural ? 'are' : 'is'} nested too deeply to check against its schema: more than ${MAX_CHECK_DEPTH} levels of schema references.`
      : `${subject} ${plural ? 'take' : 'takes'} too much work to check against its schema: more than ${WORKER_LIMITS.steps.toLocaleString('en')} schema references followed (a oneOf or anyOf over schemas that refer to one another, say).`;
  return { kind: 'limit', message };
}
