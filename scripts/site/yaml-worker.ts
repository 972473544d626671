// Worker: reads a JSON description and writes it as YAML (see description-files.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { workerData } from 'node:worker_threads';
import { stringify } from 'yaml';

const { jsonPath, yamlPath } = workerData as { jsonPath: string; yamlPath: string };
// Repeated objects are written out in full: anchors and aliases confuse many OpenAPI tools.
writeFileSync(yamlPath, stringify(JSON.parse(readFileSync(jsonPath, 'utf8')), { aliasDuplicateObjects: false, lineWidth: 0 }));
