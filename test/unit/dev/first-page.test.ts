// At start, the first page a writer opens comes before the mock: the mock takes the first version
// once a page is served, or after a moment at most, as it does after each save with a page open.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setup } from '../../helpers/fake-rebuilder.ts';

/** Resolves with the model the pages were given, once they are. */
const modelShown = (channel: ReturnType<typeof setup>['channel']) =>
  new Promise<void>((resolve) => {
    const stop = channel.onModel(() => {
      stop();
      resolve();
    });
  });

describe('the first version at start', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  // First in this file: the channel is the process's, and once a page is served, it is for good.
  it('reaches the mock a second after the pages when no page is asked for', async () => {
    const { rebuilder, channel, built } = setup(['first'], () => undefined, undefined, false);
    const shown = modelShown(channel);
    const rebuilt = rebuilder.rebuild();
    await shown;
    await vi.advanceTimersByTimeAsync(900);
    expect(built).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    expect(built).toEqual(['first']);
    expect(await rebuilt).toMatchObject({ ok: true, version: 1 });
    rebuilder.stop();
  });

  it('reaches the pages at once, and the mock once the first page is served', async () => {
    const { rebuilder, channel, built } = setup(['first'], () => undefined, undefined, false);
    const shown = modelShown(channel);
    const rebuilt = rebuilder.rebuild();
    await shown;
    expect(channel.model?.info.title).toBe('first');
    // The dev server has served nothing yet: the mock waits.
    await vi.advanceTimersByTimeAsync(500);
    expect(built).toEqual([]);
    channel.pageServed();
    // The page's own requests are over: the mock takes the version, long before its longest wait.
    await vi.advanceTimersByTimeAsync(50);
    expect(built).toEqual(['first']);
    expect(await rebuilt).toMatchObject({ ok: true, version: 1 });
    rebuilder.stop();
  });
});
