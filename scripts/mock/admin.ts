// The mock's own routes, under `/__mock/`, tried only when no operation of
// the document matches the path (an API path is never shadowed):
//   POST /__mock/reset        records back to the examples: one session (`Mock-Session` or `?session=`), else all
//   GET  /__mock/requests     the last requests answered, as JSON (`?limit=`)
//   GET  /__mock/resources    the resources stateful mocking found, the sessions held and the store's limits
//   GET  /__mock/health       200 when the mock serves and its store answers, else 503 (for load balancers)
// A web page may use them only from the portal's origin or the mock's own
// (origins.ts): any other page's request is refused, and answered without CORS.
import { preflightHeaders } from './cors.ts';
import { finish, logAnswer, sendError, type Exchange } from './exchange.ts';
import { RECENT_REQUESTS } from './recent.ts';
import { sessionOf } from './stateful/answer.ts';
import { SESSION_HEADER, STORE_RETRY_AFTER_S } from './store/types.ts';

export const ADMIN_PREFIX = '/__mock/';

const ROUTES: Record<string, string> = { reset: 'POST', requests: 'GET', resources: 'GET', health: 'GET' };

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
  const method = Object.hasOwn(ROUTES, name) ? ROUTES[name] : undefined;
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
    const allow = method ? `${method}, OPTIONS${method === 'GET' ? ', HEAD' : ''}` : undefined;
    x.res.writeHead(
      204,
      preflightHeaders(x.origin, allow, x.req.headers['access-control-request-headers'], x.req.headers['access-control-request-private-network'] === 'true'),
    );
    x.res.end();
    logAnswer(x, 204);
    return;
  }
  if (!method) {
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
    finish(x, 204, ['Allow', `${method}, OPTIONS${method === 'GET' ? ', HEAD' : ''}`, 'Vary', 'Origin'], undefined);
    return;
  }
  if (x.method !== method && !(method === 'GET' && x.method === 'HEAD')) {
    x.req.resume();
    sendError(x, 'method_not_allowed', `${x.method} is not allowed on ${ADMIN_PREFIX}${name}; allowed: ${method}.`, ['Allow', method]);
    return;
  }
  x.req.resume();
  if (name === 'health') {
    await health(x);
    return;
  }
  if (name === 'requests') {
    const asked = Number(query?.get('limit') ?? RECENT_REQUESTS);
    const limit = Number.isInteger(asked) && asked > 0 ? asked : RECENT_REQUESTS;
    json(x, 200, { requests: x.ctx.recent.list(limit) });
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
