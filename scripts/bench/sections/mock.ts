// 4. Mock server: startup until the first answer, and requests/s with p50/p99 latency at
// 20 connections for a GET and a POST, ours against `prism mock`, each with default logging
// and with logging off, on the same document; the stateful mock's create-then-read loop,
// its records in the process and in Redis, beside `prism mock` running the same loop; and
// its memory after 100,000 sessions (mock-sessions.ts).
import type { Context } from '../context.ts';
import { load, loadLoop, type LoadResult, type LoopStep } from '../load.ts';
import type { Probe } from '../http.ts';
import { MOCKS, PRISM, startMock, statefulMock, type MockSetup } from '../mocks.ts';
import { startRedis } from '../redis.ts';
import { runMockIsolation } from './mock-isolation.ts';
import { runMockSessions } from './mock-sessions.ts';
import { formatValue, ratio } from '../results.ts';
import type { DocName } from '../paths.ts';

const SECTION = 'mock';
const WARMUP_SECONDS = 2;

const LOADS: [{ label: string; probe: Probe }, { label: string; probe: Probe }, ...{ label: string; probe: Probe }[]] = [
  { label: 'GET /pets', probe: { method: 'GET', path: '/pets', headers: { authorization: 'Bearer bench-token' } } },
  {
    label: 'POST /pets',
    probe: {
      method: 'POST',
      path: '/pets',
      headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    },
  },
];

/** Each connection creates a pet, then reads back the one it created. */
const CREATE_THEN_READ: LoopStep[] = [
  {
    probe: LOADS[1].probe,
    read: (body, context) => {
      try {
        context.id = (JSON.parse(body) as { id?: unknown }).id;
      } catch {
        context.id = undefined;
      }
    },
  },
  { probe: LOADS[0].probe, path: (context) => `/pets/records/${String(context.id ?? 42)}` },
];
const LOOP = 'create-then-read';

export async function runMock(ctx: Context): Promise<void> {
  const { options } = ctx;
  if (options.docs.includes('ours')) await throughput(ctx);
  if (options.docs.includes('ours')) await stateful(ctx);
  if (options.docs.includes('ours')) await runMockIsolation(ctx);
  if (options.docs.includes('ours')) await runMockSessions(ctx);
  for (const doc of options.docs) {
    if (doc !== 'ours') await startup(ctx, doc);
  }
  targets(ctx);
}

/** Load on our document, all four setups in turn within each run. */
async function throughput(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const setups = [MOCKS.ours, MOCKS.prism, MOCKS.oursQuiet, MOCKS.prismSilent];
  const samples = new Map<MockSetup, { startup: number[]; rss: number[]; loads: Map<string, LoadResult[]> }>(
    setups.map((s) => [s, { startup: [], rss: [], loads: new Map(LOADS.map((l) => [l.label, []])) }]),
  );
  for (let run = 1; run <= options.runs; run++) {
    for (const setup of setups) {
      ctx.log(`mock ours: ${setup.subject}, run ${run}/${options.runs}`);
      const mock = await startMock(setup, 'ours');
      try {
        const s = samples.get(setup)!;
        s.startup.push(mock.startupMs);
        s.rss.push(mock.rssAtFirstAnswer);
        ctx.log(`  first answer after ${formatValue(mock.startupMs, 'ms')}`);
        for (const { label, probe } of LOADS) {
          await load(mock.url, probe, options.connections, WARMUP_SECONDS);
          const r = await load(mock.url, probe, options.connections, options.duration);
          s.loads.get(label)!.push(r);
          ctx.log(
            `  ${label}: ${formatValue(r.rps, 'req/s')}, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
          );
          if (r.non2xx || r.errors) {
            results.note(`${setup.subject}, ${label}: ${r.non2xx} answers were not 2xx and ${r.errors} requests failed in run ${run}.`);
          }
        }
      } finally {
        await mock.process.stop();
      }
    }
  }
  for (const setup of setups) {
    results.add(SECTION, 'ours', setup.subject, 'startup until the first answer', 'ms', samples.get(setup)!.startup);
  }
  for (const setup of setups) {
    results.add(SECTION, 'ours', setup.subject, 'memory at the first answer (RSS)', 'bytes', samples.get(setup)!.rss);
  }
  for (const { label } of LOADS) {
    for (const [metric, pick, unit, better] of [
      ['requests/s', (r: LoadResult) => r.rps, 'req/s', 'higher'],
      ['p50 latency', (r: LoadResult) => r.p50, 'ms', 'lower'],
      ['p99 latency', (r: LoadResult) => r.p99, 'ms', 'lower'],
    ] as const) {
      for (const setup of setups) {
        results.add(SECTION, 'ours', setup.subject, `${label}: ${metric}`, unit, samples.get(setup)!.loads.get(label)!.map(pick), better);
      }
    }
  }
  results.note(
    `Mock load: autocannon 9, ${options.connections} connections for ${options.duration} s after ${WARMUP_SECONDS} s of warm-up, on the same 2 cores as the server; default logging goes to a file. "ours ÷ tool" compares \`prism mock -v silent\` with \`ours --quiet\`.`,
  );
}

/** The create-then-read loop: ours --stateful in the process and over Redis, and prism mock, on our document. */
async function stateful(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const redis = await startRedis();
  try {
    if (!redis) results.note('The stateful mock over Redis was not measured: /usr/bin/redis-server is not installed (apt-get install redis-server).');
    const setups = [statefulMock(), ...(redis ? [statefulMock(redis.url)] : []), MOCKS.prism];
    const samples = new Map<MockSetup, LoadResult[]>(setups.map((s) => [s, []]));
    for (let run = 1; run <= options.runs; run++) {
      for (const setup of setups) {
        ctx.log(`mock ours, ${LOOP}: ${setup.subject}, run ${run}/${options.runs}`);
        const mock = await startMock(setup, 'ours');
        try {
          await loadLoop(mock.url, CREATE_THEN_READ, options.connections, WARMUP_SECONDS);
          const r = await loadLoop(mock.url, CREATE_THEN_READ, options.connections, options.duration);
          samples.get(setup)!.push(r);
          ctx.log(
            `  ${formatValue(r.rps, 'req/s')}, p50 ${r.p50} ms, p99 ${r.p99} ms${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`,
          );
          if (r.non2xx || r.errors) results.note(`${setup.subject}, ${LOOP}: ${r.non2xx} answers were not 2xx and ${r.errors} requests failed in run ${run}.`);
        } finally {
          await mock.process.stop();
        }
      }
    }
    for (const [metric, pick, unit, better] of [
      ['requests/s', (r: LoadResult) => r.rps, 'req/s', 'higher'],
      ['p50 latency', (r: LoadResult) => r.p50, 'ms', 'lower'],
      ['p99 latency', (r: LoadResult) => r.p99, 'ms', 'lower'],
    ] as const) {
      for (const setup of setups) results.add(SECTION, 'ours', setup.subject, `${LOOP}: ${metric}`, unit, samples.get(setup)!.map(pick), better);
    }
    results.note(
      `Stateful mock: each of ${options.connections} connections creates a pet (POST /pets) and reads it back (GET /pets/records/{id}), again and again, in one session whose caps are lifted (\`--max-records\`, \`--max-session-bytes\`); \`prism mock\` runs the same loop (it answers the example, id 42). Redis is Debian's redis-server on the same machine, nothing written to disk.`,
    );
  } finally {
    await redis?.process.stop();
  }
}

async function startup(ctx: Context, doc: DocName): Promise<void> {
  const { options, results } = ctx;
  const setups = [MOCKS.ours, MOCKS.prism];
  const startupMs = new Map<MockSetup, number[]>(setups.map((s) => [s, []]));
  const rss = new Map<MockSetup, number[]>(setups.map((s) => [s, []]));
  for (let run = 1; run <= options.runs; run++) {
    for (const setup of setups) {
      ctx.log(`mock ${doc}: ${setup.subject} start-up, run ${run}/${options.runs}`);
      const mock = await startMock(setup, doc);
      await mock.process.stop();
      startupMs.get(setup)!.push(mock.startupMs);
      rss.get(setup)!.push(mock.rssAtFirstAnswer);
      ctx.log(`  first answer after ${formatValue(mock.startupMs, 'ms')}, ${formatValue(mock.rssAtFirstAnswer, 'bytes')}`);
    }
  }
  for (const setup of setups) results.add(SECTION, doc, setup.subject, 'startup until the first answer', 'ms', startupMs.get(setup)!);
  for (const setup of setups) results.add(SECTION, doc, setup.subject, 'memory at the first answer (RSS)', 'bytes', rss.get(setup)!);
}

function targets(ctx: Context): void {
  const { results } = ctx;
  const median = (doc: DocName, subject: string, metric: string) => results.find(SECTION, doc, subject, metric)?.median;
  const times = (a?: number, b?: number) => (a !== undefined && b !== undefined ? a / b : undefined);
  const ms = (n: number) => formatValue(n, 'ms');
  if (results.find(SECTION, 'ours', 'ours', 'GET /pets: requests/s')) {
    for (const { label } of LOADS) {
      const m = `${label}: requests/s`;
      results.target(SECTION, `${label} requests/s ≥ 3× prism's, default logging`, times(median('ours', 'ours', m), median('ours', PRISM, m)), 3, {
        better: 'higher',
        format: ratio,
        goal: '≥ 3×',
      });
      results.target(
        SECTION,
        `${label} requests/s ≥ 1.5× prism's, logging off`,
        times(median('ours', 'ours --quiet', m), median('ours', `${PRISM} -v silent`, m)),
        1.5,
        {
          better: 'higher',
          format: ratio,
          goal: '≥ 1.5×',
        },
      );
      results.target(SECTION, `${label} p99 ≤ 10 ms, default logging`, median('ours', 'ours', `${label}: p99 latency`), 10, {
        better: 'lower',
        format: ms,
        goal: '≤ 10 ms',
      });
    }
  }
  if (results.find(SECTION, 'ours', 'ours --stateful', `${LOOP}: requests/s`)) {
    const m = `${LOOP}: requests/s`;
    results.target(SECTION, `${LOOP} requests/s ≥ 10× prism's, in-process state`, times(median('ours', 'ours --stateful', m), median('ours', PRISM, m)), 10, {
      better: 'higher',
      format: ratio,
      goal: '≥ 10×',
    });
    results.target(SECTION, `${LOOP} p99 ≤ 10 ms, in-process state`, median('ours', 'ours --stateful', `${LOOP}: p99 latency`), 10, {
      better: 'lower',
      format: ms,
      goal: '≤ 10 ms',
    });
  }
  for (const [doc, limit] of [
    ['ours', 0.8],
    ['github', 0.5],
  ] as const) {
    const m = 'startup until the first answer';
    const value = times(median(doc, 'ours', m), median(doc, PRISM, m));
    if (value === undefined && !ctx.options.docs.includes(doc)) continue;
    results.target(SECTION, `startup ≤ ${limit}× prism's (${doc})`, value, limit, { better: 'lower', format: ratio, goal: `≤ ${limit}×` });
  }
}
