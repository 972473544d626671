// A save whose files are written to while the preview's worker reads them (a large file written in
// pieces, an editor saving twice) is not shown: the save queued after it is, without waiting for the
// pages and the mock to take a version already old. Nor is a save of the texts already shown.
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup } from '../../helpers/fake-rebuilder.ts';

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
