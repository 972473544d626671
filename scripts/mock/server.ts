// The mock server: a thin node:http layer that routes, checks and writes
// prepared bytes, with Prism's engine behind it only for generated answers.
// `startMockServer` is what `npm run mock`, the preview and `npm start` run;
// this file wires the pieces: the version being served (swapped whole on
// reload), the request pipeline (pipeline.ts) and the parser's errors
// (client-errors.ts).
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_SITE, httpOrigin } from '../defaults.ts';
import { formatDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { judgeVersion } from '../model/contract/verdict.ts';
import type { BuildResult } from '../model/index.ts';
import type { LoadOptions, OpenApiDocument } from '../model/load/load.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { answerClientError, refuseConnect } from './client-errors.ts';
import { DEFAULT_MAX_BODY_BYTES, FAULT_HOLD_MS, MAX_HEADER_BYTES, MAX_HELD_SOCKETS, MOCK_CHECKS } from './defaults.ts';
import { HeldSockets } from './held-sockets.ts';
import type { ServerContext } from './exchange.ts';
import { RequestLog, type Output } from './log.ts';
import { CheckPool } from './check-pool.ts';
import { EnginePool } from './engine-pool.ts';
import { handleRequest } from './pipeline.ts';
import { Reloader, type BuildOutcome } from './reload.ts';
import { DEFAULT_FEATURES, type MockFeatures } from './features.ts';
import { timingEnabled } from './faults.ts';
import { originPolicy } from './origins.ts';
import { RecentRequests } from './recent.ts';
import { seededRandom } from './seeded-random.ts';
import { describeResources, storedResources } from './stateful/report.ts';
import { createState } from './state.ts';
import type { MockState } from './state-types.ts';
import { MemoryStore } from './store/memory.ts';
import type { StateStore } from './store/types.ts';
import { createModelBuilder } from '../model/process/isolated.ts';
import { vocabularyCheck } from './vocabulary.ts';
import { printable } from '../infra/terminal.ts';

export interface MockServerOptions {
  /** The OpenAPI document (default `openapi/openapi.yaml`). */
  spec: string;
  port?: number;
  host?: string;
  /** The portal's origin, for `Link` headers pointing at operation pages. */
  site?: string;
  /** No line per request. */
  quiet?: boolean;
  /** Reload when a file of the document changes. */
  watch?: boolean;
  maxBodyBytes?: number;
  /** How long a request body may take to arrive. */
  bodyTimeoutMs?: number;
  /** How long a connection a fault holds (hang, slow) stays open at most, and how many are held at once. */
  faultHold?: { ms?: number; max?: number };
  /** How long one answer generated from a schema may take (default 2 s). */
  generateTimeoutMs?: number;
  /** Where lines go (default stdout). */
  output?: Output;
  onReload?: (event: ReloadEvent) => void;
  /** What the description may read (--root, --allow-remote) and its config (--config). */
  access?: LoadOptions;
  /** The document already built (the preview builds anyway): served as is, instead of building `spec` again. */
  build?: Pick<BuildResult, 'model' | 'document' | 'files'>;
  /** Print the portal's vocabulary problems at start and reload (default true; `npm start` has its build print them). */
  vocabulary?: boolean;
  /** State, seeded and dynamic answers, latency and faults, callbacks: all off unless set. */
  features?: Partial<MockFeatures>;
}

export interface ReloadEvent {
  ok: boolean;
  /** Every problem found (errors keep the previous version serving). */
  diagnostics: Diagnostic[];
  ms: number;
  title: string;
  version: string;
  operations: number;
}

export interface MockServer {
  url: string;
  port: number;
  host: string;
  server: Server;
  /** `reload` (a new version is served) and `reload-failed` (the last good one still is), both with a ReloadEvent. */
  events: EventEmitter;
  /** What is being served now. */
  current(): { title: string; version: string; operations: number; model: ApiModel };
  /** Rebuild now, as a save would. */
  reload(): Promise<ReloadEvent>;
  /** Serve a model built elsewhere (the preview builds anyway): no second build. */
  apply(build: Pick<BuildResult, 'model' | 'document' | 'files'>): ReloadEvent;
  close(): Promise<void>;
}

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const site = options.site ?? DEFAULT_SITE;
  const host = options.host ?? DEFAULT_HOST;
  const log = new RequestLog(options.output ?? process.stdout);
  const features: MockFeatures = { ...DEFAULT_FEATURES, ...options.features };
  let port = options.port ?? DEFAULT_MOCK_PORT;
  const ctx: ServerContext = {
    quiet: options.quiet === true,
    log,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? 5000,
    features,
    recent: new RecentRequests(),
    random: features.seed === undefined ? Math.random : seededRandom(`${features.seed}:mock`),
    timing: timingEnabled(features),
    // The port is known once the server listens (port 0 picks one).
    origins: originPolicy(site, host, () => port),
    held: new HeldSockets(options.faultHold?.max ?? MAX_HELD_SOCKETS, options.faultHold?.ms ?? FAULT_HOLD_MS),
    checks: new CheckPool(),
  };

  let built = options.build;
  if (!built) {
    // On this thread, for a fast start (a worker would load the whole pipeline again); the reloads run on
    // the model worker, under its memory bound, so a save can never take down a mock that serves.
    // A version that does not load throws here, with its problems (the CLI prints them).
    // Imported here: a mock handed its builds (the preview's) never loads the pipeline's loaders and linters.
    const { buildModel } = await import('../model/index.ts');
    const own = await buildModel(options.spec, { ...MOCK_CHECKS, ...options.access });
    // The verdict every command reaches (model/contract/verdict.ts); its problems (a route the mock cannot
    // answer, a foreign config's refused plugins, a capped example) are said once at start.
    const verdict = judgeVersion({ loaded: true, diagnostics: own.diagnostics });
    if (verdict.diagnostics.length > 0) log.message(formatDiagnostics(verdict.diagnostics));
    built = own;
  }
  let store: StateStore | undefined;
  if (features.stateful) {
    // The Redis client is loaded only when asked for: a mock without it starts as fast as before.
    store = features.state ? await (await import('./store/redis.ts')).RedisStore.connect(features.state, features.limits) : new MemoryStore(features.limits);
    ctx.stateful = { store, clock: { now: () => new Date(), random: ctx.random } };
  }
  // Generated answers run here, off the thread that answers everything else; shared by every version served.
  const pool = new EnginePool({ timeoutMs: options.generateTimeoutMs });
  const stateOptions = { stateful: features.stateful };
  let state: MockState;
  try {
    state = createState(built, site, pool, stateOptions);
    for (const notice of state.notices) log.message(notice);
    if (store && state.inference) {
      await store.define(storedResources(state.inference.resources));
      log.message(describeResources(state.inference, store.where));
    }
  } catch (error) {
    await Promise.all([pool.close(), ctx.checks.close(), store?.close()]);
    throw error;
  }
  const events = new EventEmitter();

  const server = createServer(
    {
      maxHeaderSize: MAX_HEADER_BYTES,
      headersTimeout: 10_000,
      requestTimeout: 30_000,
      keepAliveTimeout: 5_000,
      connectionsCheckingInterval: 2_000,
      // Missing Host is answered like any request, not with Node's bodiless 400.
      requireHostHeader: false,
    },
    // Each request is answered by the version served when it arrived.
    (req, res) => handleRequest(ctx, state, req, res),
  );
  // Requests the HTTP parser rejects still get an Error body.
  server.on('clientError', (error, socket: Socket) => answerClientError(ctx, error, socket));
  // `Expect: <anything but 100-continue>` is answered normally rather than with Node's bodiless 417.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  server.on('connect', (_req, socket: Socket) => refuseConnect(socket));

  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_MOCK_PORT, host, () => {
        server.off('error', reject);
        resolveListen();
      });
    });
  } catch (error) {
    await Promise.all([pool.close(), ctx.checks.close(), store?.close()]);
    throw error;
  }
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_MOCK_PORT);
  const url = httpOrigin(host, port);

  // The portal's vocabulary, checked on the model worker the reloads use, once each version is served.
  // A build handed over (the preview's), or one just made by `npm start`, was linted already.
  const builder = createModelBuilder();
  const checkVocabulary =
    options.build || options.vocabulary === false ? () => undefined : vocabularyCheck(builder, options.spec, options.access ?? {}, (text) => log.message(text));
  checkVocabulary();

  let lastFailed = false;
  const describe = (s: MockState) => `${printable(`${s.title} ${s.version}`)}, ${s.operationCount} operation${s.operationCount === 1 ? '' : 's'}`;
  const onBuilt = (outcome: BuildOutcome, ms: number): ReloadEvent => {
    let next: MockState | undefined;
    const verdict = judgeVersion({ loaded: outcome.ok, diagnostics: outcome.diagnostics });
    if (outcome.ok && verdict.ok) {
      const preparing = performance.now();
      try {
        next = createState({ model: outcome.model as ApiModel, document: outcome.document as OpenApiDocument, files: outcome.files }, site, pool, stateOptions);
      } catch (error) {
        outcome = {
          id: outcome.id,
          ok: false,
          diagnostics: [
            { severity: 'error', rule: 'mock', message: `Cannot serve this version: ${(error as Error).message}`, file: options.spec, line: 1, col: 1 },
          ],
        };
      }
      ms += performance.now() - preparing;
    }
    if (next) {
      state = next;
      if (options.watch) reloader.watch(next.files);
      // The new version's problems first, as at start: the same document says the same things.
      if (verdict.diagnostics.length > 0) log.message(formatDiagnostics(verdict.diagnostics));
      log.message(`${lastFailed ? 'Recovered' : 'Reloaded'} in ${Math.round(ms)} ms: ${describe(next)}`);
      for (const notice of next.notices) log.message(notice);
      if (store && next.inference) {
        const inference = next.inference;
        // Records of a resource this version changes start again from its examples; the others are kept.
        store.define(storedResources(inference.resources)).then(
          (dropped) => {
            if (dropped.length > 0) log.message(`Stateful: records reset for ${dropped.join(', ')} (changed by this version).`);
          },
          (error: Error) => log.message(`Stateful: the store could not take this version's resources: ${error.message}`),
        );
      }
      checkVocabulary();
      lastFailed = false;
      const event: ReloadEvent = { ok: true, diagnostics: outcome.diagnostics, ms, title: next.title, version: next.version, operations: next.operationCount };
      options.onReload?.(event);
      events.emit('reload', event);
      return event;
    }
    lastFailed = true;
    if (outcome.diagnostics.length > 0) {
      log.message(`${formatDiagnostics(outcome.diagnostics)}\nThe edit was not applied; still serving the last good version (${describe(state)}).`);
    }
    const event: ReloadEvent = {
      ok: false,
      diagnostics: outcome.diagnostics,
      ms,
      title: state.title,
      version: state.version,
      operations: state.operationCount,
    };
    options.onReload?.(event);
    events.emit('reload-failed', event);
    return event;
  };
  let lastEvent: ReloadEvent | undefined;
  const reloader = new Reloader(
    options.spec,
    (outcome, ms) => {
      lastEvent = onBuilt(outcome, ms);
    },
    options.access,
    builder,
  );
  if (options.watch) reloader.watch(built.files);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    host,
    server,
    events,
    current: () => ({ title: state.title, version: state.version, operations: state.operationCount, model: state.model }),
    async reload() {
      await reloader.rebuild();
      return lastEvent!;
    },
    apply(build) {
      return onBuilt({ id: 0, ok: true, model: build.model, document: build.document, files: build.files, diagnostics: [] }, 0);
    },
    close() {
      closing ??= (async () => {
        await Promise.all([reloader.close(), pool.close(), ctx.checks.close(), store?.close()]);
        log.flush();
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeIdleConnections();
        ctx.held.closeAll();
        // Connections still mid-request get a moment to finish, then are cut.
        const force = setTimeout(() => server.closeAllConnections(), 500);
        force.unref();
        await closed;
        clearTimeout(force);
      })();
      return closing;
    },
  };
}
