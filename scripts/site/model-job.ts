// Child process (child-job.ts): builds the model into files on the memory-bound worker, as the
// build did in its own process, and exits, giving back all the memory that took.
import type { BuildOptions } from '../model/index.ts';
import { createModelBuilder, type WrittenBuild } from '../model/isolated.ts';
import { answerJob } from './child-job.ts';

export interface ModelJob {
  spec: string;
  options: BuildOptions;
  paths: { model: string; document: string; yaml?: string };
}

answerJob<ModelJob, WrittenBuild>(async ({ spec, options, paths }) => {
  const builder = createModelBuilder();
  try {
    return await builder.buildInto(spec, options, paths);
  } finally {
    await builder.close();
  }
});
