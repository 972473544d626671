// Starts linting a description on a worker thread; the promise gives its diagnostics.
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics.ts';
import type { LoadOptions } from '../model/load.ts';
import { modelResourceLimits } from '../model/isolated.ts';

export function lintInBackground(entry: string, options: LoadOptions = {}): Promise<Diagnostic[]> {
  return new Promise((done, fail) => {
    // Lint reads and walks the description like the model does: under the same memory bound.
    const worker = new Worker(new URL('./lint-worker.ts', import.meta.url), { workerData: { entry, options }, resourceLimits: modelResourceLimits() });
    let result: Diagnostic[] | undefined;
    worker.once('message', (diagnostics: Diagnostic[]) => (result = diagnostics));
    worker.once('error', fail);
    worker.once('exit', (code) => (result ? done(result) : fail(new Error(`Lint stopped with code ${code}`))));
  });
}
