// 4d. Mock server as a service a team shares (`--only mockservice`): the create-then-read loop
// spread over 1,000 sessions (each turn of a connection in the next session, as many clients
// would), ours --stateful in the process and over Redis with their default bounds, beside
// `prism mock` running the same loop; and what relaying costs: GET /pets straight to an
// upstream node:http server, through ours --proxy (which checks every answer against the
// description) and through `prism proxy` (which does too), p50 and p99. The RSS after 100,000
// sessions is measured in the mock section (mock-sessions.ts).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Context } from '../context.ts';
import { freePort, send, waitForOk, type Probe } from '../http.ts';
import { load, loadLoop, type LoadResult, type LoopStep } from '../load.ts';
import { FIRST_ANSWER, MOCKS, PRISM, startMock, statefulMock, type MockSetup } from '../mocks.ts';
import { NODE, ROOT, TMP, TOOLS } from '../paths.ts';
import { startNode } from '../processes.ts';
import { startRedis } from '../redis.ts';
import { formatValue, ratio, type Better, type Unit } from '../results.ts';

const SECTION = 'mockservice';
const WARMUP_SECONDS = 2;
export const SHARED_SESSIONS = 1000;
const LOOP = `create-then-read over ${SHARED_SESSIONS.toLocaleString('en-US')} sessions`;
const GET_PETS: Probe = FIRST_ANSWER.ours;
const CREATE: Probe = {
  method: 'POST',
  path: '/pets',
  headers: { authorization: 'Bearer bench-token', 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
};

/** Each turn of a connection creates a pet in the next of the 1,000 sessions, then reads it back there. */
function sharedLoop(): LoopStep[] {
  let turn = 0;
  const session = (context: Record<string, unknown>) => ({ 'mock-session': String(context.session) });
  return [
    {
      probe: CREATE,
      headers: (context) => {
        context.session = `team-${turn++ % SHARED_SESSIONS}`;
        return session(context);
      },
      read: (body, context) => {
        try {
          context.id = (JSON.parse(body) as { id?: unknown }).id;
        } catch {
          context.id = undefined;
        }
      },
    },
    { probe: GET_PETS, headers: session, path: (context) => `/pets/records/${String(context.id ?? 42)}` },
  ];
}

const METRICS = [
  ['requests/s', (r: LoadResult) => r.rps, 'req/s', 'higher'],
  ['p50 latency', (r: LoadResult) => r.p50, 'ms', 'lower'],
  ['p99 latency', (r: LoadResult) => r.p99, 'ms', 'lower'],
] as const satisfies readonly (readonly [string, (r: LoadResult) => number, Unit, Better])[];

function logLoad(ctx: Context, subject: string, what: string, r: LoadResult, run: number): void {
  const failed = r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : '';
  ctx.log(`  ${formatValue(r.rps, 'req/s')}, p50 ${r.p50} ms, p99 ${r.p99} ms${failed}`);
  if (failed) ctx.results.note(`${subject}, ${what}: ${r.non2xx} answers were not 2xx and ${r.errors} requests failed in run ${run}.`);
}

export async function runMockService(ctx: Context): Promise<void> {
  await sharedSessions(ctx);
  await proxyOverhead(ctx);
}

/** The loop over 1,000 sessions: ours in the process and over Redis (default bounds), and prism mock. */
async function sharedSessions(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const redis = await startRedis();
  try {
    if (!redis) results.note('The shared sessions over Redis were not measured: /usr/bin/redis-server is not installed (apt-get install redis-server).');
    const setups = [statefulMock(undefined, []), ...(redis ? [statefulMock(redis.url, [])] : []), MOCKS.prism];
    const samples = new Map<MockSetup, LoadResult[]>(setups.map((s) => [s, []]));
    for (let run = 1; run <= options.runs; run++) {
      for (const setup of setups) {
        ctx.log(`mock service, ${LOOP}: ${setup.subject}, run ${run}/${options.runs}`);
        const mock = await startMock(setup, 'ours');
        try {
          await loadLoop(mock.url, sharedLoop(), options.connections, WARMUP_SECONDS);
          const r = await loadLoop(mock.url, sharedLoop(), options.connections, options.duration);
          samples.get(setup)!.push(r);
          logLoad(ctx, setup.subject, LOOP, r, run);
          // Redis emptied for the next run: the sessions of this one would count against its bounds.
          if (setup !== MOCKS.prism) await send(mock.url, { method: 'POST', path: '/__mock/reset' });
        } finally {
          await mock.process.stop();
        }
      }
    }
    for (const [metric, pick, unit, better] of METRICS) {
      for (const setup of setups) results.add(SECTION, 'ours', setup.subject, `${LOOP}: ${metric}`, unit, samples.get(setup)!.map(pick), better);
    }
    const median = (subject: string) => results.find(SECTION, 'ours', subject, `${LOOP}: requests/s`)?.median;
    const ours = median(statefulMock().subject);
    const prism = median(PRISM);
    const value = ours !== undefined && prism !== undefined ? ours / prism : undefined;
    results.target(SECTION, `${LOOP} requests/s ≥ 5× prism's, in-process state`, value, 5, { better: 'higher', format: ratio, goal: '≥ 5×' });
    results.note(
      `Shared sessions: each of ${options.connections} connections creates a pet (POST /pets) and reads it back (GET /pets/records/{id}), each turn in the next of ${SHARED_SESSIONS.toLocaleString('en-US')} Mock-Session values, to ours with its default bounds (--max-sessions 1000, --max-records 1000, --max-session-bytes 256KiB); \`prism mock\` runs the same loop (it keeps no state and answers the example, id 42).`,
    );
  } finally {
    await redis?.process.stop();
  }
}

/** Starts the upstream with the body our mock answers GET /pets with (the description's example). */
async function startUpstream(): Promise<{ url: string; stop(): Promise<void> }> {
  const mock = await startMock(MOCKS.oursQuiet, 'ours');
  const body = await send(mock.url, GET_PETS).finally(() => mock.process.stop());
  const file = join(TMP, 'upstream-pets.json');
  writeFileSync(file, body.body);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const since = performance.now();
  const process = startNode(join(ROOT, 'scripts/bench/upstream.ts'), [String(port), file], { log: join(TMP, 'logs', 'upstream.log') });
  await waitForOk(url, GET_PETS, since, process.exited);
  return { url, stop: () => process.stop() };
}

function proxies(upstream: string): MockSetup[] {
  return [
    {
      subject: 'ours --proxy',
      args: (spec, port) => [NODE, [TOOLS.ourMock, '--spec', spec, '--host', '127.0.0.1', '--port', String(port), '--proxy', upstream]],
    },
    { subject: 'prism proxy', args: (spec, port) => [NODE, [TOOLS.prism, 'proxy', '-h', '127.0.0.1', '-p', String(port), spec, upstream]] },
  ];
}

/** GET /pets straight to the upstream, then through each proxy, within each run. */
async function proxyOverhead(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const upstream = await startUpstream();
  try {
    const direct = 'direct to the upstream';
    const setups = proxies(upstream.url);
    const samples = new Map<string, LoadResult[]>([direct, ...setups.map((s) => s.subject)].map((s) => [s, []]));
    for (let run = 1; run <= options.runs; run++) {
      ctx.log(`mock service, proxy: ${direct}, run ${run}/${options.runs}`);
      await load(upstream.url, GET_PETS, options.connections, WARMUP_SECONDS);
      const r = await load(upstream.url, GET_PETS, options.connections, options.duration);
      samples.get(direct)!.push(r);
      logLoad(ctx, direct, 'GET /pets', r, run);
      for (const setup of setups) {
        ctx.log(`mock service, proxy: ${setup.subject}, run ${run}/${options.runs}`);
        const proxy = await startMock(setup, 'ours');
        try {
          await load(proxy.url, GET_PETS, options.connections, WARMUP_SECONDS);
          const p = await load(proxy.url, GET_PETS, options.connections, options.duration);
          samples.get(setup.subject)!.push(p);
          logLoad(ctx, setup.subject, 'GET /pets', p, run);
        } finally {
          await proxy.process.stop();
        }
      }
    }
    for (const [metric, pick, unit, better] of METRICS) {
      for (const [subject, all] of samples) results.add(SECTION, 'ours', subject, `GET /pets relayed: ${metric}`, unit, all.map(pick), better);
    }
    const median = (subject: string, metric: string) => results.find(SECTION, 'ours', subject, `GET /pets relayed: ${metric}`)?.median;
    for (const metric of ['p50 latency', 'p99 latency']) {
      const ours = median('ours --proxy', metric);
      const base = median(direct, metric);
      // What relaying and checking adds to a direct call, as a row: the machine's load moves it more than the code does.
      if (ours !== undefined && base !== undefined)
        results.add(SECTION, 'ours', 'ours --proxy', `GET /pets relayed: ${metric} added to a direct call`, 'ms', [ours - base]);
    }
    const ours = median('ours --proxy', 'requests/s');
    const prism = median('prism proxy', 'requests/s');
    const value = ours !== undefined && prism !== undefined ? ours / prism : undefined;
    results.target(SECTION, "GET /pets relayed and checked: requests/s ≥ 3× prism proxy's", value, 3, { better: 'higher', format: ratio, goal: '≥ 3×' });
    results.note(
      `Proxy overhead: GET /pets at ${options.connections} connections for ${options.duration} s, straight to an upstream node:http server on 127.0.0.1 that answers the description's example, and through each proxy started on the same document (default logging); both proxies check every answer against the description.`,
    );
  } finally {
    await upstream.stop();
  }
}
