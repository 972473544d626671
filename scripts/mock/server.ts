// The mock server: a thin node:http layer that routes, checks and writes
// prepared bytes, with Prism's engine behind it only for generated answers.
// `startMockServer` is what `npm run mock`, the preview and `npm start` run;
// this file wires the pieces: what is set up before it listens
// (server-setup.ts), the version being served, swapped whole on reload
// (served-versions.ts), the request pipeline (pipeline.ts) and the parser's
// errors (client-errors.ts).
import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_SITE, httpOrigin } from '../defaults.ts';
import type { BuildResult } from '../model/index.ts';
import type { ApiModel } from '../model/contract/types.ts';
import { answerClientError, refuseConnect } from './client-errors.ts';
import { MAX_HEADER_BYTES } from './defaults.ts';
import { EnginePool } from './engine-pool.ts';
import type { ServerContext } from './exchange.ts';
import { DEFAULT_FEATURES, type MockFeatures } from './features.ts';
import { RequestLog } from './log.ts';
import { handleRequest } from './pipeline.ts';
import { ServedVersions } from './served-versions.ts';
import { buildAtStart, connectSources, firstState, openStore, proxySummary, serverContext } from './server-setup.ts';
import type { MockState } from './state-types.ts';
import type { MockServerOptions, ReloadEvent } from './server-options.ts';

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
  const ctx = serverContext(options, features, log, { site, host, port: () => port });
  const built = options.build ?? (await buildAtStart(options, log));
  const store = await openStore(ctx, features, log);
  await connectSources(ctx, features, log);
  // Generated answers run here, off the thread that answers everything else; shared by every version served.
  const pool = new EnginePool({ timeoutMs: options.generateTimeoutMs });
  const release = () => Promise.all([pool.close(), ctx.checks.close(), store?.close()]);
  const events = new EventEmitter();
  const setup = { options, site, pool, store, log, events, stateful: features.stateful };
  let first: MockState;
  try {
    first = await firstState(built, setup);
  } catch (error) {
    await release();
    throw error;
  }
  const versions = new ServedVersions(setup, first);
  // Each request is answered by the version served when it arrived.
  const server = httpServer(ctx, () => versions.state);
  try {
    await listen(server, options.port ?? DEFAULT_MOCK_PORT, host);
  } catch (error) {
    await Promise.all([versions.close(), release()]);
    throw error;
  }
  const address = server.address();
  port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_MOCK_PORT);
  ctx.generator = () => pool.state();
  // Once listening, not before: the start is not delayed, and a request meanwhile waits for this worker, not a second one.
  if (options.warmGenerator) setImmediate(() => pool.warm());
  versions.start();

  let closing: Promise<void> | undefined;
  return {
    url: httpOrigin(host, port),
    port,
    host,
    server,
    events,
    current: () => ({ title: versions.state.title, version: versions.state.version, operations: versions.state.operationCount, model: versions.state.model }),
    reload: () => versions.reload(),
    apply: (build) => versions.apply(build),
    close() {
      closing ??= (async () => {
        ctx.closing = true;
        proxySummary(ctx, features);
        await Promise.all([versions.close(), release()]);
        log.flush();
        await closeServer(server, ctx);
      })();
      return closing;
    },
  };
}

function httpServer(ctx: ServerContext, served: () => MockState): Server {
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
    (req, res) => handleRequest(ctx, served(), req, res),
  );
  // Requests the HTTP parser rejects still get an Error body.
  server.on('clientError', (error, socket: Socket) => answerClientError(ctx, error, socket));
  // `Expect: <anything but 100-continue>` is answered normally rather than with Node's bodiless 417.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  server.on('connect', (_req, socket: Socket) => refuseConnect(socket));
  return server;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
}

/** Idle connections closed now, held ones (faults) cut, and those still mid-request given a moment to finish. */
async function closeServer(server: Server, ctx: ServerContext): Promise<void> {
  const closed = new Promise<void>((done) => server.close(() => done()));
  server.closeIdleConnections();
  ctx.held.closeAll();
  const force = setTimeout(() => server.closeAllConnections(), 500);
  force.unref();
  await closed;
  clearTimeout(force);
}
