// Worker: builds models for isolated.ts, one request at a time, under the memory bound the
// worker was started with. A model the caller only writes to disk is written here, so it never
// has to cross to the calling thread.
import { writeFile } from 'node:fs/promises';
import { enableCompileCache } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import type { BuildOptions, BuildResult } from './index.ts';

// The pipeline's modules are large; their compiled code is kept between runs.
enableCompileCache();
const { buildModel } = await import('./index.ts');
const { lintVocabulary } = await import('./ruleset/vocabulary.ts');

export interface WorkerRequest {
  id: number;
  spec: string;
  options: BuildOptions;
  /** Write the model (compact JSON) and the bundled document (indented JSON) here, and leave them out of the reply. */
  write?: { model: string; document: string };
  /** No model: only the portal's vocabulary rules, whose problems are the result (the mock's check). */
  vocabulary?: true;
}

export type WorkerReply = { id: number; ok: true; result: BuildResult | WrittenBuild | Diagnostic[] } | { id: number; ok: false; diagnostics: Diagnostic[] };

/** A build whose model and document were written to files. */
export type WrittenBuild = Omit<BuildResult, 'model' | 'document'> & { model: Pick<BuildResult['model'], 'info' | 'stats'> };

async function handle({ id, spec, options, write, vocabulary }: WorkerRequest): Promise<WorkerReply> {
  try {
    if (vocabulary) return { id, ok: true, result: await lintVocabulary(spec, options) };
    const result = await buildModel(spec, options);
    if (!write) return { id, ok: true, result };
    await writeFile(write.model, JSON.stringify(result.model));
    await writeFile(write.document, `${JSON.stringify(result.document, null, 2)}\n`);
    const { model, document: _written, ...rest } = result;
    return { id, ok: true, result: { ...rest, model: { info: model.info, stats: model.stats } } };
  } catch (error) {
    if (error instanceof DiagnosticsError) return { id, ok: false, diagnostics: error.diagnostics };
    const message = String((error as Error)?.message ?? error);
    return { id, ok: false, diagnostics: [{ severity: 'error', rule: 'load', message, file: spec, line: 1, col: 1 }] };
  }
}

parentPort?.on('message', async (request: WorkerRequest) => {
  const reply = await handle(request);
  try {
    parentPort?.postMessage(reply);
  } catch {
    // Something in the document that structured clone refuses (it came from YAML, so JSON is enough).
    parentPort?.postMessage(JSON.parse(JSON.stringify(reply)));
  }
});
