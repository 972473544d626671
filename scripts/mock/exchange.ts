// One request and its answer: what each step of the pipeline hands to the
// next, and the writing of an answer (CORS, status, the log line), of the
// mock's own error body and of its last resort, the internal error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Answer } from './answers.ts';
import type { CheckPool } from './check-pool.ts';
import { corsHeaders } from './cors.ts';
import { errorBody, ERROR_CODES, type ErrorCodeName } from './errors.ts';
import { isEventStream, streamEvents } from './event-stream.ts';
import type { MockFeatures } from './features.ts';
import { printable, type RequestLog } from './log.ts';
import type { HeldSockets } from './held-sockets.ts';
import type { OriginPolicy } from './origins.ts';
import type { ProxyStats, ProxyTarget } from './proxy-stats.ts';
import type { RecordedAnswers, Recorder } from './recorded.ts';
import type { Problem, RecentRequests } from './recent.ts';
import type { Clock } from './stateful/records.ts';
import type { StateStore } from './store/types.ts';
import type { MockOperation, MockState } from './state-types.ts';

/** What stays the same for every request a server answers. */
/** With `--stateful`: where an exchange's records are kept, and the clock they are stamped with. */
export interface StatefulContext {
  store: StateStore;
  clock: Clock;
}

export interface ServerContext {
  /** No line per request. */
  quiet: boolean;
  log: RequestLog;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
  features: MockFeatures;
  /** The last requests, for `GET /__mock/requests`. */
  recent: RecentRequests;
  /** Seeded under `--seed`, so latencies, faults and new ids repeat. */
  random: () => number;
  /** Set with `--stateful`: where records are kept. */
  stateful?: StatefulContext;
  /** Which web pages may use the mock's own routes. */
  origins: OriginPolicy;
  /** Connections a fault holds open (hang, slow), bounded in time and number. */
  held: HeldSockets<Socket>;
  /** A request's delay, fault or error can only come from its Prefer header unless a switch is on. */
  timing: boolean;
  /** Checks of parameters and bodies, past a small share of work in a worker. */
  checks: CheckPool;
  /** Set once the server is closing: health answers 503 so a balancer stops sending. */
  closing?: boolean;
  /** With `--proxy`: where requests go, what was found, and where answers are recorded. */
  proxy?: { target: ProxyTarget; stats: ProxyStats; recorder?: Recorder };
  /** With `--examples`: answers recorded from the real API, served before the description's. */
  recorded?: RecordedAnswers;
  /** The generator's state, for health: `idle` (not started), `starting`, `ready`. */
  generator?: () => 'idle' | 'starting' | 'ready';
}

export interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  /** The version being served when the request arrived, kept to its end even across a reload. */
  state: MockState;
  ctx: ServerContext;
  method: string;
  url: string;
  origin: string | undefined;
  start: number;
  /** The server's base path the request came under (`/v1`), kept in the links the answer names. */
  base?: string;
  /** The operation matched, for the log: its operationId, else method and path. */
  operation?: string;
  /** Why the request was refused, or what was done to it, for the log. */
  reason?: string;
  /** The answer's body trickles (`Prefer: fault=slow`). */
  slow?: boolean;
  /** Answer with a declared 5xx or 429 (`--error-rate`). */
  failure?: boolean;
  /** The request's body as read (kept, cut, in the journal). */
  body?: Buffer;
  /** Where the answer differs from the description (a proxied answer), for the log and the journal. */
  problems?: Problem[];
  /** The answer came from the upstream (`--proxy`). */
  upstream?: boolean;
  /** Neither logged nor kept in the journal (health checks). */
  unlogged?: boolean;
  /** Runs once the answer is written (callbacks). */
  after?: (status: number, headers: string[], body: Buffer | undefined) => void;
}

/** A URL as it goes into a message or the log. */
export function urlText(url: string): string {
  return printable(url, 120);
}

export function finish(x: Exchange, status: number, headers: string[], body: Buffer | undefined): void {
  // The parser may have answered already (a broken chunked body), or the client gone.
  if (x.res.headersSent || x.res.destroyed) return;
  let all = x.origin ? headers.concat(corsHeaders(x.origin, x.state.expose)) : headers;
  // A 204 or 304 has no body, and says nothing about one (RFC 9110 §8.6).
  if (status === 204 || status === 304) all = withoutContentLength(all);
  if (x.slow) trickle(x, status, all, body);
  else if (body && x.method !== 'HEAD' && isEventStream(all)) streamEvents(x.res, status, withoutContentLength(all), body);
  else {
    x.res.writeHead(status, all);
    x.res.end(body);
  }
  logAnswer(x, status);
  x.after?.(status, all, body);
}

/** The request's line in the terminal and its entry in `GET /__mock/requests`. */
export function logAnswer(x: Exchange, status: number): void {
  if (x.unlogged) return;
  const ms = performance.now() - x.start;
  x.ctx.recent.add({
    at: Date.now(),
    method: x.method,
    url: x.url,
    status,
    ms: Math.round(ms * 10) / 10,
    operation: x.operation,
    reason: x.reason,
    session: sessionHeader(x),
    headers: x.req.headers,
    body: x.body,
    bodyLength: x.body?.length,
    source: x.upstream ? 'upstream' : 'mock',
    problems: x.problems,
  });
  if (!x.ctx.quiet || x.problems) x.ctx.log.request(x.method, x.url, status, ms, x.operation, x.reason, x.problems);
}

function sessionHeader(x: Exchange): string | undefined {
  const value = x.req.headers['mock-session'];
  return typeof value === 'string' && value !== '' ? printable(value, 200) : undefined;
}

/** Pieces of a slow answer's body, and the time between them. */
export const SLOW_PIECES = 10;
export const SLOW_INTERVAL_MS = 200;

/** Headers at once, then the body in pieces over two seconds: a client's read timeout must cope. */
function trickle(x: Exchange, status: number, headers: string[], body: Buffer | undefined): void {
  const res = x.res;
  // Held until the last piece is out: a client that stops reading is cut off after the bound.
  const socket = x.req.socket;
  x.ctx.held.hold(socket);
  res.once('finish', () => x.ctx.held.release(socket));
  res.writeHead(status, headers);
  res.flushHeaders();
  const data = body ?? Buffer.alloc(0);
  const size = Math.max(1, Math.ceil(data.length / SLOW_PIECES));
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) {
      clearInterval(timer);
      return;
    }
    const piece = data.subarray(sent, sent + size);
    sent += piece.length;
    if (sent >= data.length) {
      clearInterval(timer);
      res.end(piece);
    } else res.write(piece);
  }, SLOW_INTERVAL_MS);
  res.once('close', () => clearInterval(timer));
}

/** `Link` to the replacing operation's page, for a deprecated operation. */
export function signalHeaders(x: Exchange, mock: MockOperation, params: Record<string, string>): string[] | undefined {
  if (!mock.signals) return undefined;
  const link = mock.signals.link(params, x.base);
  return link ? ['Link', link] : undefined;
}

/** A prepared answer, with the operation's deprecation signals. */
export function send(x: Exchange, mock: MockOperation, answer: Answer, params: Record<string, string>): void {
  const link = signalHeaders(x, mock, params);
  finish(x, answer.status, link ? answer.headers.concat(link) : answer.headers, answer.body);
}

/** An error the mock makes itself, in its own `{code, message, status}` body. */
export function sendError(x: Exchange, code: ErrorCodeName, message: string, extra: string[] = [], status: number = ERROR_CODES[code].status): void {
  x.reason ??= message;
  const body = Buffer.from(JSON.stringify(errorBody(code, message, status)));
  finish(x, status, ['Content-Type', 'application/json', 'Content-Length', String(body.length), 'Vary', 'Origin', ...extra], body);
}

/** A fault of the mock itself: logged in full, answered with a 500 if the answer has not started. */
export function internalError(x: Exchange, error: unknown): void {
  process.stderr.write(`Mock server error on ${x.method} ${urlText(x.url)}: ${(error as Error)?.stack ?? String(error)}\n`);
  if (!x.res.headersSent) {
    try {
      sendError(x, 'internal_error', 'The mock server failed on this request; the problem is in its log.');
    } catch {
      x.res.destroy();
    }
  }
}

function withoutContentLength(headers: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < headers.length; i += 2) if (headers[i]!.toLowerCase() !== 'content-length') out.push(headers[i]!, headers[i + 1]!);
  return out;
}
