// The request pipeline: target, route, method, credentials, then the body
// (media type, size, syntax), every parameter and the body against their
// schemas, and last the answer the request asks for. Each step that refuses
// the request answers it and stops there.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ADMIN_PREFIX, answerAdmin } from './admin.ts';
import { sendCallbacks } from './callbacks.ts';
import { preflightHeaders, readOrigin } from './cors.ts';
import { finish, internalError, logAnswer, sendError, urlText, type Exchange, type ServerContext } from './exchange.ts';
import { applyFault } from './fault-actions.ts';
import { planTiming } from './faults.ts';
import { printable } from './log.ts';
import { readMultipart } from './multipart.ts';
import { apiError, operationError } from './operation-errors.ts';
import { decodeBody, readBody, skipBody, tooLarge } from './request-body.ts';
import { proxyRequest } from './proxy.ts';
import { answerRequest, replayRecorded, storeError } from './requested-answer.ts';
import { checkBody, checkParams, matchMedia, type BodyMedia, type CheckProblem } from './request-checks.ts';
import { namedFor, type RouteMatch } from './router.ts';
import type { MockOperation, MockState } from './state-types.ts';

/** Answers one request with the version being served now; never throws. */
export function handleRequest(ctx: ServerContext, state: MockState, req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  const x: Exchange = {
    req,
    res,
    state,
    ctx,
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    origin: origin === undefined ? undefined : readOrigin(origin),
    start: performance.now(),
  };
  const prefer = req.headers.prefer;
  // The mock's own routes are never delayed or failed: a test run must be able to reset it.
  if ((ctx.timing || prefer !== undefined) && !x.url.startsWith(ADMIN_PREFIX)) {
    // Latency and faults: asked for by this request (`Prefer: delay=…, fault=…`) or by a switch.
    const plan = planTiming(ctx.features, Array.isArray(prefer) ? prefer.join(', ') : prefer, ctx.random);
    if (plan.problem) {
      req.resume();
      sendError(x, 'invalid_prefer', plan.problem);
      return;
    }
    if (plan.fault && applyFault(x, plan.fault)) return;
    if (plan.error) x.failure = true;
    if (plan.delay > 0) {
      const timer = setTimeout(() => {
        if (!res.destroyed) safeRoute(x);
      }, plan.delay);
      res.once('close', () => clearTimeout(timer));
      return;
    }
  }
  safeRoute(x);
}

function safeRoute(x: Exchange): void {
  try {
    route(x);
  } catch (error) {
    internalError(x, error);
  }
}

function route(x: Exchange): void {
  const url = x.url;
  const q = url.indexOf('?');
  const path = requestPath(x, q === -1 ? url : url.slice(0, q));
  if (path === undefined) return;
  const found = x.state.match(path);
  const mock = operationFor(x, path, q, found);
  if (mock && found) answerOperation(x, mock, found, q === -1 ? undefined : new URLSearchParams(url.slice(q + 1)));
}

/** The request's path, or undefined once answered (`OPTIONS *`, a target that is not a path). */
function requestPath(x: Exchange, target: string): string | undefined {
  if (target === '*' && x.method === 'OPTIONS') {
    finish(x, 204, ['Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'], undefined);
    return undefined;
  }
  if (target.charCodeAt(0) === 47 /* / */) return target;
  // Absolute-form target (`GET http://host/pets`), as proxies send.
  try {
    return new URL(target).pathname;
  } catch {
    sendError(x, 'bad_request', `The request target ${urlText(x.url)} is not a path.`);
    return undefined;
  }
}

type Found = NonNullable<ReturnType<Exchange['state']['match']>>;

/** The operation that answers, or undefined once the request was answered otherwise: the mock's own routes, a preflight, the proxy, a recorded answer, 404, 405. */
function operationFor(x: Exchange, path: string, q: number, found: Found | undefined): MockOperation | undefined {
  const { method, url } = x;
  const headers = x.req.headers;
  // The mock's own routes, only where the document declares nothing; they answer their own preflights.
  if (!found && path.startsWith(ADMIN_PREFIX)) {
    answerAdmin(x, path, q === -1 ? undefined : new URLSearchParams(url.slice(q + 1))).catch((error: unknown) => storeError(x, undefined, error));
    return undefined;
  }
  if (method === 'OPTIONS' && x.origin && headers['access-control-request-method'] !== undefined) {
    x.res.writeHead(
      204,
      preflightHeaders(x.origin, found?.entry.allow, headers['access-control-request-headers'], headers['access-control-request-private-network'] === 'true'),
    );
    x.res.end();
    logAnswer(x, 204);
    return undefined;
  }
  let mock = found?.entry.methods.get(method);
  if (!mock && method === 'HEAD') mock = found?.entry.methods.get('GET');
  // --proxy: the real API answers, and its answer is checked against the operation (if any).
  if (x.ctx.proxy) {
    if (mock) x.operation = mock.label;
    proxyRequest(x, x.ctx.proxy.target, mock, mock ? undefined : `${printable(method, 20)} ${urlText(path)}`);
    return undefined;
  }
  // --examples: what the real API answered to a request the description does not declare.
  if (!mock && method !== 'OPTIONS' && replayRecorded(x)) return undefined;
  if (!found) {
    apiError(x, 'route_not_found', `No operation is declared at ${urlText(path)}.`);
    return undefined;
  }
  if (mock) return mock;
  const entry = found.entry;
  if (method === 'OPTIONS') finish(x, 204, ['Allow', entry.allow, 'Vary', 'Origin'], undefined);
  else
    apiError(
      x,
      'method_not_allowed',
      `${printable(method, 20)} is not allowed on ${entry.template}; allowed: ${entry.allow}.`,
      ['Allow', entry.allow],
      entry.methods.values(),
    );
  return undefined;
}

/** An operation's request: its credentials, then its body's media type and size, then the checks and the answer. */
function answerOperation(x: Exchange, mock: MockOperation, found: Found, query: URLSearchParams | undefined): void {
  const headers = x.req.headers;
  x.operation = mock.label;
  x.base = found.base;
  // Path parameters by the names this operation gives them.
  const match = namedFor(found, found.entry.methods.has(x.method) ? x.method : 'GET');
  if (mock.security) {
    const failure = mock.security({ headers, query });
    if (failure) {
      operationError(x, mock, 'unauthorized', failure.message, ['WWW-Authenticate', failure.challenge]);
      return;
    }
  }
  const length = headers['content-length'];
  const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  const spec = mock.op.requestBody ? x.state.requestSpec(mock) : undefined;
  if (!hasBody || !spec?.body) {
    // A body the operation does not take is ignored.
    if (hasBody) skipBody(x, length);
    checkAndAnswer(x, mock, match, query, undefined, undefined);
    return;
  }
  const media = acceptedMedia(x, mock, spec.body.media, length);
  if (!media) return;
  readBody(
    x,
    (raw) => {
      try {
        checkAndAnswer(x, mock, match, query, media, raw);
      } catch (error) {
        internalError(x, error);
      }
    },
    () => tooLarge(x, mock, false),
  );
}

/** The body's declared media type for its Content-Type, or undefined once refused (none, not accepted, too large). */
function acceptedMedia(x: Exchange, mock: MockOperation, declared: BodyMedia[], length: string | undefined): BodyMedia | undefined {
  const contentType = x.req.headers['content-type'];
  const accepted = declared.map((m) => m.type).join(', ');
  if (contentType === undefined || contentType.trim() === '') {
    skipBody(x, length);
    operationError(x, mock, 'invalid_content_type', `The body has no Content-Type; send it as ${accepted}.`);
    return undefined;
  }
  const media = matchMedia(declared, contentType);
  if (!media) {
    skipBody(x, length);
    operationError(x, mock, 'invalid_content_type', `Content-Type ${printable(contentType, 80)} is not accepted here; send ${accepted}.`);
    return undefined;
  }
  if (length !== undefined && Number(length) > x.ctx.maxBodyBytes) {
    skipBody(x, length);
    tooLarge(x, mock, !x.res.shouldKeepAlive);
    return undefined;
  }
  return media;
}

/** After routing and credentials: the body's syntax, then every parameter and the body against their schemas. */
function checkAndAnswer(
  x: Exchange,
  mock: MockOperation,
  match: RouteMatch<MockOperation>,
  query: URLSearchParams | undefined,
  media: BodyMedia | undefined,
  raw: Buffer | undefined,
): void {
  const present = raw !== undefined && raw.length > 0;
  if (present && media?.multipart) {
    // Parts are read by an asynchronous parser; the checks go on when it is done.
    readMultipart(raw, String(x.req.headers['content-type']), media.multipart).then(
      (parts) => {
        if (!parts.ok) operationError(x, mock, 'validation_failed', parts.message);
        else checkDecoded(x, mock, match, query, media, true, parts.body);
      },
      (error: unknown) => internalError(x, error),
    );
    return;
  }
  let body: unknown;
  if (present && media) {
    const decoded = decodeBody(media, raw);
    if (!decoded.ok) {
      operationError(x, mock, decoded.code, decoded.message);
      return;
    }
    body = decoded.body;
  }
  checkDecoded(x, mock, match, query, media, present, body);
}

/** A routed request with its body decoded, as the schema checks read it. */
interface Decoded {
  mock: MockOperation;
  match: RouteMatch<MockOperation>;
  query: URLSearchParams | undefined;
  media: BodyMedia | undefined;
  present: boolean;
  body: unknown;
}

/** Parameters and the decoded body against their schemas, then the answer. */
function checkDecoded(
  x: Exchange,
  mock: MockOperation,
  match: RouteMatch<MockOperation>,
  query: URLSearchParams | undefined,
  media: BodyMedia | undefined,
  present: boolean,
  body: unknown,
): void {
  const spec = x.state.requestSpec(mock);
  if (match.badEncoding) {
    operationError(x, mock, 'validation_failed', `path.${match.badEncoding[0]} is not valid percent-encoded UTF-8`);
    return;
  }
  const q = x.url.indexOf('?');
  const rawQuery = q === -1 ? undefined : x.url.slice(q + 1);
  const decoded: Decoded = { mock, match, query, media, present, body };
  const params = checkParams(spec, { rawParams: match.raw, rawQuery, headers: x.req.headers }, x.state.compiler, x.ctx.checks);
  whenChecked(x, params, (problem) => checkBodyThenAnswer(x, decoded, problem));
}

function checkBodyThenAnswer(x: Exchange, decoded: Decoded, paramProblem: CheckProblem | undefined): void {
  const { mock, media, present, body } = decoded;
  if (paramProblem) {
    operationError(x, mock, paramProblem.code, paramProblem.message);
    return;
  }
  const spec = x.state.requestSpec(mock);
  if (spec.body && !present && spec.body.required) {
    operationError(x, mock, 'validation_failed', 'body is required');
    return;
  }
  if (!spec.body || !present || !media) {
    answerChecked(x, decoded, body);
    return;
  }
  whenChecked(x, checkBody(media, body, x.state.compiler, x.ctx.checks), ({ problem, body: checked }) => {
    if (problem) operationError(x, mock, problem.code, problem.message);
    else answerChecked(x, decoded, checked);
  });
}

/** Goes on at once, or once a check a worker took answers (a fault on the way is the request's 500). */
function whenChecked<T>(x: Exchange, result: T | Promise<T>, next: (value: T) => void): void {
  if (result instanceof Promise) result.then(next).catch((error: unknown) => internalError(x, error));
  else next(result);
}

/** The answer, once every check passed; `body` as checked (form fields coerced to the schema's types). */
function answerChecked(x: Exchange, { mock, match, query }: Decoded, body: unknown): void {
  const { params } = match;
  if (x.ctx.features.callbacks && mock.op.callbacks.length > 0) {
    x.after = (status, headers, sent) => sendCallbacks(x, mock, params, query, body, status, headers, sent);
  }
  answerRequest(x, mock, params, query, body);
}
