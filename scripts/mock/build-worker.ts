// Builds the model off the main thread, so a reload never stalls the
// requests being answered meanwhile. Reloads validate the document too: an
// edit that breaks it is reported and not served.
import { enableCompileCache } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';

// The pipeline's modules are large; their compiled code is kept between runs.
enableCompileCache();
const { buildModel } = await import('../model/index.ts');

export interface BuildRequest {
  id: number;
  spec: string;
}

export type BuildReply =
  | { id: number; ok: true; model: unknown; document: unknown; files: string[]; diagnostics: Diagnostic[] }
  | { id: number; ok: false; diagnostics: Diagnostic[]; files?: string[] };

parentPort?.on('message', async ({ id, spec }: BuildRequest) => {
  let reply: BuildReply;
  try {
    const result = await buildModel(spec, { lint: false, validate: true });
    reply = { id, ok: true, model: result.model, document: result.document, files: result.files, diagnostics: result.diagnostics };
  } catch (error) {
    const diagnostics: Diagnostic[] =
      error instanceof DiagnosticsError
        ? error.diagnostics
        : [{ severity: 'error', rule: 'load', message: String((error as Error)?.message ?? error), file: spec, line: 1, col: 1 }];
    reply = { id, ok: false, diagnostics };
  }
  try {
    parentPort?.postMessage(reply);
  } catch {
    // Something in the document that structured clone refuses (it came from YAML, so JSON is enough).
    parentPort?.postMessage(JSON.parse(JSON.stringify(reply)));
  }
});
