// An answer from Prism's engine (engine.ts), written: a body generated from
// the schema (`Prefer: dynamic=true`, or a response with no example), with
// the mock's own headers in place of the engine's. The prepared answer is
// the fallback whenever the engine has none; a generation over the mock's
// limits (time, memory, size) is answered with the Error body.
import type { Answer } from './answers.ts';
import type { EngineOptions, EngineRequest, GenerateResult } from './engine-messages.ts';
import { finish, internalError, send, sendError, signalHeaders, type Exchange } from './exchange.ts';
import { printable } from './log.ts';
import { fieldMap } from './request-checks.ts';
import type { MockOperation } from './state-types.ts';

/** Operations whose generated answer the engine refused, already said. */
const refused = new WeakSet<MockOperation>();

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
    const seed = x.ctx.features.seed;
    if (seed !== undefined) options = { ...options, seed: `${seed} ${mock.op.method} ${x.url}` };
    const out = await x.state.engine.answer(mock.op, engineRequest(x, mock, params, request), options);
    if (x.res.destroyed) return;
    if (out.kind === 'none') {
      // Said once per operation and version, so a generated answer that silently became the example is never a mystery.
      if (options.dynamic && !refused.has(mock)) {
        refused.add(mock);
        x.ctx.log.message(
          `Generated answer for ${mock.op.method.toUpperCase()} ${printable(mock.op.path, 120)}: the engine could not generate one from this operation's schema, so its declared example answers instead.`,
        );
      }
      send(x, mock, fallback, params);
      return;
    }
    if (out.kind === 'limit') {
      const what = `${mock.op.method.toUpperCase()} ${printable(mock.op.path, 120)}`;
      x.ctx.log.message(`Generated answer for ${what} stopped: ${out.message}.`);
      sendError(
        x,
        'internal_error',
        `The answer generated from the schema of ${what} was stopped: ${out.message}. Ask for a declared example instead (Prefer: example=…), or lower the schema's sizes.`,
      );
      return;
    }
    const { contentType, headers } = answerHeaders(out, mock);
    const body = out.body ? Buffer.from(out.body.buffer, out.body.byteOffset, out.body.byteLength) : undefined;
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
    const link = signalHeaders(x, mock, params);
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
  // Null prototype: a query key or header named `__proto__` is held like any other.
  const query = fieldMap<string | string[]>();
  if (request.query)
    for (const key of new Set(request.query.keys())) {
      const all = request.query.getAll(key);
      const [only] = all;
      query[key] = all.length === 1 && only !== undefined ? only : all;
    }
  const headers = fieldMap<string>();
  for (const [k, v] of Object.entries(x.req.headers)) if (typeof v === 'string') headers[k] = v;
  return {
    method: mock.op.method,
    path: mock.op.path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name)),
    query,
    headers,
    body: request.body,
  };
}

/** The engine's headers worth sending, as a flat list, and its Content-Type. */
function answerHeaders(out: Extract<GenerateResult, { kind: 'answer' }>, mock: MockOperation): { contentType: string; headers: string[] } {
  const contentType = out.contentType;
  const headers: string[] = [];
  for (const [name, value] of Object.entries(out.headers)) {
    const lower = name.toLowerCase();
    // Prism marks deprecation with the draft's `deprecation: true`; the mock sends RFC 9745's form instead.
    if ((lower === 'deprecation' && value === 'true') || (mock.signals && (lower === 'deprecation' || lower === 'sunset' || lower === 'link'))) continue;
    if (!FRAMING.has(lower)) headers.push(name, value);
  }
  return { contentType, headers };
}
