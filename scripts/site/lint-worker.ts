// Worker: Redocly lint of a description, run beside the site build instead of before it
// (it takes seconds on a large API and its result only decides whether the build is kept).
import { parentPort, workerData } from 'node:worker_threads';
import { lintDocument } from '../model/lint.ts';
import { loadLintConfig } from '../model/load.ts';

const { entry, configPath } = workerData as { entry: string; configPath?: string };
const config = await loadLintConfig(entry, configPath);
parentPort!.postMessage(await lintDocument({ entry, config }));
