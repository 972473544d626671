// The preview's one seam for what its saves keep from one to the next; the model's pipeline knows
// none of it. On the worker, a session builds each save with the first pass's options and hands
// normalization the parts of the last save's model whose objects did not change (save-reuse.ts),
// then writes only what changed for the pages' process (model-json.ts's deltas); on the pages'
// side, a reader takes those deltas back into a whole model (model-delta.ts).
import { buildModel, type BuildOptions, type BuildResult } from '../model/index.ts';
import { createModelWriter, type ModelDelta } from '../model/process/model-json.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { SaveReuse } from './save-reuse.ts';

export { createModelReader, type ModelReader } from './model-delta.ts';

/** The first pass of a save: no validation or lint (the check worker runs them next), and JSON read with JSON.parse. */
export const FIRST_PASS: BuildOptions = { lint: false, validate: false, firstPass: true };

export interface PreviewSession {
  /** A save, built: what it did not change is taken from the last save's model. */
  build(spec: string, options: BuildOptions): Promise<BuildResult>;
  /** The model as the pages' process can read it from the last one it was handed. */
  delta(model: ApiModel): ModelDelta;
  /** The model as one whole text (the model file's). */
  whole(model: ApiModel): string;
}

export function createPreviewSession(): PreviewSession {
  const earlier = new SaveReuse();
  const write = createModelWriter();
  return {
    build: (spec, options) => buildModel(spec, { ...options, ...FIRST_PASS, earlier }),
    delta: (model) => write.delta(model),
    whole: (model) => write(model),
  };
}
