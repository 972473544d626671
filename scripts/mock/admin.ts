// The mock's own routes, under `/__mock/`, tried only when no operation of
// the document matches the path (an API path is never shadowed):
//   POST /__mock/reset        records back to the examples: one session (`Mock-Session` or `?session=`), else all
//   GET  /__mock/requests     the journal: the last requests answered, filtered (`?operation=`, `session`, `status`, `since`, `limit`)
//   DELETE /__mock/requests   empties it
//   GET  /__mock/resources    the resources stateful mocking found, the sessions held and the store's limits
//   GET  /__mock/health       200 when the mock serves and its store answers, else 503 (for load balancers)
// A web page may use them only from the portal's origin or the mock's own
// (origins.ts): any other page's request is refused, and answered without CORS.
import { preflightHeaders } from './cors.ts';
import { finish, logAnswer, sendError, type Exchange } from './exchange.ts';
import type { JournalFilter } from './recent.ts';
import { sessionOf } from './stateful/answer.ts';
import { SESSION_HEADER, STORE_RETRY_AFTER_S } from './store/types.ts';

export const ADMIN_PREFIX = '/__mock/';

/** Each route's methods: the first is the one named in errors; HEAD goes where GET does. */
const ROUTES: Record<string, string[]> = { reset: ['POST'], requests: ['GET', 'DELETE'], resources: ['GET'], health: ['GET'] };

/** `Allow` for a route. */
function allowed(methods: string[]): string {
  return [...methods, 'OPTIONS', ...(methods.includes('GET') ? ['HEAD'] : [])].join(', ');
}

/** The journal's filters from the query: `operation`, `session`, `status` (201 or 4xx), `since` (ISO time or ms), `limit`. */
function journalFilter(query: URLSearchParams | undefined): JournalFilter | string {
  const filter: JournalFilter = {};
  const asked = query?.get('limit');
  if (asked !== null && asked !== undefined) {
    const limit = Number(asked);
    if (Number.isInteger(limit) && limit > 0) filter.limit = limit;
  }
  for (const key of ['operation', 'session'] as const) {
    const value = query?.get(key);
    if (value !== null && value !== undefined) filter[key] = value;
  }
  const status = query?.get('status');
  if (status !== null && status !== undefined) {
    if (!/^([1-5]\d\d|[1-5]xx)$/i.test(status.trim())) return `status=${status.slice(0, 20)} is neither a status (201) nor a class (4xx).`;
    filter.status = status;
  }
  const since = query?.get('since');
  if (since !== null && since !== undefined) {
    const ms = /^\d+$/.test(since) ? Number(since) : Date.parse(since);
    if (Number.isNaN(ms)) return `since=${since.slice(0, 40)} is neither an ISO time nor milliseconds since the epoch.`;
    filter.since = ms;
  }
  return filter;
}

function json(x: Exchange, status: number, value: unknown, extra: string[] = []): void {
  const body = Buffer.from(JSON.stringify(value));
  finish(x, status, ['Content-Type', 'application/json', 'Content-Length', String(body.length), 'Cache-Control', 'no-store', 'Vary', 'Origin', ...extra], body);
}

/** Ready: the mock serves a version and is not stopping, and its store (if any) answers. Not in the journal: a balancer asks every few seconds. */
async function health(x: Exchange): Promise<void> {
  x.unlogged = true;
  const store = await x.ctx.stateful?.store.health();
  const ok = !x.ctx.closing && (store === undefined || store.ok);
  const reason = x.ctx.closing ? 'the mock is stopping' : store && !store.ok ? store.reason : undefined;
  json(
    x,
    ok ? 200 : 503,
    {
      status: ok ? 'ok' : 'unavailable',
      ...(reason ? { reason } : {}),
      api: { title: x.state.title, version: x.state.version, operations: x.state.operationCount },
      store: store ?? null,
      generator: x.ctx.generator?.() ?? 'idle',
    },
    ok ? [] : ['Retry-After', String(STORE_RETRY_AFTER_S)],
  );
}

/** Answers a `/__mock/…` path; never throws (a store failure is answered as an internal error by the caller). */
export async function answerAdmin(x: Exchange, path: string, query: URLSearchParams | undefined): Promise<void> {
  const name = path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '');
  const methods = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
  x.operation = `mock ${name || '(none)'}`;
  const refused = x.ctx.origins.refusal({ method: x.method, headers: x.req.headers });
  if (refused) {
    // No CORS headers: the page cannot even read why.
    x.origin = undefined;
    x.req.resume();
    sendError(x, 'forbidden_origin', refused);
    return;
  }
  if (x.method === 'OPTIONS' && x.origin && x.req.headers['access-control-request-method'] !== undefined) {
    const allow = methods ? allowed(methods) : undefined;
    x.res.writeHead(
      204,
      preflightHeaders(x.origin, allow, x.req.headers['access-control-request-headers'], x.req.headers['access-control-request-private-network'] === 'true'),
    );
    x.res.end();
    logAnswer(x, 204);
    return;
  }
  if (!methods) {
    sendError(
      x,
      'route_not_found',
      `No operation is declared at ${path}; the mock's own routes are ${Object.keys(ROUTES)
        .map((r) => ADMIN_PREFIX + r)
        .join(', ')}.`,
    );
    return;
  }
  // Like any API path: HEAD where GET is, OPTIONS everywhere.
  if (x.method === 'OPTIONS') {
    finish(x, 204, ['Allow', allowed(methods), 'Vary', 'Origin'], undefined);
    return;
  }
  if (!methods.includes(x.method) && !(methods.includes('GET') && x.method === 'HEAD')) {
    x.req.resume();
    sendError(x, 'method_not_allowed', `${x.method} is not allowed on ${ADMIN_PREFIX}${name}; allowed: ${methods.join(', ')}.`, ['Allow', allowed(methods)]);
    return;
  }
  x.req.resume();
  if (name === 'health') {
    await health(x);
    return;
  }
  if (name === 'requests') {
    // Reading the journal is not an entry of it: a test polling it sees only the requests it made.
    x.unlogged = true;
    if (x.method === 'DELETE') {
      x.ctx.recent.clear();
      json(x, 200, { cleared: true });
      return;
    }
    const filter = journalFilter(query);
    if (typeof filter === 'string') sendError(x, 'validation_failed', filter);
    else json(x, 200, { requests: x.ctx.recent.list(filter, x.state.credentials) });
    return;
  }
  if (name === 'resources') {
    const inference = x.state.inference;
    const store = x.ctx.stateful?.store;
    json(x, 200, {
      stateful: store !== undefined,
      // What the store holds now, and at most.
      ...(store ? { sessions: await store.sessions(), limits: x.ctx.features.limits } : {}),
      resources: (inference?.resources ?? []).map((r) => ({
        name: r.name,
        idField: r.id.field ?? null,
        idKind: r.id.kind,
        initialRecords: r.initial.length,
        ...(r.parent ? { parent: r.parent.resource, parentField: r.parent.field ?? null } : {}),
        operations: r.operations.map((o) => ({ role: o.role, method: o.op.method.toUpperCase(), path: o.op.path, operationId: o.op.operationId ?? null })),
      })),
      leftStateless: (inference?.skipped ?? []).map(({ op, reason }) => ({ method: op.method.toUpperCase(), path: op.path, reason })),
    });
    return;
  }
  const header = x.req.headers[SESSION_HEADER];
  const session = query?.get('session') ?? (typeof header === 'string' && header.trim() !== '' ? sessionOf(header) : undefined);
  await x.ctx.stateful?.store.reset(session);
  json(x, 200, { reset: session === undefined ? 'all' : { session }, stateful: x.ctx.stateful !== undefined });
}
