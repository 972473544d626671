// 4c. Mock server: what the stateful mock holds after 100,000 distinct sessions, each creating a
// pet (any client can name as many `Mock-Session` values as it likes). Ours with its default
// bounds (1,000 sessions, the least recently used forgotten), in the process and over Redis: the
// mock's RSS at its first answer and after the sessions, its live heap (after a full collection,
// through the inspector) at both, Redis's own memory, and the sessions still held. RSS is mostly
// the heap V8 grows to under the load, which it keeps; the live heap is what the mock holds.
// `prism mock` keeps no sessions, so there is nothing to set beside it.
import { createClient } from '@redis/client';
import type { Context } from '../context.ts';
import { freePort, send } from '../http.ts';
import { loadSessions, type LoadResult } from '../load.ts';
import { treeRss } from '../memory.ts';
import { inspectFlag, liveHeap } from '../heap.ts';
import { startMock, statefulMock } from '../mocks.ts';
import { startRedis } from '../redis.ts';
import { formatValue, type Better, type Unit } from '../results.ts';

const SECTION = 'mock';
export const SESSIONS = 100_000;
/** The bounds the README states, in the process: the mock's RSS after 100,000 sessions, and the live heap they add. */
export const RSS_BOUND = 512 * 2 ** 20;
export const HEAP_BOUND = 8 * 2 ** 20;
const CREATE = {
  method: 'POST',
  path: '/pets',
  headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
};

interface Sample {
  start: number;
  after: number;
  heapStart: number;
  heapAfter: number;
  heapReset: number;
  held: number;
  redis?: number;
  load: LoadResult;
}

async function redisMemory(url: string): Promise<number> {
  const client = createClient({ url });
  await client.connect();
  try {
    const info = String(await client.sendCommand(['INFO', 'memory']));
    return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? Number.NaN);
  } finally {
    await client.close();
  }
}

async function measure(ctx: Context, redisUrl: string | undefined): Promise<Sample> {
  const inspector = await freePort();
  const mock = await startMock(statefulMock(redisUrl, [], [inspectFlag(inspector)]), 'ours');
  try {
    const heapStart = await liveHeap(inspector);
    const load = await loadSessions(mock.url, CREATE, ctx.options.connections, SESSIONS, 'bench-');
    const after = treeRss(mock.process.pid);
    const heapAfter = await liveHeap(inspector);
    const resources = JSON.parse((await send(mock.url, { method: 'GET', path: '/__mock/resources' })).body) as { sessions: number };
    const redis = redisUrl ? await redisMemory(redisUrl) : undefined;
    await send(mock.url, { method: 'POST', path: '/__mock/reset' });
    const heapReset = await liveHeap(inspector);
    return { start: mock.rssAtFirstAnswer, after, heapStart, heapAfter, heapReset, held: resources.sessions, redis, load };
  } finally {
    await mock.process.stop();
  }
}

export async function runMockSessions(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const redis = await startRedis();
  try {
    const setups = [undefined, ...(redis ? [redis.url] : [])];
    const samples = new Map<string | undefined, Sample[]>(setups.map((s) => [s, []]));
    for (let run = 1; run <= options.runs; run++) {
      for (const url of setups) {
        const subject = statefulMock(url).subject;
        ctx.log(`mock sessions: ${subject}, ${SESSIONS.toLocaleString('en-US')} sessions, run ${run}/${options.runs}`);
        const s = await measure(ctx, url);
        samples.get(url)!.push(s);
        ctx.log(
          `  RSS ${formatValue(s.start, 'bytes')} → ${formatValue(s.after, 'bytes')}, live heap ${formatValue(s.heapStart, 'bytes')} → ${formatValue(s.heapAfter, 'bytes')} (after a reset ${formatValue(s.heapReset, 'bytes')}), ${s.held} sessions held${s.redis === undefined ? '' : `, Redis ${formatValue(s.redis, 'bytes')}`}, ${formatValue(s.load.rps, 'req/s')}`,
        );
        if (s.load.non2xx || s.load.errors)
          results.note(`${subject}, ${SESSIONS} sessions: ${s.load.non2xx} answers were not 2xx and ${s.load.errors} requests failed.`);
      }
    }
    const count = SESSIONS.toLocaleString('en-US');
    for (const url of setups) {
      const subject = statefulMock(url).subject;
      const all = samples.get(url)!;
      const row = (metric: string, unit: Unit, pick: (s: Sample) => number, better: Better = 'lower') =>
        results.add(SECTION, 'ours', subject, metric, unit, all.map(pick), better);
      row('RSS at the first answer', 'bytes', (s) => s.start);
      row(`RSS after ${count} sessions`, 'bytes', (s) => s.after);
      row('live heap at the first answer', 'bytes', (s) => s.heapStart);
      row(`live heap added by ${count} sessions`, 'bytes', (s) => s.heapAfter - s.heapStart);
      row('live heap added, after a reset', 'bytes', (s) => s.heapReset - s.heapStart);
      row('sessions held', 'count', (s) => s.held);
      row('creates in new sessions: requests/s', 'req/s', (s) => s.load.rps, 'higher');
      const redisBytes = all.map((s) => s.redis ?? Number.NaN);
      if (url) results.add(SECTION, 'ours', 'redis-server', `memory after ${count} sessions (used_memory)`, 'bytes', redisBytes);
    }
    const subject = statefulMock().subject;
    const bytes = (n: number) => formatValue(n, 'bytes');
    for (const [metric, limit] of [
      [`live heap added by ${count} sessions`, HEAP_BOUND],
      [`RSS after ${count} sessions`, RSS_BOUND],
    ] as const) {
      const value = results.find(SECTION, 'ours', subject, metric)?.median;
      results.target(SECTION, `${metric} ≤ ${bytes(limit)}, in-process state`, value, limit, { better: 'lower', format: bytes, goal: `≤ ${bytes(limit)}` });
    }
    results.note(
      `Sessions: ${count} POST /pets, each with a Mock-Session of its own, at ${options.connections} connections, to ours --stateful with its default bounds (--max-sessions 1000, --max-records 1000, --max-session-bytes 256KiB); RSS read from /proc after the last answer, the live heap after a full collection (the mock started with --inspect, read over the inspector's protocol). RSS is mostly the heap V8 grows to under the load and keeps; the live heap is what the mock holds (the store before its bounds kept about 0.55 KB of it per session: +54 MB over 100,000, growing with every one).`,
    );
  } finally {
    await redis?.process.stop();
  }
}
