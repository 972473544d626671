// Worker: Redocly lint of a description, run beside the site build instead of before it
// (it takes seconds on a large API and its result only decides whether the build is kept).
import { parentPort, workerData } from 'node:worker_threads';
import { lintDescription } from '../model/lint.ts';
import type { LoadOptions } from '../model/load.ts';

const { entry, options } = workerData as { entry: string; options: LoadOptions };
parentPort!.postMessage(await lintDescription(entry, options));
