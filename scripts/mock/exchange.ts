// One request and its answer: what each step of the pipeline hands to the
// next, and the writing of an answer (CORS, status, the log line), of the
// mock's own error body and of its last resort, the internal error.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Answer } from './answers.ts';
import { corsHeaders } from './cors.ts';
import { errorBody, ERROR_CODES, type ErrorCodeName } from './errors.ts';
import { printable, type RequestLog } from './log.ts';
import type { MockOperation, MockState } from './state.ts';

/** What stays the same for every request a server answers. */
export interface ServerContext {
  /** No line per request. */
  quiet: boolean;
  log: RequestLog;
  maxBodyBytes: number;
  bodyTimeoutMs: number;
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
  x.res.writeHead(status, all);
  x.res.end(body);
  if (!x.ctx.quiet) x.ctx.log.request(x.method, x.url, status, performance.now() - x.start);
}

/** `Link` to the replacing operation's page, for a deprecated operation. */
export function signalHeaders(mock: MockOperation, params: Record<string, string>): string[] | undefined {
  if (!mock.signals) return undefined;
  const link = mock.signals.link(params);
  return link ? ['Link', link] : undefined;
}

/** A prepared answer, with the operation's deprecation signals. */
export function send(x: Exchange, mock: MockOperation, answer: Answer, params: Record<string, string>): void {
  const link = signalHeaders(mock, params);
  finish(x, answer.status, link ? answer.headers.concat(link) : answer.headers, answer.body);
}

/** An error the mock makes itself, in its own `{code, message, status}` body. */
export function sendError(x: Exchange, code: ErrorCodeName, message: string, extra: string[] = [], status: number = ERROR_CODES[code].status): void {
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
  for (let i = 0; i < headers.length; i += 2) if (headers[i].toLowerCase() !== 'content-length') out.push(headers[i], headers[i + 1]);
  return out;
}
