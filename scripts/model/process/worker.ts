// The model's process: builds models for isolated.ts, one request at a time, under the memory
// bound it was started with. A model the caller only writes to disk is written here, so it never
// has to cross to the calling process. The process of another command (the preview's) imports
// this module and adds its own kinds of request with `serve`.
import { writeFile } from 'node:fs/promises';
import { getHeapStatistics } from 'node:v8';
import { enableCompileCache } from 'node:module';
import { DiagnosticsError, type Diagnostic } from '../../diagnostics.ts';
import type { OpenApiDocument } from '../document/document.ts';
import type { BuildOptions, BuildResult } from '../index.ts';
import { yamlDownload } from './yaml-download.ts';

// The pipeline's modules are large; their compiled code is kept between runs.
enableCompileCache();
const { buildModel } = await import('../index.ts');
const { lintVocabulary } = await import('../check/ruleset/vocabulary.ts');

export interface WorkerRequest {
  id: number;
  /** Which handler answers (`build` when absent). */
  kind?: string;
  spec: string;
  options: BuildOptions;
  /** Write the model (compact JSON) here and leave it out of the reply; the bundled document is kept for a `copies` request. */
  write?: { model: string };
  /** Whatever else a kind of request needs. */
  payload?: unknown;
}

export type WorkerReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; diagnostics: Diagnostic[] };

/** A build whose model and document were written to files. */
export type WrittenBuild = Omit<BuildResult, 'model' | 'document'> & { model: Pick<BuildResult['model'], 'info' | 'stats'> };

/** Answers one kind of request; a DiagnosticsError is the description's problems, anything else one `load` error. */
export type Handler = (request: WorkerRequest) => Promise<unknown>;

const handlers = new Map<string, Handler>();
/** Work a handler leaves for after its reply has gone out. */
let afterwards: (() => void)[] = [];

/**
 * Runs `task` once the reply to the request being answered is written out: work the caller does not
 * wait for (a file of the answer, written for later) would otherwise hold a large reply in the pipe.
 */
export function afterReply(task: () => void): void {
  afterwards.push(task);
}

/** Adds a kind of request this process answers. */
export function serve(kind: string, handler: Handler): void {
  handlers.set(kind, handler);
}

/** Where the bundled document's downloadable copies go: indented JSON, and YAML when asked. */
export interface CopyPaths {
  document: string;
  yaml?: string;
}

/** The bundled document of the last build written to a file, until its copies are written. */
let uncopied: OpenApiDocument | undefined;

serve('build', async ({ spec, options, write }) => {
  uncopied = undefined;
  const result = await buildModel(spec, options);
  if (!write) return result;
  await writeFile(write.model, JSON.stringify(result.model));
  // The site needs only the model: the copies are written on the next request, while it renders.
  uncopied = result.document;
  const { model, document: _kept, ...rest } = result;
  return { ...rest, model: { info: model.info, stats: model.stats } } satisfies WrittenBuild;
});

serve('copies', async ({ payload }) => {
  const document = uncopied;
  uncopied = undefined;
  if (!document) throw new Error('No built document to copy: a `copies` request follows a written build');
  const paths = payload as CopyPaths;
  await writeFile(paths.document, `${JSON.stringify(document, null, 2)}\n`);
  // From the document in hand: read back from the JSON, a large one (GitHub's) would be parsed again in another process
  // while the site renders, adding its 200 MB to the build's peak.
  if (paths.yaml) await writeFile(paths.yaml, yamlDownload(document));
});

// How much heap this process holds: a caller replaces a process that keeps too much.
serve('heap', async () => getHeapStatistics());

// No model: only the portal's vocabulary rules, whose problems are the result (the mock's check).
serve('vocabulary', ({ spec, options }) => lintVocabulary(spec, options));

async function handle(request: WorkerRequest): Promise<WorkerReply> {
  const { id, spec } = request;
  try {
    const handler = handlers.get(request.kind ?? 'build');
    if (!handler) throw new Error(`The model process does not answer "${request.kind}" requests`);
    return { id, ok: true, result: await handler(request) };
  } catch (error) {
    if (error instanceof DiagnosticsError) return { id, ok: false, diagnostics: error.diagnostics };
    const message = String((error as Error)?.message ?? error);
    return { id, ok: false, diagnostics: [{ severity: 'error', rule: 'load', message, file: spec, line: 1, col: 1 }] };
  }
}

// One request at a time, in the order they came: a request may rely on what the one before it left (the preview's comparison on its last build).
let queue: Promise<void> = Promise.resolve();
const send = (reply: WorkerReply): Promise<void> => new Promise((resolve) => process.send?.(reply, undefined, {}, () => resolve()));
process.on('message', (request: WorkerRequest) => {
  queue = queue.then(async () => {
    const reply = await handle(request);
    try {
      await send(reply);
    } catch {
      // Something in the document that structured clone refuses (it came from YAML, so JSON is enough).
      await send(JSON.parse(JSON.stringify(reply)));
    } finally {
      const tasks = afterwards;
      afterwards = [];
      for (const task of tasks) task();
    }
  });
});
// The command that started it is gone: nothing would read what it builds.
process.once('disconnect', () => process.exit(0));
