// Bounds on the work of checking one request against its schemas. A check
// runs first on the thread that answers every client, with a small share of
// work; one that needs more goes to a check worker (check-pool.ts) with the
// whole share, under a time and a heap limit, so no request holds the others
// or a signal to stop. References are what is counted: each is a schema
// applied to one value (check-run.ts), the only way a check's work can grow
// faster than the schema's size times the value's.

import type { CheckLimits } from './check-run.ts';

/** References followed within one another, at most: a value nested this deep in a recursive schema is refused. */
export const MAX_CHECK_DEPTH = 256;
/** References followed on the answering thread; past it, the check goes to a worker. */
export const THREAD_LIMITS: CheckLimits = { steps: 2_000, depth: MAX_CHECK_DEPTH };
/** References followed for one request in all; past it, the request is refused. */
export const WORKER_LIMITS: CheckLimits = { steps: 200_000, depth: MAX_CHECK_DEPTH };
/** How long one check may take in a worker: a backstop for what the count cannot see, far past what the count allows on a loaded machine. */
export const CHECK_TIMEOUT_MS = 10_000;
/** Heap of each check worker. */
export const CHECK_HEAP_MB = 64;
