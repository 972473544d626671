// The bundled description published beside the pages as /openapi.json and /openapi.yaml.
// JSON is written at once; YAML (seconds for a large API) is written in a child process so
// it overlaps the site build instead of adding to it, and the few hundred MB it takes for a
// large API go back to the system when it ends (a worker's would stay with the site build).
import { writeFile } from 'node:fs/promises';
import { runJob } from './child-job.ts';

export async function writeDescriptionJson(path: string, document: unknown): Promise<void> {
  await writeFile(path, `${JSON.stringify(document, null, 2)}\n`);
}

/** Starts converting a JSON file to YAML; the promise settles when the YAML file is written. */
export async function convertToYaml(jsonPath: string, yamlPath: string): Promise<void> {
  await runJob<null>(new URL('./yaml-job.ts', import.meta.url), { jsonPath, yamlPath }, 'YAML conversion');
}
