// Worker of the writers' preview: the model worker (model/worker.ts, under the same memory bound)
// with what a save needs besides the model. The model file the site reads is written here, the
// model and the bundled document go to the mock as JSON text, and the comparison with the base
// version is made here: on a large API each of these takes a good part of a second, which the
// thread serving the pages and the mock never spends.
import type { Diagnostic } from '../diagnostics.ts';
import { compareModels } from '../diff/compare.ts';
import { today } from '../diff/lifecycle.ts';
import { groupChanges, type ChangeReport } from '../diff/format.ts';
import { buildModel, type BuildOptions, type BuildResult } from '../model/index.ts';
import type { ApiModel } from '../model/types.ts';
import { serve } from '../model/worker.ts';
import { writeAtomic } from '../site/model-file.ts';

/** A save, built: what the pages and the terminal need now. The model itself is in the model file. */
export type SavedBuild = Omit<BuildResult, 'model' | 'document'> & { model: Pick<ApiModel, 'info' | 'stats'> };

/** The last save's model and bundled document as JSON, for the mock. */
export interface SavedTexts {
  model: string;
  document: string;
}

// The first pass of a save: no validation or lint (the check worker runs them next), and JSON read with JSON.parse.
const FIRST_PASS: BuildOptions = { lint: false, validate: false, quickJson: true };

let head: { result: BuildResult; json: string } | undefined;
let base: { key: string; model: ApiModel } | undefined;
let compared: { key: string; report: ChangeReport } | undefined;

/** Builds the document, writes the model file and keeps the build for the requests that follow. */
serve('save', async ({ spec, options, payload }) => {
  head = undefined;
  const result = await buildModel(spec, { ...options, ...FIRST_PASS });
  const json = JSON.stringify(result.model);
  await writeAtomic((payload as { modelFile: string }).modelFile, json);
  head = { result, json };
  const { model, document: _document, ...rest } = result;
  return { ...rest, model: { info: model.info, stats: model.stats } } satisfies SavedBuild;
});

/** The last save as JSON text: the thread that receives it parses it when it is ready to. */
serve('texts', async () => {
  if (!head) throw new Error('No build to hand over');
  return { model: head.json, document: JSON.stringify(head.result.document) } satisfies SavedTexts;
});

/** Builds the base version once per `key` (a commit, a file's time) and keeps its model. */
serve('base', async ({ spec, options, payload }) => {
  const { key } = payload as { key: string };
  base = undefined;
  const result = await buildModel(spec, { ...options, ...FIRST_PASS });
  base = { key, model: result.model };
  return result.diagnostics satisfies Diagnostic[];
});

/** The last save against the base; the same two versions on the same day are not compared twice. */
serve('compare', async () => {
  if (!head || !base) throw new Error('Nothing to compare');
  const day = today();
  const key = `${base.key}\n${day}\n${head.json}`;
  if (compared?.key !== key) compared = { key, report: groupChanges(compareModels(base.model, head.result.model, { date: day })) };
  return compared.report;
});
