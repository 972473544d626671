// The steps `startMockServer` takes before it listens: the context every request shares, the
// first build of the description (with its problems said once), the stateful store, the proxy
// to the real API and the recorded examples, and the first version's state.
import { formatDiagnostics } from '../diagnostics.ts';
import type { BuildResult } from '../model/index.ts';
import { judgeVersion } from '../model/contract/verdict.ts';
import { CheckPool } from './check-pool.ts';
import { DEFAULT_MAX_BODY_BYTES, FAULT_HOLD_MS, MAX_HELD_SOCKETS, MOCK_CHECKS } from './defaults.ts';
import type { EnginePool } from './engine-pool.ts';
import type { ServerContext } from './exchange.ts';
import { timingEnabled } from './faults.ts';
import type { MockFeatures } from './features.ts';
import { HeldSockets } from './held-sockets.ts';
import type { RequestLog } from './log.ts';
import { originPolicy } from './origins.ts';
import { RecentRequests } from './recent.ts';
import { seededRandom } from './seeded-random.ts';
import type { MockServerOptions } from './server-options.ts';
import { describeResources, storedResources } from './stateful/report.ts';
import { createState } from './state.ts';
import type { MockState } from './state-types.ts';
import { MemoryStore } from './store/memory.ts';
import type { StateStore } from './store/types.ts';

type Built = Pick<BuildResult, 'model' | 'document' | 'files'>;

export function serverContext(
  options: MockServerOptions,
  features: MockFeatures,
  log: RequestLog,
  where: { site: string; host: string; port: () => number },
): ServerContext {
  return {
    quiet: options.quiet === true,
    log,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 5000,
    features,
    recent: new RecentRequests(),
    random: features.seed === undefined ? Math.random : seededRandom(`${features.seed}:mock`),
    timing: timingEnabled(features),
    // The port is known once the server listens (port 0 picks one).
    origins: originPolicy(where.site, where.host, where.port),
    held: new HeldSockets(options.faultHold?.max ?? MAX_HELD_SOCKETS, options.faultHold?.ms ?? FAULT_HOLD_MS),
    checks: new CheckPool(),
  };
}

/**
 * The description built on this thread, for a fast start (a worker would load the whole pipeline
 * again); the reloads run on the model worker, under its memory bound, so a save can never take
 * down a mock that serves. A version that does not load throws here, with its problems (the CLI
 * prints them).
 */
export async function buildAtStart(options: MockServerOptions, log: RequestLog): Promise<Built> {
  // Imported here: a mock handed its builds (the preview's) never loads the pipeline's loaders and linters.
  const { buildModel } = await import('../model/index.ts');
  const own = await buildModel(options.spec, { ...MOCK_CHECKS, ...options.access });
  // The verdict every command reaches (model/verdict.ts); its problems (a route the mock cannot
  // answer, a foreign config's refused plugins, a capped example) are said once at start.
  const verdict = judgeVersion({ loaded: true, diagnostics: own.diagnostics });
  if (verdict.diagnostics.length > 0) log.message(formatDiagnostics(verdict.diagnostics));
  return own;
}

/** With `--stateful`: the store, in the process or in Redis, set on the context. */
export async function openStore(ctx: ServerContext, features: MockFeatures, log: RequestLog): Promise<StateStore | undefined> {
  if (!features.stateful) return undefined;
  // The Redis client is loaded only when asked for: a mock without it starts as fast as before.
  const store = features.state
    ? await (await import('./store/redis.ts')).RedisStore.connect(features.state, features.limits, {
        log: (text) => log.message(text),
        commandTimeoutMs: features.storeTimeoutMs,
      })
    : new MemoryStore(features.limits);
  ctx.stateful = { store, clock: { now: () => new Date(), random: ctx.random } };
  return store;
}

/** With `--proxy`, the real API requests go to (and `--record`'s recorder); with `--examples`, the answers recorded before. */
export async function connectSources(ctx: ServerContext, features: MockFeatures, log: RequestLog): Promise<void> {
  if (features.proxy) {
    const { ProxyStats } = await import('./proxy-stats.ts');
    const { Recorder } = await import('./recorded.ts');
    ctx.proxy = {
      target: { url: new URL(features.proxy), errors: features.errors },
      stats: new ProxyStats(),
      recorder: features.record ? new Recorder(features.record, (text) => log.message(text)) : undefined,
    };
    log.message(
      `Proxy: every request goes to ${features.proxy}${features.errors ? ' (--errors: an answer the description does not allow is a 502)' : ''}${features.record ? `; answers are recorded in ${features.record}` : ''}.`,
    );
  }
  if (features.examples) {
    const { RecordedAnswers } = await import('./recorded.ts');
    const problems: string[] = [];
    ctx.recorded = new RecordedAnswers(features.examples, problems);
    for (const problem of problems) log.message(problem);
    log.message(
      `Examples: ${ctx.recorded.count} recorded answer${ctx.recorded.count === 1 ? '' : 's'} from ${features.examples}, served before the description's.`,
    );
  }
}

/** The first version's state, its notices said, and its stateful resources defined in the store. */
export async function firstState(
  built: Built,
  setup: { site: string; pool: EnginePool; store: StateStore | undefined; stateful: boolean; log: RequestLog },
): Promise<MockState> {
  const state = createState(built, setup.site, setup.pool, { stateful: setup.stateful });
  for (const notice of state.notices) setup.log.message(notice);
  if (setup.store && state.inference) {
    await setup.store.define(storedResources(state.inference.resources));
    setup.log.message(describeResources(state.inference, setup.store.where));
  }
  return state;
}

/** With `--proxy`, on close: the summary of what the real API answered, and what was recorded. */
export function proxySummary(ctx: ServerContext, features: MockFeatures): void {
  if (!ctx.proxy) return;
  ctx.proxy.recorder?.flush();
  ctx.log.message(ctx.proxy.stats.summary());
  const recorded = ctx.proxy.recorder?.recorded;
  if (recorded !== undefined) ctx.log.message(`Recorded ${recorded} answer${recorded === 1 ? '' : 's'} in ${features.record}.`);
}
