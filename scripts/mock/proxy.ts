// `--proxy <url>`: every request goes to the real API at that origin (and only there: the
// request's own Host, an absolute-form target or a redirect never choose another), its answer
// is relayed as it came, and checked against the description (proxy-check.ts): each mismatch is
// logged under the request with the operation and the failing value's JSON pointer, kept in the
// journal, and counted in the summary printed on exit. A request the description does not
// declare is relayed too, and named undocumented. With `--errors` (Prism's switch), an answer
// that differs is replaced by a 502 `upstream_mismatch` naming each difference. The mock's own
// routes, CORS and preflights stay the mock's. With `--record <dir>` each answer is also written
// as an example a later `--examples <dir>` serves (recorded.ts).
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { corsHeaders } from './cors.ts';
import { finish, internalError, logAnswer, type Exchange } from './exchange.ts';
import { operationError, apiError } from './operation-errors.ts';
import { checkAnswer } from './proxy-check.ts';
import type { Problem } from './recent.ts';
import type { ProxyTarget } from './proxy-stats.ts';
import type { MockOperation } from './state-types.ts';

/** Headers that belong to one connection (RFC 9110 §7.6.1), never relayed either way. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host']);
/** The most of an answer kept to check; a larger one is relayed as it streams, its body unchecked. */
export const MAX_CHECKED_BYTES = 4 * 1024 * 1024;
/** How long the real API may take to answer (headers) before the request is a 504. */
export const UPSTREAM_TIMEOUT_MS = 30_000;

/** The headers sent on: the client's, less those of its connection, the mock's own and the Host, which names the upstream. */
function forwardedHeaders(headers: IncomingHttpHeaders, target: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const connection = String(headers.connection ?? '')
    .toLowerCase()
    .split(',')
    .map((t) => t.trim());
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || connection.includes(name) || name === 'mock-session') continue;
    out[name] = value;
  }
  out.host = target.host;
  return out;
}

/** The answer's headers as relayed: the upstream's, less those of its connection (and its length, where the mock sets its own). */
function relayedHeaders(response: IncomingMessage, bodyLength: number | undefined): string[] {
  const out: string[] = [];
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const lower = raw[i]!.toLowerCase();
    if (HOP_BY_HOP.has(lower) || (lower === 'content-length' && bodyLength !== undefined)) continue;
    out.push(raw[i]!, raw[i + 1]!);
  }
  if (bodyLength !== undefined) out.push('Content-Length', String(bodyLength));
  return out;
}

/** The request's path and query as sent to the upstream: under its base path, whatever form the target came in. */
export function upstreamPath(target: URL, url: string): string {
  let path = url;
  if (!path.startsWith('/')) {
    try {
      const absolute = new URL(path);
      path = absolute.pathname + absolute.search;
    } catch {
      path = '/';
    }
  }
  const base = target.pathname.replace(/\/+$/, '');
  return `${base}${path}`;
}

/**
 * Relays the request to the upstream and its answer back, checked. `mock` is the operation the
 * description declares for it, or undefined for an undocumented one.
 */
export function proxyRequest(x: Exchange, target: ProxyTarget, mock: MockOperation | undefined, undocumented: string | undefined): void {
  x.upstream = true;
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  const outgoing = send({
    protocol: target.url.protocol,
    hostname: target.url.hostname.replace(/^\[|\]$/g, ''),
    port: target.url.port || undefined,
    method: x.method,
    path: upstreamPath(target.url, x.url),
    headers: forwardedHeaders(x.req.headers, target.url),
    timeout: UPSTREAM_TIMEOUT_MS,
  });
  const problems: Problem[] = undocumented ? [{ in: 'request', message: `${undocumented} is not declared in the description (undocumented)` }] : [];
  let failed = false;
  const fail = (code: 'upstream_unavailable' | 'upstream_timeout', message: string) => {
    if (failed) return;
    failed = true;
    outgoing.destroy();
    x.problems = problems;
    if (mock) operationError(x, mock, code, message);
    else apiError(x, code, message);
    x.ctx.proxy?.stats.add(x.operation, [], undocumented);
  };
  outgoing.on('timeout', () => fail('upstream_timeout', `The real API at ${target.url.origin} did not answer within ${UPSTREAM_TIMEOUT_MS / 1000} s.`));
  outgoing.on('error', (error) => fail('upstream_unavailable', `The real API at ${target.url.origin} could not be reached (${error.message}).`));
  outgoing.on('response', (response) => {
    receive(x, target, mock, undocumented, problems, response).catch((error: unknown) => {
      failed = true;
      internalError(x, error);
    });
  });
  x.res.once('close', () => {
    if (!x.res.writableFinished) outgoing.destroy();
  });
  // The body streams on as it arrives; the journal keeps its first part.
  const kept: Buffer[] = [];
  let keptBytes = 0;
  x.req.on('data', (chunk: Buffer) => {
    if (keptBytes < 64 * 1024) {
      kept.push(chunk);
      keptBytes += chunk.length;
    }
  });
  x.req.on('end', () => {
    if (kept.length > 0) x.body = Buffer.concat(kept);
  });
  x.req.pipe(outgoing);
}

async function receive(
  x: Exchange,
  target: ProxyTarget,
  mock: MockOperation | undefined,
  undocumented: string | undefined,
  problems: Problem[],
  response: IncomingMessage,
): Promise<void> {
  const status = response.statusCode ?? 502;
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    chunks.push(chunk);
    if (size > MAX_CHECKED_BYTES) {
      tooLarge = true;
      break;
    }
  }
  if (tooLarge) {
    // Relayed as it streams; what came so far first.
    problems.push({ in: 'body', at: '', message: `not checked: larger than ${MAX_CHECKED_BYTES / 1024 / 1024} MiB` });
    x.problems = problems;
    x.ctx.proxy?.stats.add(x.operation, problems, undocumented);
    if (x.res.headersSent || x.res.destroyed) return;
    const headers = relayedHeaders(response, undefined);
    x.res.writeHead(status, x.origin ? headers.concat(corsHeaders(x.origin, x.state.expose)) : headers);
    for (const chunk of chunks) x.res.write(chunk);
    response.pipe(x.res);
    // A streamed answer is logged once it is through (finish() logs the others).
    response.once('end', () => logAnswer(x, status));
    return;
  }
  const body = Buffer.concat(chunks, size);
  if (mock) problems.push(...(await checkAnswer(x.state, x.ctx.checks, mock.op, { status, headers: response.headers, body })));
  x.problems = problems.length > 0 ? problems : undefined;
  x.ctx.proxy?.stats.add(x.operation, problems, undocumented);
  x.ctx.proxy?.recorder?.add({ method: x.method, url: x.url, credentials: x.state.credentials }, mock, status, response.headers, body);
  const differences = problems.filter((p) => p.in !== 'request');
  if (target.errors && differences.length > 0) {
    const listed = differences.map((p) => `${p.in}${p.at !== undefined ? ` ${p.at || '(root)'}` : ''}: ${p.message}`).join('; ');
    const message = `The real API answered ${status}, which the description does not allow: ${listed}.`;
    if (mock) operationError(x, mock, 'upstream_mismatch', message);
    else apiError(x, 'upstream_mismatch', message);
    return;
  }
  if (x.method === 'HEAD') finish(x, status, relayedHeaders(response, undefined), undefined);
  else finish(x, status, relayedHeaders(response, body.length), body);
}
