// The preview's model process hands a save's model to the pages' process through the IPC pipe, or,
// when its text is large (the first save of GitHub's API: 17 MB), through a file beside the model
// file, which the pages' process reads in one piece: the same model either way.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SavedBuild } from '../../scripts/dev/preview-worker.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { createModelBuilder } from '../../scripts/model/process/isolated.ts';
import { createModelReader } from '../../scripts/dev/model-delta.ts';
import { ROOT } from '../helpers/paths.ts';

const WORKER = new URL('../../scripts/dev/preview-worker.ts', import.meta.url);
const tmp = mkdtempSync(join(tmpdir(), 'save-handoff-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a save's model, handed to the pages' process", () => {
  it.each([
    ['our description, through the pipe', join(ROOT, 'openapi/openapi.yaml'), false],
    ["GitHub's API, through a file", join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'), true],
  ])('%s', async (_name, source, large) => {
    const spec = source.endsWith('.json') ? join(tmp, 'api.json') : source;
    if (spec !== source) copyFileSync(source, spec);
    const builder = createModelBuilder({ worker: WORKER });
    try {
      const saved = await builder.call<SavedBuild>('save', spec, {}, { modelFile: join(tmp, 'model.json') });
      expect(saved.deltaFile !== undefined).toBe(large);
      const json = saved.deltaFile ? readFileSync(saved.deltaFile, 'utf8') : saved.model.json;
      if (large) expect(saved.model.json).toBe('');
      const model = createModelReader().read({ ...saved.model, json });
      const built = await buildModel(spec, { lint: false, validate: false, firstPass: true });
      expect(JSON.stringify(model)).toBe(JSON.stringify(built.model));
    } finally {
      await builder.close();
    }
  });
});
