// Child process (child-job.ts): reads a JSON description and writes it as YAML (see description-files.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { stringify } from 'yaml';
import { answerJob } from './child-job.ts';

answerJob<{ jsonPath: string; yamlPath: string }, null>(async ({ jsonPath, yamlPath }) => {
  // Repeated objects are written out in full: anchors and aliases confuse many OpenAPI tools.
  writeFileSync(yamlPath, stringify(JSON.parse(readFileSync(jsonPath, 'utf8')), { aliasDuplicateObjects: false, lineWidth: 0 }));
  return null;
});
