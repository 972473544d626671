// Worker: Redocly lint of a description, run beside the site build instead of before it
// (it takes seconds on a large API and its result only decides whether the build is kept).
import { parentPort, workerData } from 'node:worker_threads';
import { lintDocument } from '../model/lint.ts';
import { loadLintConfig, type LoadedDocument } from '../model/load.ts';

const { entry, configPath } = workerData as { entry: string; configPath?: string };
const config = await loadLintConfig(entry, configPath);
// lintDocument reads only the entry and the config; it resolves the files itself.
const loaded = { entry, config } as Pick<LoadedDocument, 'entry' | 'config'> as LoadedDocument;
parentPort!.postMessage(await lintDocument(loaded));
