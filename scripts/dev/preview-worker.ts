// Worker of the writers' preview: the model worker (model/worker.ts, under the same memory bound)
// with what a save needs besides the model. The model file the site reads is written here, the
// model and the bundled document go to the mock as JSON text, and the comparison with the base
// version is made here: on a large API each of these takes a good part of a second, which the
// thread serving the pages and the mock never spends.
import type { Diagnostic } from '../diagnostics.ts';
import { compareModels } from '../diff/compare.ts';
import { today } from '../diff/lifecycle.ts';
import { groupChanges, type ChangeReport } from '../diff/format.ts';
import { buildModel, type BuildResult } from '../model/index.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { afterReply, serve } from '../model/process/worker.ts';
import { textDigest } from '../model/load/file-cache.ts';
import type { ModelDelta } from '../model/process/model-json.ts';
import { writeAtomic } from '../site/model-file.ts';
import { compactHeap } from './heap.ts';
import { createPreviewSession, FIRST_PASS } from './preview-session.ts';
import { getHeapStatistics } from 'node:v8';
import { writeFile } from 'node:fs/promises';

// Past this the spare heap a save leaves is given back once its comparison is done (heap.ts); a small API's is left alone.
const COMPACT_ABOVE_BYTES = 256 * 1024 * 1024;
const compactIfLarge = (): void => {
  if (getHeapStatistics().total_heap_size > COMPACT_ABOVE_BYTES) compactHeap();
};

/**
 * A save, built: what the pages and the terminal need now, and the model as the pages' process can read it from the last
 * one; a large delta's text (the first save's whole model) is in the file `deltaFile` names, and `model.json` is empty.
 */
export type SavedBuild = Omit<BuildResult, 'model' | 'document'> & { model: ModelDelta; deltaFile?: string };

/**
 * Past this, a delta's text goes through a file: the pages' process, busy compiling its first page at start, took 1.8 s
 * to take GitHub's 17 MB from the pipe a chunk at a time; a file is read in one piece.
 */
const PIPED_CHARS = 4 * 1024 * 1024;

/** The last save: its document until the mock has it, its model's whole text (written when first needed) until the comparison has hashed it. */
let head: { model: ApiModel; document?: BuildResult['document']; json?: string; digest?: string } | undefined;
let base: { key: string; model: ApiModel } | undefined;
let compared: { key: string; report: ChangeReport } | undefined;

/** The saves, one after another: what one did not change is taken from the last one's model, and its text too. */
const session = createPreviewSession();

/** A save's model as the whole JSON text, as the model file holds it. */
const wholeText = (build = head): string => {
  if (!build) throw new Error('No build to write');
  build.json ??= session.whole(build.model);
  return build.json;
};

/** The model file being written: the pages take the model from the reply, the file is for the dev server's own restarts. */
let writing: Promise<void> = Promise.resolve();

/** Builds the document, writes the model file and keeps the build for the requests that follow. */
serve('save', async ({ spec, options, payload }) => {
  head = undefined;
  // One write at a time, so an older model never lands over a newer one.
  await writing;
  const { model, document, ...rest } = await session.build(spec, options);
  // Only what changed crosses to the pages' process: GitHub's model is 17 MB of text to send and read there.
  const delta = session.delta(model);
  // A delta from no earlier model is the whole text, the model file's too: not written out again for it.
  const build = { model, document, ...(delta.base === undefined ? { json: delta.json } : {}) };
  head = build;
  // Written after the reply is sent; a failed write is tried again by the next save.
  const modelFile = (payload as { modelFile: string }).modelFile;
  writing = new Promise<void>((resolve) => afterReply(resolve)).then(() => writeAtomic(modelFile, wholeText(build)).catch(() => undefined));
  if (delta.json.length > PIPED_CHARS) {
    const deltaFile = `${modelFile}.delta`;
    await writeFile(deltaFile, delta.json);
    return { ...rest, model: { ...delta, json: '' }, deltaFile } satisfies SavedBuild;
  }
  return { ...rest, model: delta } satisfies SavedBuild;
});

/** The last save's model as one whole text: for a pages' process that does not hold the model a delta was made from. */
serve('model', async () => wholeText());

/** The last save's bundled document as JSON, for the mock; asked for once the pages reload. */
serve('document', async () => {
  if (!head?.document) throw new Error('No build to hand over');
  const json = JSON.stringify(head.document);
  // Only the comparison needs the save from now on: its model.
  head.document = undefined;
  return json;
});

/** Builds the base version once per `key` (a commit, a file's time) and keeps its model. */
serve('base', async ({ spec, options, payload }) => {
  const { key } = payload as { key: string };
  base = undefined;
  const result = await buildModel(spec, { ...options, ...FIRST_PASS });
  base = { key, model: result.model };
  compactIfLarge();
  return result.diagnostics satisfies Diagnostic[];
});

/** The last save against the base; the same two versions on the same day are not compared twice. */
serve('compare', async () => {
  if (!head || !base) throw new Error('Nothing to compare');
  const day = today();
  head.digest ??= textDigest(wholeText());
  head.json = undefined;
  const key = `${base.key}\n${day}\n${head.digest}`;
  if (compared?.key !== key) compared = { key, report: groupChanges(compareModels(base.model, head.model, { date: day })) };
  // The last step of a save: what it built and threw away is given back before the next one.
  compactIfLarge();
  return compared.report;
});
