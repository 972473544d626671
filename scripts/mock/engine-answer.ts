// An answer from Prism's engine (engine.ts), written: a body generated from
// the schema (`Prefer: dynamic=true`, or a response with no example), with
// the mock's own headers in place of the engine's. The prepared answer is
// the fallback whenever the engine has none.
import { serialize, type Answer } from './answers.ts';
import type { EngineAnswer, EngineOptions, EngineRequest } from './engine.ts';
import { finish, internalError, send, signalHeaders, type Exchange } from './exchange.ts';
import type { MockOperation } from './state.ts';

/** Headers the engine sets that describe its own framing, not the answer. */
const FRAMING = new Set(['content-length', 'transfer-encoding', 'connection']);

/** Never rejects: a failure is answered as the mock's internal error. */
export async function engineAnswer(
  x: Exchange,
  mock: MockOperation,
  params: Record<string, string>,
  options: EngineOptions,
  request: { query?: URLSearchParams; body?: unknown },
  fallback: Answer,
  extra: string[] = [],
): Promise<void> {
  try {
    const out = await x.state.engine.answer(mock.op, engineRequest(x, mock, params, request), options);
    if (x.res.destroyed) return;
    if (!out) {
      send(x, mock, fallback, params);
      return;
    }
    const { contentType, headers } = answerHeaders(out, mock);
    const body = serialize(out.body, contentType);
    const all = [
      'Content-Type',
      contentType,
      'Content-Length',
      String(body?.length ?? 0),
      ...headers,
      'Vary',
      'Origin',
      ...(mock.signals?.fixed ?? []),
      ...extra,
    ];
    const link = signalHeaders(mock, params);
    try {
      finish(x, out.statusCode, link ? all.concat(link) : all, body);
    } catch {
      // A generated header the HTTP layer refuses: the static answer is always sendable.
      if (!x.res.headersSent) send(x, mock, fallback, params);
    }
  } catch (error) {
    internalError(x, error);
  }
}

/** The request as the engine reads it: the operation's path filled in, query and headers as plain records. */
function engineRequest(x: Exchange, mock: MockOperation, params: Record<string, string>, request: { query?: URLSearchParams; body?: unknown }): EngineRequest {
  const query: Record<string, string | string[]> = {};
  if (request.query)
    for (const key of new Set(request.query.keys())) {
      const all = request.query.getAll(key);
      query[key] = all.length === 1 ? all[0] : all;
    }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(x.req.headers)) if (typeof v === 'string') headers[k] = v;
  return {
    method: mock.op.method,
    path: mock.op.path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(Object.hasOwn(params, name) ? params[name] : name)),
    query,
    headers,
    body: request.body,
  };
}

/** The engine's headers worth sending, as a flat list, and its Content-Type apart. */
function answerHeaders(out: EngineAnswer, mock: MockOperation): { contentType: string; headers: string[] } {
  let contentType = 'application/json';
  const headers: string[] = [];
  for (const [name, value] of Object.entries(out.headers ?? {})) {
    const lower = name.toLowerCase();
    if (lower === 'content-type') contentType = String(value);
    // Prism marks deprecation with the draft's `deprecation: true`; the mock sends RFC 9745's form instead.
    else if ((lower === 'deprecation' && String(value) === 'true') || (mock.signals && (lower === 'deprecation' || lower === 'sunset' || lower === 'link')))
      continue;
    else if (value !== null && value !== undefined && !FRAMING.has(lower)) headers.push(name, String(value));
  }
  return { contentType, headers };
}
