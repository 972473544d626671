// The bundled description published beside the pages as /openapi.json and /openapi.yaml.
// JSON is written at once; YAML (seconds for a large API) is written on a worker thread so
// it overlaps the site build instead of adding to it.
import { writeFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';

export async function writeDescriptionJson(path: string, document: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`);
}

/** Starts converting a JSON file to YAML; the promise settles when the YAML file is written. */
export function convertToYaml(jsonPath: string, yamlPath: string): Promise<void> {
  return new Promise((done, fail) => {
    const worker = new Worker(new URL('./yaml-worker.ts', import.meta.url), { workerData: { jsonPath, yamlPath } });
    worker.once('error', fail);
    worker.once('exit', (code) => (code === 0 ? done() : fail(new Error(`YAML conversion stopped with code ${code}`))));
  });
}
