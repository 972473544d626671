// Sends a built request with fetch and explains failures in plain words. A request that
// carries the reader's credentials does not follow a redirect: they go only to the target
// the reader chose, and the panel says where the redirect points instead.
import type { BuiltRequest } from './types.ts';
import { browserSends, headerValueProblem } from './headers.ts';
import { formEncode } from './request.ts';

export const TIMEOUT_MS = 30_000;

export interface Outcome {
  status: number;
  statusText: string;
  ms: number;
  headers: [string, string][];
  /** The body as text, or a note for binary bodies. */
  body: string;
  contentType: string;
  /** An event stream (`text/event-stream`): its body, read as it arrives by stream.ts rather than here. */
  stream?: ReadableStream<Uint8Array>;
}

/** Headers the browser will not send (the code samples still do). */
export function unsendableHeaders(request: BuiltRequest): string[] {
  return request.headers.filter(([name]) => !browserSends(name)).map(([name]) => name);
}

function fetchBody(request: BuiltRequest): BodyInit | undefined {
  const body = request.body;
  if (!body) return undefined;
  if (body.kind === 'json' || body.kind === 'text') return body.text;
  if (body.kind === 'binary') return body.file;
  if (body.kind === 'form') return formEncode(body.parts);
  const data = new FormData();
  for (const part of body.parts) {
    if (part.file) data.append(part.name, part.file, part.file.name);
    else data.append(part.name, part.value ?? '');
  }
  return data;
}

const TEXTUAL = /json|text|xml|javascript|yaml|csv|html|x-www-form-urlencoded|^$/i;

/** The target answered with a redirect, which was not followed because the request carried credentials. */
export interface Redirect {
  redirect: true;
  ms: number;
}

/** A request the browser cannot send as it is (a header it refuses); the message says what to change. */
export class RequestProblem extends Error {
  override name = 'RequestProblem';
}

/** The headers fetch will send; a name or value it would refuse is a RequestProblem, not a failed request. */
function fetchHeaders(request: BuiltRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of request.headers) {
    if (!browserSends(name)) continue;
    const problem = headerValueProblem(name, value);
    if (problem) throw new RequestProblem(`Not sent: ${problem}.`);
    headers.append(name, value);
  }
  return headers;
}

/**
 * The request as fetch will send it. What the browser refuses to build (a TRACE method, a body
 * on GET, a user name in the address) is a RequestProblem: nothing was sent, so no network or
 * CORS reason applies.
 */
function prepare(request: BuiltRequest, init: RequestInit): Request {
  try {
    return new Request(request.url, init);
  } catch (error) {
    throw new RequestProblem(
      `Not sent: the browser refuses to send this request (${(error as Error).message}). The curl sample above sends it from a terminal.`,
    );
  }
}

const EVENT_STREAM = /^text\/event-stream\b/i;

/**
 * Sends the request; `stop` ends it early (the reader's Stop). An answer must start within
 * TIMEOUT_MS and, unless it is an event stream, end within it too: a stream lasts as long as
 * its server keeps it open.
 */
export async function send(request: BuiltRequest, stop: AbortSignal): Promise<Outcome | Redirect> {
  const controller = new AbortController();
  stop.addEventListener('abort', () => controller.abort(stop.reason), { once: true });
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time.', 'TimeoutError')), TIMEOUT_MS);
  const prepared = prepare(request, {
    method: request.method,
    headers: fetchHeaders(request),
    body: fetchBody(request),
    // Credentials go only where the reader typed them: no ambient cookies.
    credentials: 'omit',
    // A redirect could lead anywhere: the reader's credentials are not sent on.
    redirect: request.credentials ? 'manual' : 'follow',
    signal: controller.signal,
  });
  const started = performance.now();
  try {
    const response = await fetch(prepared);
    if (response.type === 'opaqueredirect') return { redirect: true, ms: Math.round(performance.now() - started) };
    const contentType = response.headers.get('content-type') ?? '';
    const stream = EVENT_STREAM.test(contentType) && response.body ? response.body : undefined;
    let body = '';
    if (stream) clearTimeout(timer);
    else if (TEXTUAL.test(contentType)) body = await response.text();
    else body = `(${(await response.arrayBuffer()).byteLength} bytes of ${contentType}, not shown)`;
    return {
      status: response.status,
      statusText: response.statusText,
      ms: Math.round(performance.now() - started),
      headers: [...response.headers.entries()],
      body,
      contentType,
      stream,
    };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Where a redirect leads, found by sending the request again without the reader's credentials
 * (`withoutCredentials`) and following it; only for GET and HEAD, which change nothing on a
 * server. Undefined when it cannot be told (another method, or the browser withholds the answer).
 */
export async function redirectTarget(withoutCredentials: BuiltRequest): Promise<string | undefined> {
  if (withoutCredentials.credentials || (withoutCredentials.method !== 'GET' && withoutCredentials.method !== 'HEAD')) return undefined;
  try {
    const response = await fetch(withoutCredentials.url, {
      method: withoutCredentials.method,
      headers: fetchHeaders(withoutCredentials),
      credentials: 'omit',
      redirect: 'follow',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    return response.redirected ? response.url : undefined;
  } catch {
    return undefined;
  }
}

/** Why a request failed, for the reader; `mock` adds how to start the mock server. */
export async function explainFailure(url: string, error: unknown, mock: boolean): Promise<string> {
  if (error instanceof RequestProblem) return error.message;
  let origin = url;
  try {
    origin = new URL(url).origin;
  } catch {
    return `${url} is not a valid address.`;
  }
  const name = (error as Error)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return `${origin} did not answer within ${TIMEOUT_MS / 1000} seconds.`;
  }
  if (location.protocol === 'https:' && origin.startsWith('http:')) {
    return `The browser blocked the request: this page is served over HTTPS and ${origin} is plain HTTP (mixed content). Copy the curl sample above to send it from a terminal.`;
  }
  // An opaque (no-cors) request succeeds when anything answers, which tells
  // "nobody there" apart from "the answer was withheld by CORS".
  let answered = false;
  try {
    await fetch(`${origin}/`, { mode: 'no-cors', credentials: 'omit', signal: AbortSignal.timeout(5000) });
    answered = true;
  } catch {
    answered = false;
  }
  if (answered) {
    return `The server answered but the browser blocked the response (CORS): ${origin} does not allow requests from ${location.origin}. Allow this origin on the server, or copy the curl sample above to send the request from a terminal.`;
  }
  if (mock) return `Could not reach ${origin}: is the mock running? Start it with \`npm run mock\`.`;
  return `Could not reach ${origin}: check the address, your network connection, and that the server is running.`;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** HTTP/2 answers carry no reason phrase; fall back to the standard one. */
export function statusText(status: number, given: string): string {
  return given || STATUS_TEXT[status] || '';
}

/** JSON bodies indented; anything else as it came. */
export function prettyBody(body: string, contentType: string): string {
  if (!/json/i.test(contentType) && !/^\s*[[{]/.test(body)) return body;
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
