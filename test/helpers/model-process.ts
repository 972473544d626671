// A model process (scripts/model/process/worker.ts) with kinds of request that end it the ways a real one
// can end: by exiting mid-request, or by running out of its heap in one long step.
import { getPriority } from 'node:os';
import { serve } from '../../scripts/model/process/worker.ts';

serve('echo', async ({ payload }) => payload);
serve('exit', async () => process.exit(3));
// The priority the process runs at, as the system sees it.
serve('niceness', async () => getPriority());
// One JSON.parse of a 57 MB text whose values need more than a 128 MB heap: a step V8 cannot stop midway.
serve('exhaust', async () => JSON.parse(`[${'"0123456789abcdef",'.repeat(3_000_000)}0]`).length);
