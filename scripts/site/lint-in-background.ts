// Starts linting a description in a process of its own (lint-worker.ts), beside the site build;
// the promise gives its diagnostics.
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { createModelBuilder } from '../model/process/isolated.ts';
import type { LoadOptions } from '../model/load/load.ts';

export async function lintInBackground(entry: string, options: LoadOptions = {}): Promise<Diagnostic[]> {
  // Lint reads and walks the description like the model does: under the same memory bound, in the same kind of process.
  const linter = createModelBuilder({ worker: new URL('./lint-worker.ts', import.meta.url) });
  try {
    return await linter.call<Diagnostic[]>('lint', entry, options);
  } catch (error) {
    // The process stopped (out of memory): said as lint failing, which the build reports.
    if (error instanceof DiagnosticsError) throw new Error(error.diagnostics.map((d) => d.message).join('; '));
    throw error;
  } finally {
    await linter.close();
  }
}
