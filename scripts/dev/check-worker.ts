// Worker of the writers' preview that checks a save once its pages show it: the document loaded
// as `npm run lint` loads it (the YAML parser on every file, the config's own keys checked), then
// swagger-parser's validation and Redocly's lint. Under the model's memory bound (isolated.ts); the
// preview stops it when a newer save makes its work useless.
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { Diagnostic } from '../diagnostics.ts';
import { lintDocument } from '../model/check/lint.ts';
import { loadDocument } from '../model/load/load.ts';
import { createLocator } from '../model/load/locate.ts';
import { validateDocument } from '../model/check/validate.ts';
import { getHeapStatistics } from 'node:v8';
import { serve } from '../model/process/worker.ts';
import { compactHeap } from './heap.ts';

// Validation leaves a dereferenced copy of the document behind; on a large API it is given back before lint grows its own.
const COMPACT_ABOVE_BYTES = 256 * 1024 * 1024;

export interface CheckResult {
  diagnostics: Diagnostic[];
  /** What was checked (LoadedDocument.contentKey): the result holds for any load with the same key. */
  contentKey: string;
  timings: Record<'load' | 'validate' | 'lint', number>;
}

// On Linux each thread has its own nice value: this one gives the processor to the threads serving the pages and the mock.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), 10);
} catch {
  // Elsewhere the check simply shares the processor.
}

serve('check', async ({ spec, options }) => {
  let t = performance.now();
  const loaded = await loadDocument(spec, { ...options, firstPass: false, checkConfig: true });
  const locate = await createLocator(loaded);
  const load = performance.now() - t;
  t = performance.now();
  const validation = await validateDocument(loaded.document, locate, loaded.measure);
  const validate = performance.now() - t;
  if (getHeapStatistics().total_heap_size > COMPACT_ABOVE_BYTES) compactHeap();
  t = performance.now();
  const lint = await lintDocument(loaded);
  return {
    diagnostics: [...loaded.diagnostics, ...validation, ...lint],
    contentKey: loaded.contentKey,
    timings: { load, validate, lint: performance.now() - t },
  } satisfies CheckResult;
});
