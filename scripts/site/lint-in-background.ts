// Starts linting a description on a worker thread; the promise gives its diagnostics.
import { Worker } from 'node:worker_threads';
import type { Diagnostic } from '../diagnostics.ts';

export function lintInBackground(entry: string, configPath?: string): Promise<Diagnostic[]> {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL('./lint-worker.ts', import.meta.url), { workerData: { entry, configPath } });
    let result: Diagnostic[] | undefined;
    worker.once('message', (diagnostics: Diagnostic[]) => (result = diagnostics));
    worker.once('error', fail);
    worker.once('exit', (code) => (result ? done(result) : fail(new Error(`Lint stopped with code ${code}`))));
  });
}
