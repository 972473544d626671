// Child process (child-job.ts): builds the model into a file on the memory-bound worker, as the
// build did in its own process, answers, then writes the description's copies while the site
// renders from the model, and exits, giving back all the memory that took.
import type { BuildOptions } from '../model/index.ts';
import { createModelBuilder, type WrittenBuild } from '../model/isolated.ts';
import { answerJob } from './child-job.ts';

export interface ModelJob {
  spec: string;
  options: BuildOptions;
  paths: { model: string; document: string; yaml?: string };
}

answerJob<ModelJob, WrittenBuild>(async ({ spec, options, paths }, answer) => {
  const builder = createModelBuilder();
  try {
    answer(await builder.buildInto(spec, options, paths.model));
    await builder.writeCopies(spec, { document: paths.document, ...(paths.yaml ? { yaml: paths.yaml } : {}) });
  } finally {
    await builder.close();
  }
});
