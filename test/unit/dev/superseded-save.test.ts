// A save whose files are written to while the preview's worker reads them (a large file written in
// pieces, an editor saving twice) is not shown: the save queued after it is, without waiting for the
// pages and the mock to take a version already old. Nor is a save of the texts already shown.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { previewChannel } from '../../../scripts/dev/channel.ts';
import type { Checks } from '../../../scripts/dev/checks.ts';
import type { SavedBuild } from '../../../scripts/dev/preview-worker.ts';
import { createRebuilder, type Rebuilder } from '../../../scripts/dev/rebuild.ts';
import type { FileWatcher } from '../../../scripts/dev/watch.ts';
import { DiagnosticsError } from '../../../scripts/diagnostics.ts';
import { normalizeDocument } from '../../../scripts/model/index.ts';
import type { ModelBuilder } from '../../../scripts/model/isolated.ts';
import { createModelWriter, type ModelWriter } from '../../../scripts/model/model-json.ts';

const SPEC = '/descriptions/api.json';

const modelOf = (title: string) => normalizeDocument({ openapi: '3.1.0', info: { title, version: '1' }, paths: {} });

function saved(title: string, spec: string, write: ModelWriter): SavedBuild {
  return { diagnostics: [], files: [spec], contentKey: title, timings: { load: 0, validate: 0, lint: 0, normalize: 0 }, model: write.delta(modelOf(title)) };
}

/** A rebuilder whose worker answers each save with the next title, calling `during` while it "reads". */
function setup(titles: string[], during: (rebuilder: Rebuilder, save: number) => void, spec = SPEC) {
  const channel = previewChannel('/descriptions');
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

describe('a save written to while it is read', () => {
  it('is not shown: the pages and the mock keep the version before it, and the next save is shown', async () => {
    const { rebuilder, channel, built } = setup(['first', 'half-written', 'whole'], (r, save) => save === 1 && r.touched());
    const first = await rebuilder.rebuild();
    expect(first).toMatchObject({ ok: true, version: 1 });
    const status = channel.status;

    const half = await rebuilder.rebuild();
    expect(half).toMatchObject({ ok: false, superseded: true, version: 1 });
    expect(channel.status).toBe(status);
    expect(channel.model?.info.title).toBe('first');

    const whole = await rebuilder.rebuild();
    expect(whole).toMatchObject({ ok: true, version: 2 });
    expect(channel.model?.info.title).toBe('whole');
    expect(built).toEqual(['first', 'whole']);
    rebuilder.stop();
  });

  it('is not shown again when its texts are those shown: the pages and the mock keep their version', async () => {
    const { rebuilder, channel, built } = setup(['first', 'first', 'second'], () => undefined);
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 1 });
    const status = channel.status;
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, unchanged: true, version: 1 });
    expect(channel.status).toBe(status);
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 2 });
    expect(built).toEqual(['first', 'second']);
    rebuilder.stop();
  });

  it('is shown again after a save that does not load, whose problems it clears', async () => {
    const { rebuilder, channel, built } = setup(['first', 'broken', 'first'], () => undefined);
    await rebuilder.rebuild();
    expect(await rebuilder.rebuild()).toMatchObject({ ok: false, version: 1 });
    expect(channel.status.state).toBe('error');
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 2 });
    expect(channel.status.state).not.toBe('error');
    expect(built).toEqual(['first', 'first']);
    rebuilder.stop();
  });

  it('is shown when it is the first: the pages have no version yet', async () => {
    const { rebuilder, built } = setup(['first'], (r) => r.touched());
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 1 });
    expect(built).toEqual(['first']);
    rebuilder.stop();
  });
});

describe("a save's model", () => {
  it('is read from what changed since the last one; whole, when it was made from a model the pages do not hold', async () => {
    const { rebuilder, channel, asked } = setup(['first', 'second', 'lost'], () => undefined);
    await rebuilder.rebuild();
    await rebuilder.rebuild();
    expect(channel.model?.info.title).toBe('second');
    expect(asked).not.toContain('model');
    expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 3 });
    expect(channel.model?.info.title).toBe('after the lost one');
    expect(asked.filter((kind) => kind === 'model')).toHaveLength(1);
    rebuilder.stop();
  });
});

describe('a save reported again by the watcher', () => {
  it('is not built again while its files are as they were read; a write to them is built', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-stamps-'));
    try {
      const spec = join(dir, 'api.json');
      writeFileSync(spec, '{"openapi":"3.1.0"}');
      const { rebuilder, built, builds } = setup(['first', 'second', 'third'], () => undefined, spec);
      expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 1 });
      // The late report of the same write: nothing was written since the read.
      expect(await rebuilder.rebuild()).toMatchObject({ ok: true, unchanged: true, version: 1 });
      expect(builds()).toBe(1);
      // A write of the same length, as a one-letter fix is: its time tells it apart.
      writeFileSync(spec, '{"openapi":"3.1.1"}');
      utimesSync(spec, new Date(), new Date(Date.now() + 5000));
      expect(await rebuilder.rebuild()).toMatchObject({ ok: true, version: 2 });
      expect(builds()).toBe(2);
      expect(built).toEqual(['first', 'second']);
      rebuilder.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is built again when a file of it is gone: the build says what is missing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-stamps-'));
    try {
      const spec = join(dir, 'api.json');
      writeFileSync(spec, '{}');
      const { rebuilder, builds } = setup(['first', 'first'], () => undefined, spec);
      await rebuilder.rebuild();
      rmSync(spec);
      await rebuilder.rebuild();
      expect(builds()).toBe(2);
      rebuilder.stop();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
