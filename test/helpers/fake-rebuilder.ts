// A rebuilder (scripts/dev/rebuild.ts) on the process's preview channel, whose model process is a
// stand-in answering each save with the next title: the save step's own rules, without a description.
import { previewChannel } from '../../scripts/site/preview-channel.ts';
import type { Checks } from '../../scripts/dev/checks.ts';
import type { SavedBuild } from '../../scripts/dev/preview-worker.ts';
import { createRebuilder, type Rebuilder } from '../../scripts/dev/rebuild.ts';
import type { FileWatcher } from '../../scripts/infra/watch.ts';
import { DiagnosticsError } from '../../scripts/diagnostics.ts';
import { normalizeDocument } from '../../scripts/model/normalize/normalize.ts';
import type { ModelBuilder } from '../../scripts/model/process/isolated.ts';
import { createModelWriter, type ModelWriter } from '../../scripts/model/process/model-json.ts';

const SPEC = '/descriptions/api.json';

const modelOf = (title: string) => normalizeDocument({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} });

function saved(title: string, spec: string, write: ModelWriter): SavedBuild {
  return { diagnostics: [], files: [spec], contentKey: title, timings: { load: 0, validate: 0, lint: 0, normalize: 0 }, model: write.delta(modelOf(title)) };
}

/**
 * A rebuilder whose worker answers each save with the next title, calling `during` while it "reads". Unless `started`
 * is false, the dev server has served a page already, as after a preview's start: no save waits for a first page.
 */
export function setup(titles: string[], during: (rebuilder: Rebuilder, save: number) => void, spec = SPEC, started = true) {
  const channel = previewChannel('/descriptions');
  if (started) channel.pageServed();
  const built: string[] = [];
  const asked: string[] = [];
  let saves = 0;
  // The worker's own writer: each save's model as what changed since the last.
  const write = createModelWriter();
  let last = '';
  const builder = {
    async call(kind: string) {
      asked.push(kind);
      if (kind === 'document') return '{}';
      if (kind === 'model') return write(modelOf(last));
      const save = saves++;
      during(rebuilder, save);
      if (titles[save] === 'broken')
        throw new DiagnosticsError('Cannot load', [{ severity: 'error', rule: 'yaml-syntax', message: 'broken', file: SPEC, line: 1, col: 1 }]);
      // A model whose delta the pages' process never received (its answer lost): the next is not made from what it holds.
      if (titles[save] === 'lost') write.delta(modelOf('lost'));
      last = titles[save] === 'lost' ? 'after the lost one' : (titles[save] ?? 'none');
      return saved(last, spec, write);
    },
  } as unknown as ModelBuilder;
  const checks: Checks = {
    run: async (_spec, _options, contentKey) => ({ diagnostics: [], contentKey, durationMs: 0, reused: false }),
    known: () => false,
    warm() {},
    close: async () => {},
  };
  const watcher: FileWatcher = { setFiles() {}, setLoose() {}, close() {} };
  const rebuilder = createRebuilder({
    spec,
    modelFile: '/nowhere/model.json',
    channel,
    watcher,
    builder,
    checks,
    changes: { compare: async (version) => ({ version, unavailable: 'No base in this test.' }) },
    onBuild: (build) => void built.push(build.model.info.title),
    log: () => {},
  });
  return { rebuilder, channel, built, asked, builds: () => saves };
}
