// The lint process: Redocly lint of a description, run beside the site build instead of before it
// (it takes seconds on a large API and its result only decides whether the build is kept).
import { lintDescription } from '../model/check/lint.ts';
import type { LoadOptions } from '../model/load/load.ts';
import { serve } from '../model/process/worker.ts';

serve('lint', ({ spec, options }) => lintDescription(spec, options as LoadOptions));
