// 4b. Mock server: one client's slow request never slows the others. Two cases, each under the
// same autocannon load as the throughput rows: a client sending values made to make a
// backtracking regular-expression engine run for hours (the patterns run in linear time and
// are refused at once), and clients asking for delayed answers (`Prefer: delay=500`, which
// must wait without holding the server). The latencies on a quiet machine that the mock's
// tests leave to the bench: other clients' p99 during the hostile values (≤ 50 ms), the hostile
// values' slowest answer (≤ 1 s), and other clients' p99 while delays run (≤ 10 ms).
// `prism mock` is not run here: it checks patterns with a backtracking engine, and a single
// hostile value holds it for longer than the whole bench.
import { resolve } from 'node:path';
import type { Context } from '../context.ts';
import { send, type Probe } from '../http.ts';
import { load, type LoadResult } from '../load.ts';
import { FIRST_ANSWER, MOCKS, startMockOn } from '../mocks.ts';
import { DOCS, ROOT } from '../paths.ts';
import { formatValue } from '../results.ts';
import { median } from '../stats.ts';

const SECTION = 'mock';
const SUBJECT = 'ours --quiet';
const WARMUP_SECONDS = 2;
const REDOS_SPEC = resolve(ROOT, 'test/mock/fixtures/hostile/redos.yaml');
const FAST: Probe = { method: 'GET', path: '/fast' };
const HOSTILE: Probe[] = [
  { method: 'POST', path: `/codes?q=${'a'.repeat(40)}!`, headers: { 'content-type': 'application/json' }, body: '{}' },
  { method: 'POST', path: '/codes', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code: `${'a'.repeat(40)}!` }) },
  { method: 'POST', path: '/codes', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `${'a'.repeat(40)}!` }) },
];
/** Clients that keep a delayed request in flight while the load runs. */
const DELAYED_CLIENTS = 10;
const DELAYED: Probe = { ...FIRST_ANSWER.ours, headers: { ...FIRST_ANSWER.ours.headers, prefer: 'delay=500' } };

/** Sends `probes` one after another, again and again, until `until` settles; the latency of each answer, in ms. */
async function keepSending(base: string, probes: Probe[], until: Promise<unknown>): Promise<{ ms: number[]; failed: number }> {
  let done = false;
  void until.then(() => (done = true));
  const ms: number[] = [];
  let failed = 0;
  for (let i = 0; !done; i++) {
    const started = performance.now();
    try {
      await send(base, probes[i % probes.length] as Probe, 10_000);
      ms.push(performance.now() - started);
    } catch {
      failed++;
    }
  }
  return { ms, failed };
}

export async function runMockIsolation(ctx: Context): Promise<void> {
  const { options, results } = ctx;
  const others: LoadResult[] = [];
  const hostileMax: number[] = [];
  const besideDelays: LoadResult[] = [];
  const delayedMin: number[] = [];
  for (let run = 1; run <= options.runs; run++) {
    ctx.log(`mock isolation: hostile patterns, run ${run}/${options.runs}`);
    const redos = await startMockOn(MOCKS.oursQuiet, { spec: REDOS_SPEC, name: 'redos', firstAnswer: FAST });
    try {
      await load(redos.url, FAST, options.connections, WARMUP_SECONDS);
      const measured = load(redos.url, FAST, options.connections, options.duration);
      const hostile = keepSending(redos.url, HOSTILE, measured);
      const [r, h] = await Promise.all([measured, hostile]);
      others.push(r);
      hostileMax.push(Math.max(...h.ms));
      ctx.log(`  others: p99 ${r.p99} ms (${formatValue(r.rps, 'req/s')}); ${h.ms.length} hostile values, slowest ${formatValue(Math.max(...h.ms), 'ms')}`);
      if (h.failed) results.note(`Mock isolation, run ${run}: ${h.failed} hostile requests got no answer within 10 s.`);
    } finally {
      await redos.process.stop();
    }

    ctx.log(`mock isolation: delayed answers, run ${run}/${options.runs}`);
    const ours = await startMockOn(MOCKS.oursQuiet, { spec: DOCS.ours.path, name: 'ours', firstAnswer: FIRST_ANSWER.ours });
    try {
      await load(ours.url, FIRST_ANSWER.ours, options.connections, WARMUP_SECONDS);
      const measured = load(ours.url, FIRST_ANSWER.ours, options.connections, options.duration);
      const delayed = Promise.all(Array.from({ length: DELAYED_CLIENTS }, () => keepSending(ours.url, [DELAYED], measured)));
      const [r, d] = await Promise.all([measured, delayed]);
      const all = d.flatMap((c) => c.ms);
      besideDelays.push(r);
      delayedMin.push(Math.min(...all));
      ctx.log(`  others: p99 ${r.p99} ms (${formatValue(r.rps, 'req/s')}); ${all.length} delayed answers, fastest ${formatValue(Math.min(...all), 'ms')}`);
    } finally {
      await ours.process.stop();
    }
  }
  results.add(
    SECTION,
    'ours',
    SUBJECT,
    'hostile patterns: p99 latency of the other clients',
    'ms',
    others.map((r) => r.p99),
    'lower',
  );
  results.add(SECTION, 'ours', SUBJECT, 'hostile patterns: slowest hostile answer', 'ms', hostileMax, 'lower');
  results.add(
    SECTION,
    'ours',
    SUBJECT,
    `${DELAYED_CLIENTS} clients with delay=500: p99 latency of the other clients`,
    'ms',
    besideDelays.map((r) => r.p99),
    'lower',
  );
  results.add(SECTION, 'ours', SUBJECT, `${DELAYED_CLIENTS} clients with delay=500: fastest delayed answer`, 'ms', delayedMin, 'higher');
  const ms = (n: number) => formatValue(n, 'ms');
  results.target(SECTION, 'other clients p99 ≤ 50 ms while one sends hostile patterns', median(others.map((r) => r.p99)), 50, {
    better: 'lower',
    format: ms,
    goal: '≤ 50 ms',
  });
  results.target(SECTION, 'a hostile pattern value answered ≤ 1 s', median(hostileMax), 1000, { better: 'lower', format: ms, goal: '≤ 1 s' });
  results.target(SECTION, `other clients p99 ≤ 10 ms while ${DELAYED_CLIENTS} wait on delays`, median(besideDelays.map((r) => r.p99)), 10, {
    better: 'lower',
    format: ms,
    goal: '≤ 10 ms',
  });
  results.note(
    `Mock isolation: ${options.connections} autocannon connections on a plain request for ${options.duration} s, while one client sends values made for backtracking engines against \`^(a+)+$\`, \`^(a|aa)*$\` and an e-mail pattern (40 a's and a \`!\`), or ${DELAYED_CLIENTS} clients keep a \`Prefer: delay=500\` request in flight. Prism is not run: one such value holds it for longer than the bench.`,
  );
}
