// The mock server: a thin node:http layer that routes, checks and writes
// prepared bytes, with Prism's engine behind it only for generated answers.
// `startMockServer` is what `npm run mock`, the preview and `npm start` run.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { formatDiagnostics, hasErrors, type Diagnostic } from '../diagnostics.ts';
import { buildModel, type BuildResult } from '../model/index.ts';
import type { ApiModel } from '../model/types.ts';
import { findResponse, negotiate, serialize, withStatus, type Answer, type PreparedMedia, type PreparedResponse } from './answers.ts';
import { corsHeaders, preflightHeaders, readOrigin } from './cors.ts';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_SITE, httpOrigin } from '../defaults.ts';
import { DEFAULT_MAX_BODY_BYTES, MAX_HEADER_BYTES } from './defaults.ts';
import { errorBody, rawErrorResponse, ERROR_CODES, type ErrorCodeName } from './errors.ts';
import { printable, RequestLog, type Output } from './log.ts';
import { readPreferences, type Preferences } from './prefer.ts';
import { Reloader, type BuildOutcome } from './reload.ts';
import { checkBody, checkParams, matchMedia, parseForm, type BodyMedia, type RawRequest } from './requests.ts';
import { createState, type MockOperation, type MockState } from './state.ts';

/** A body past the limit is still read and dropped up to this size, so the client gets its 413; beyond, the connection is cut. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

export interface MockServerOptions {
  /** The OpenAPI document (default `openapi/openapi.yaml`). */
  spec: string;
  port?: number;
  host?: string;
  /** The portal's origin, for `Link` headers pointing at operation pages. */
  site?: string;
  /** No line per request. */
  quiet?: boolean;
  /** Reload when a file of the document changes. */
  watch?: boolean;
  maxBodyBytes?: number;
  /** How long a request body may take to arrive. */
  bodyTimeoutMs?: number;
  /** Where lines go (default stdout). */
  output?: Output;
  onReload?: (event: ReloadEvent) => void;
  /** The document already built (the preview builds anyway): served as is, instead of building `spec` again. */
  build?: Pick<BuildResult, 'model' | 'document' | 'files'>;
}

export interface ReloadEvent {
  ok: boolean;
  /** Every problem found (errors keep the previous version serving). */
  diagnostics: Diagnostic[];
  ms: number;
  title: string;
  version: string;
  operations: number;
}

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

/** Where each error the mock makes looks for the operation's own response, in order. */
const OWN_RESPONSES: Partial<Record<ErrorCodeName, string[]>> = {
  unauthorized: ['401'],
  invalid_content_type: ['415', '400', '422'],
  invalid_json: ['400', '422'],
  validation_failed: ['400', '422'],
  payload_too_large: ['413'],
  not_acceptable: ['406'],
};

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  state: MockState;
  method: string;
  url: string;
  origin: string | undefined;
  start: number;
}

function urlText(url: string): string {
  return printable(url, 120);
}

export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const site = options.site ?? DEFAULT_SITE;
  const host = options.host ?? DEFAULT_HOST;
  const maxBody = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const bodyTimeout = options.bodyTimeoutMs ?? 5000;
  const output = options.output ?? process.stdout;
  const log = new RequestLog(output);
  const quiet = options.quiet === true;

  const built = options.build ?? (await buildModel(options.spec, { lint: false, validate: false }));
  let state = createState(built, site);
  const events = new EventEmitter();

  function finish(x: Exchange, status: number, headers: string[], body: Buffer | undefined): void {
    // The parser may have answered already (a broken chunked body), or the client gone.
    if (x.res.headersSent || x.res.destroyed) return;
    let all = x.origin ? headers.concat(corsHeaders(x.origin, x.state.expose)) : headers;
    // A 204 or 304 has no body, and says nothing about one (RFC 9110 §8.6).
    if (status === 204 || status === 304) all = withoutContentLength(all);
    x.res.writeHead(status, all);
    x.res.end(body);
    if (!quiet) log.request(x.method, x.url, status, performance.now() - x.start);
  }

  function sendError(x: Exchange, code: ErrorCodeName, message: string, extra: string[] = [], status: number = ERROR_CODES[code].status): void {
    const body = Buffer.from(JSON.stringify(errorBody(code, message, status)));
    finish(x, status, ['Content-Type', 'application/json', 'Content-Length', String(body.length), 'Vary', 'Origin', ...extra], body);
  }

  /** An error about a request to an operation: the operation's own error response when it declares one. */
  function operationError(x: Exchange, mock: MockOperation, code: ErrorCodeName, message: string, extra: string[] = []): void {
    const responses = mock.answers.responses;
    const keys = OWN_RESPONSES[code] ?? [];
    let own: PreparedResponse | undefined;
    for (const key of keys) if ((own = responses.find((r) => r.key === key))) break;
    own ??= responses.find((r) => r.key.toUpperCase() === `${ERROR_CODES[code].status.toString()[0]}XX`);
    // `default` is the error catch-all only where success is declared separately.
    own ??= responses.some((r) => r.key.startsWith('2')) ? responses.find((r) => r.key === 'default') : undefined;
    const exact = own !== undefined && /^\d{3}$/.test(own.key);
    // An own response with our shape, or with no body to show, gets our body (with its status).
    if (!own || own.errorShaped || own.media.length === 0) {
      sendError(x, code, message, extra, own && exact ? own.status : ERROR_CODES[code].status);
      return;
    }
    const status = exact ? own.status : ERROR_CODES[code].status;
    const answer = own.preferred?.first ?? own.bare;
    const declared = new Set<string>();
    for (let i = 0; i < answer.headers.length; i += 2) declared.add(answer.headers[i].toLowerCase());
    const added: string[] = [];
    for (let i = 0; i < extra.length; i += 2) if (!declared.has(extra[i].toLowerCase())) added.push(extra[i], extra[i + 1]);
    if (answer.generate) {
      void answerWithEngine(x, mock, {}, { dynamic: false, code: status }, {}, answer, added);
      return;
    }
    finish(x, status, added.length ? answer.headers.concat(added) : answer.headers, answer.body);
  }

  function signalHeaders(mock: MockOperation, params: Record<string, string>): string[] | undefined {
    if (!mock.signals) return undefined;
    const link = mock.signals.link(params);
    return link ? ['Link', link] : undefined;
  }

  function send(x: Exchange, mock: MockOperation, answer: Answer, params: Record<string, string>): void {
    const link = signalHeaders(mock, params);
    finish(x, answer.status, link ? answer.headers.concat(link) : answer.headers, answer.body);
  }

  async function answerWithEngine(
    x: Exchange,
    mock: MockOperation,
    params: Record<string, string>,
    engineOptions: { dynamic: boolean; code?: number; exampleKey?: string },
    request: { query?: URLSearchParams; body?: unknown },
    fallback: Answer,
    extra: string[] = [],
  ): Promise<void> {
    try {
      await engineAnswer(x, mock, params, engineOptions, request, fallback, extra);
    } catch (error) {
      internalError(x, error);
    }
  }

  async function engineAnswer(
    x: Exchange,
    mock: MockOperation,
    params: Record<string, string>,
    engineOptions: { dynamic: boolean; code?: number; exampleKey?: string },
    request: { query?: URLSearchParams; body?: unknown },
    fallback: Answer,
    extra: string[],
  ): Promise<void> {
    const query: Record<string, string | string[]> = {};
    if (request.query) for (const key of new Set(request.query.keys())) {
      const all = request.query.getAll(key);
      query[key] = all.length === 1 ? all[0] : all;
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(x.req.headers)) if (typeof v === 'string') headers[k] = v;
    const out = await x.state.engine.answer(
      mock.op,
      {
        method: mock.op.method,
        path: mock.op.path.replace(/\{([^{}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? name)),
        query,
        headers,
        body: request.body,
      },
      engineOptions,
    );
    if (x.res.destroyed) return;
    if (!out) {
      send(x, mock, fallback, params);
      return;
    }
    let contentType = 'application/json';
    const list: string[] = [];
    for (const [name, value] of Object.entries(out.headers ?? {})) {
      const lower = name.toLowerCase();
      if (lower === 'content-type') contentType = String(value);
      // Prism marks deprecation with the draft's `deprecation: true`; the mock sends RFC 9745's form instead.
      else if ((lower === 'deprecation' && String(value) === 'true') || (mock.signals && (lower === 'deprecation' || lower === 'sunset' || lower === 'link'))) continue;
      else if (value !== null && value !== undefined && !['content-length', 'transfer-encoding', 'connection'].includes(lower)) list.push(name, String(value));
    }
    const body = serialize(out.body, contentType);
    const headersOut = ['Content-Type', contentType, 'Content-Length', String(body?.length ?? 0), ...list, 'Vary', 'Origin', ...(mock.signals?.fixed ?? []), ...extra];
    const link = signalHeaders(mock, params);
    try {
      finish(x, out.statusCode, link ? headersOut.concat(link) : headersOut, body);
    } catch {
      // A generated header the HTTP layer refuses: the static answer is always sendable.
      if (!x.res.headersSent) send(x, mock, fallback, params);
    }
  }

  /** The answer the request asks for (Prefer, Accept), written. */
  function answer(x: Exchange, mock: MockOperation, params: Record<string, string>, query: URLSearchParams | undefined, body: unknown): void {
    const answers = mock.answers;
    const preferHeader = x.req.headers.prefer;
    const prefer = Array.isArray(preferHeader) ? preferHeader.join(', ') : preferHeader;
    const prefs: Preferences = prefer === undefined && query === undefined ? {} : readPreferences(prefer, query);
    const accept = x.req.headers.accept;
    if (prefs.code === undefined && prefs.example === undefined && prefs.dynamic === undefined && prefs.error === undefined) {
      // The common case: the prepared answer, as is.
      let chosen = answers.answer;
      const primary = answers.primary;
      if (accept !== undefined && accept !== '*/*' && primary && primary.media.length > 0) {
        const media = negotiate(primary, accept);
        if (media === null) {
          operationError(x, mock, 'not_acceptable', `This operation answers ${primary.media.map((m) => m.type).join(', ')}; Accept allows none of them.`);
          return;
        }
        if (media) chosen = media.first;
      }
      if (chosen.generate) {
        void answerWithEngine(x, mock, params, { dynamic: false }, { query, body }, chosen);
        return;
      }
      send(x, mock, chosen, params);
      return;
    }
    if (prefs.error) {
      sendError(x, 'invalid_prefer', prefs.error);
      return;
    }
    const declared = answers.responses.map((r) => r.key).join(', ');
    let response = answers.primary;
    let status = response?.status ?? 200;
    if (prefs.code) {
      response = findResponse(answers, prefs.code);
      if (!response) {
        sendError(x, 'response_not_found', `${mock.op.method.toUpperCase()} ${mock.op.path} declares no ${prefs.code} response; it declares ${declared || 'none'}.`);
        return;
      }
      status = Number(prefs.code);
    }
    let media: PreparedMedia | undefined | null;
    if (prefs.example && !prefs.code) {
      // Prism looks in the default response only; the mock also finds a named example in any other one.
      const candidates = [answers.primary, ...answers.responses.filter((r) => r !== answers.primary)];
      for (const r of candidates) {
        const m = r?.media.find((mm) => mm.examples.has(prefs.example!));
        if (r && m) {
          response = r;
          status = r.status;
          media = m;
          break;
        }
      }
    }
    if (!response) {
      send(x, mock, answers.answer, params);
      return;
    }
    if (media === undefined) media = negotiate(response, accept);
    if (media === null) {
      operationError(x, mock, 'not_acceptable', `This response is ${response.media.map((m) => m.type).join(', ')}; Accept allows none of them.`);
      return;
    }
    let chosen: Answer;
    if (prefs.example) {
      const found = media?.examples.get(prefs.example) ?? response.media.map((m) => m.examples.get(prefs.example!)).find(Boolean);
      if (!found) {
        const names = [...new Set(answers.responses.flatMap((r) => r.media.flatMap((m) => [...m.examples.keys()])))];
        sendError(
          x,
          'example_not_found',
          `No example named "${printable(prefs.example, 60)}" in ${prefs.code ? `the ${prefs.code} response of ` : ''}${mock.op.method.toUpperCase()} ${mock.op.path}; examples: ${names.join(', ') || 'none'}.`,
        );
        return;
      }
      chosen = found;
    } else {
      chosen = media?.first ?? response.bare;
    }
    chosen = withStatus(chosen, status);
    if (media && ((prefs.dynamic && !prefs.example) || chosen.generate)) {
      void answerWithEngine(x, mock, params, { dynamic: prefs.dynamic === true, code: status }, { query, body }, chosen);
      return;
    }
    send(x, mock, chosen, params);
  }

  /** After routing and credentials: the body (media type, size, syntax), then every parameter and the body against their schemas. */
  function checkAndAnswer(
    x: Exchange,
    mock: MockOperation,
    params: Record<string, string>,
    badEncoding: string[] | undefined,
    query: URLSearchParams | undefined,
    media: BodyMedia | undefined,
    raw: Buffer | undefined,
  ): void {
    const spec = x.state.requestSpec(mock);
    let body: unknown;
    const present = raw !== undefined && raw.length > 0;
    if (present && media) {
      if (media.kind === 'json' || media.kind === 'form' || media.kind === 'text') {
        let text: string;
        try {
          text = UTF8.decode(raw);
        } catch {
          operationError(x, mock, media.kind === 'json' ? 'invalid_json' : 'validation_failed', 'The body is not valid UTF-8.');
          return;
        }
        if (media.kind === 'json') {
          try {
            body = JSON.parse(text);
          } catch (error) {
            operationError(x, mock, 'invalid_json', `The body is not valid JSON: ${printable(String((error as Error).message), 160)}`);
            return;
          }
        } else body = media.kind === 'form' ? parseForm(text) : text;
      } else body = raw;
    }
    if (badEncoding) {
      operationError(x, mock, 'validation_failed', `path.${badEncoding[0]} is not valid percent-encoded UTF-8`);
      return;
    }
    const request: RawRequest = { params, query, headers: x.req.headers };
    const paramProblem = checkParams(spec, request, x.state.compiler);
    if (paramProblem) {
      operationError(x, mock, 'validation_failed', paramProblem);
      return;
    }
    if (spec.body) {
      if (!present) {
        if (spec.body.required) {
          operationError(x, mock, 'validation_failed', 'body is required');
          return;
        }
      } else if (media) {
        const bodyProblem = checkBody(media, body, x.state.compiler);
        if (bodyProblem) {
          operationError(x, mock, 'validation_failed', bodyProblem);
          return;
        }
      }
    }
    answer(x, mock, params, query, body);
  }

  /**
   * Reads the body up to the limit. Past it, the rest is read and dropped
   * (up to DRAIN_LIMIT) so the client, still sending, receives the 413
   * instead of a reset connection.
   */
  function readBody(x: Exchange, done: (raw: Buffer) => void, onTooLarge: () => void): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      sendError(x, 'request_timeout', `The body did not arrive within ${bodyTimeout} ms.`, ['Connection', 'close']);
    }, bodyTimeout);
    x.req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (settled) {
        if (size > DRAIN_LIMIT) x.req.destroy();
        return;
      }
      if (size > maxBody) {
        settled = true;
        clearTimeout(timer);
        onTooLarge();
        return;
      }
      chunks.push(chunk);
    });
    x.req.on('end', () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      done(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size));
    });
    const stop = () => {
      settled = true;
      clearTimeout(timer);
    };
    x.req.on('error', stop);
    x.req.on('close', stop);
  }

  function tooLarge(x: Exchange, mock: MockOperation, closeAfter: boolean): void {
    operationError(x, mock, 'payload_too_large', `The body is larger than ${formatBytes(maxBody)}.`, closeAfter ? ['Connection', 'close'] : []);
  }

  /** A body that will not be read: Node drains a small one after the answer; a large or endless one closes the connection. */
  function skipBody(x: Exchange, length: string | undefined): void {
    if (length === undefined || !(Number(length) <= DRAIN_LIMIT)) x.res.shouldKeepAlive = false;
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const current = state;
    const url = req.url ?? '/';
    const headers = req.headers;
    const x: Exchange = {
      req,
      res,
      state: current,
      method: req.method ?? 'GET',
      url,
      origin: headers.origin === undefined ? undefined : readOrigin(headers.origin),
      start: quiet ? 0 : performance.now(),
    };
    const q = url.indexOf('?');
    let path = q === -1 ? url : url.slice(0, q);
    if (path === '*' && x.method === 'OPTIONS') {
      finish(x, 204, ['Allow', 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS'], undefined);
      return;
    }
    if (path.charCodeAt(0) !== 47 /* / */) {
      // Absolute-form target (`GET http://host/pets`), as proxies send.
      try {
        path = new URL(path).pathname;
      } catch {
        sendError(x, 'bad_request', `The request target ${urlText(url)} is not a path.`);
        return;
      }
    }
    const method = x.method;
    if (method === 'OPTIONS' && x.origin && headers['access-control-request-method'] !== undefined) {
      const found = current.match(path);
      x.res.writeHead(
        204,
        preflightHeaders(x.origin, found?.entry.allow, headers['access-control-request-headers'], headers['access-control-request-private-network'] === 'true'),
      );
      x.res.end();
      if (!quiet) log.request(method, url, 204, performance.now() - x.start);
      return;
    }
    const match = current.match(path);
    if (!match) {
      sendError(x, 'route_not_found', `No operation is declared at ${urlText(path)}.`);
      return;
    }
    const entry = match.entry;
    let mock = entry.methods.get(method);
    if (!mock && method === 'HEAD') mock = entry.methods.get('GET');
    if (!mock) {
      if (method === 'OPTIONS') {
        finish(x, 204, ['Allow', entry.allow, 'Vary', 'Origin'], undefined);
        return;
      }
      sendError(x, 'method_not_allowed', `${printable(method, 20)} is not allowed on ${entry.template}; allowed: ${entry.allow}.`, ['Allow', entry.allow]);
      return;
    }
    const query = q === -1 ? undefined : new URLSearchParams(url.slice(q + 1));
    if (mock.security) {
      const failure = mock.security({ headers, query });
      if (failure) {
        operationError(x, mock, 'unauthorized', failure.message, ['WWW-Authenticate', failure.challenge]);
        return;
      }
    }
    const length = headers['content-length'];
    const hasBody = headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    const spec = mock.op.requestBody ? current.requestSpec(mock) : undefined;
    if (!hasBody || !spec?.body) {
      // A body the operation does not take is ignored.
      if (hasBody) skipBody(x, length);
      checkAndAnswer(x, mock, match.params, match.badEncoding, query, undefined, undefined);
      return;
    }
    const contentType = headers['content-type'];
    const accepted = spec.body.media.map((m) => m.type).join(', ');
    if (contentType === undefined || contentType.trim() === '') {
      skipBody(x, length);
      operationError(x, mock, 'invalid_content_type', `The body has no Content-Type; send it as ${accepted}.`);
      return;
    }
    const media = matchMedia(spec.body.media, contentType);
    if (!media) {
      skipBody(x, length);
      operationError(x, mock, 'invalid_content_type', `Content-Type ${printable(contentType, 80)} is not accepted here; send ${accepted}.`);
      return;
    }
    if (length !== undefined && Number(length) > maxBody) {
      skipBody(x, length);
      tooLarge(x, mock, !x.res.shouldKeepAlive);
      return;
    }
    readBody(
      x,
      (raw) => {
        try {
          checkAndAnswer(x, mock, match.params, match.badEncoding, query, media, raw);
        } catch (error) {
          internalError(x, error);
        }
      },
      () => tooLarge(x, mock, false),
    );
  }

  function internalError(x: Exchange, error: unknown): void {
    process.stderr.write(`Mock server error on ${x.method} ${urlText(x.url)}: ${(error as Error)?.stack ?? String(error)}\n`);
    if (!x.res.headersSent) {
      try {
        sendError(x, 'internal_error', 'The mock server failed on this request; the problem is in its log.');
      } catch {
        x.res.destroy();
      }
    }
  }

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
    (req, res) => {
      try {
        handle(req, res);
      } catch (error) {
        internalError({ req, res, state, method: req.method ?? 'GET', url: req.url ?? '/', origin: undefined, start: 0 }, error);
      }
    },
  );
  // Requests the HTTP parser rejects still get an Error body.
  server.on('clientError', (error: NodeJS.ErrnoException & { reason?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const code: ErrorCodeName =
      error.code === 'HPE_HEADER_OVERFLOW' ? 'header_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT' ? 'request_timeout'
      : 'bad_request';
    const message =
      code === 'header_too_large' ? `The request line and headers are larger than ${formatBytes(MAX_HEADER_BYTES)}.`
      : code === 'request_timeout' ? 'The request did not arrive in time.'
      : `The request is not valid HTTP: ${printable(error.reason ?? error.message ?? 'unparsable', 100)}.`;
    // A request whose headers parsed but whose body did not (a broken chunk) already has a response object.
    const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (inFlight) {
      if (inFlight.headersSent) {
        socket.destroy();
        return;
      }
      try {
        const body = JSON.stringify(errorBody(code, message));
        inFlight.shouldKeepAlive = false;
        inFlight.writeHead(ERROR_CODES[code].status, ['Content-Type', 'application/json', 'Content-Length', String(Buffer.byteLength(body))]);
        inFlight.end(body);
      } catch {
        socket.destroy();
      }
    } else {
      socket.end(rawErrorResponse(code, message));
    }
    if (!quiet) log.request('-', '(unparsable request)', ERROR_CODES[code].status, 0);
  });
  // `Expect: <anything but 100-continue>` is answered normally rather than with Node's bodiless 417.
  server.on('checkExpectation', (req, res) => server.emit('request', req, res));
  server.on('connect', (_req, socket: Socket) => {
    socket.end(rawErrorResponse('bad_request', 'CONNECT is not supported: this is not a proxy.'));
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_MOCK_PORT, host, () => {
      server.off('error', reject);
      resolveListen();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? DEFAULT_MOCK_PORT);
  const url = httpOrigin(host, port);

  let lastFailed = false;
  const describe = (s: MockState) => `${s.title} ${s.version}, ${s.operationCount} operation${s.operationCount === 1 ? '' : 's'}`;
  const onBuilt = (outcome: BuildOutcome, ms: number): ReloadEvent => {
    let next: MockState | undefined;
    if (outcome.ok && !hasErrors(outcome.diagnostics)) {
      const preparing = performance.now();
      try {
        next = createState({ model: outcome.model as ApiModel, document: outcome.document as Record<string, any>, files: outcome.files }, site);
      } catch (error) {
        outcome = {
          id: outcome.id,
          ok: false,
          diagnostics: [{ severity: 'error', rule: 'mock', message: `Cannot serve this version: ${(error as Error).message}`, file: options.spec, line: 1, col: 1 }],
        };
      }
      ms += performance.now() - preparing;
    }
    if (next) {
      state = next;
      if (options.watch) reloader.watch(next.files);
      log.message(`${lastFailed ? 'Recovered' : 'Reloaded'} in ${Math.round(ms)} ms: ${describe(next)}`);
      lastFailed = false;
      const event: ReloadEvent = { ok: true, diagnostics: outcome.diagnostics, ms, title: next.title, version: next.version, operations: next.operationCount };
      options.onReload?.(event);
      events.emit('reload', event);
      return event;
    }
    lastFailed = true;
    if (outcome.diagnostics.length > 0) {
      log.message(`${formatDiagnostics(outcome.diagnostics)}\nThe edit was not applied; still serving the last good version (${describe(state)}).`);
    }
    const event: ReloadEvent = { ok: false, diagnostics: outcome.diagnostics, ms, title: state.title, version: state.version, operations: state.operationCount };
    options.onReload?.(event);
    events.emit('reload-failed', event);
    return event;
  };
  let lastEvent: ReloadEvent | undefined;
  const reloader = new Reloader(options.spec, (outcome, ms) => {
    lastEvent = onBuilt(outcome, ms);
  });
  if (options.watch) reloader.watch(built.files);

  let closing: Promise<void> | undefined;
  return {
    url,
    port,
    host,
    server,
    events,
    current: () => ({ title: state.title, version: state.version, operations: state.operationCount, model: state.model }),
    async reload() {
      await reloader.rebuild();
      return lastEvent!;
    },
    apply(build) {
      return onBuilt({ id: 0, ok: true, model: build.model, document: build.document, files: build.files, diagnostics: [] }, 0);
    },
    close() {
      closing ??= (async () => {
        await reloader.close();
        log.flush();
        const closed = new Promise<void>((done) => server.close(() => done()));
        server.closeIdleConnections();
        // Connections still mid-request get a moment to finish, then are cut.
        const force = setTimeout(() => server.closeAllConnections(), 500);
        force.unref();
        await closed;
        clearTimeout(force);
      })();
      return closing;
    },
  };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

function withoutContentLength(headers: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < headers.length; i += 2) if (headers[i].toLowerCase() !== 'content-length') out.push(headers[i], headers[i + 1]);
  return out;
}

function formatBytes(bytes: number): string {
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}
