// Callbacks: after a successful answer to an operation that declares them,
// each callback request is sent to the URL its runtime expression resolves to
// from the request (and answer), with a body from the callback's examples,
// and its outcome is logged. A callback goes to the request's own host (the
// address it came from, on any port: the mock reaches nothing its client could
// not) or to a host, or host and port, that `--callback-hosts` names: a mock
// must not become a way into the network or into its own machine's services.
import { serialize } from './answers.ts';
import type { Exchange } from './exchange.ts';
import type { CallbackHost } from './features.ts';
import { printable } from './log.ts';
import { canonicalHost, isLoopback } from './origins.ts';
import { resolveTemplate, type ExpressionContext } from './runtime-expression.ts';
import type { MockOperation } from './state-types.ts';

/** How long a callback's receiver has to answer. */
export const CALLBACK_TIMEOUT_MS = 5000;

/** Where a callback may go: the request's own address (undefined when a page of another origin sent it), and the hosts allowed. */
export interface CallbackReach {
  own: string | undefined;
  allowed: readonly CallbackHost[];
}

/** One machine: the same address, or loopback both (any loopback address or name is the client's own machine). */
function samePlace(target: string, own: string): boolean {
  return target === own || (isLoopback(target) && isLoopback(own));
}

/** Whether a callback may go to this URL's host and port. */
export function callbackAllowed(url: URL, reach: CallbackReach): boolean {
  const host = canonicalHost(url.hostname);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (reach.own !== undefined && samePlace(host, canonicalHost(reach.own))) return true;
  return reach.allowed.some((a) => a.host === '*' || (canonicalHost(a.host) === host && (a.port === undefined || a.port === port)));
}

function responseHeaders(headers: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < headers.length; i += 2) out[headers[i]!.toLowerCase()] = headers[i + 1]!;
  return out;
}

function parsed(body: Buffer | undefined): unknown {
  if (!body || body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return body.toString('utf8');
  }
}

/** Sends every callback the operation declares; never throws, each outcome is one log line. */
export function sendCallbacks(
  x: Exchange,
  mock: MockOperation,
  params: Record<string, string>,
  query: URLSearchParams | undefined,
  requestBody: unknown,
  status: number,
  headers: string[],
  body: Buffer | undefined,
): void {
  if (status < 200 || status > 299) return;
  const host = typeof x.req.headers.host === 'string' && x.req.headers.host !== '' ? x.req.headers.host : 'localhost';
  const ctx: ExpressionContext = {
    url: `http://${host}${x.url}`,
    method: x.method,
    statusCode: status,
    request: { headers: x.req.headers, query, path: params, body: requestBody },
    response: { headers: responseHeaders(headers), body: parsed(body) },
  };
  const log = (text: string) => x.ctx.log.message(`Callback ${printable(text, 400)}`);
  // A page of another origin (in a browser on this machine) does not make the mock call its machine's ports.
  const foreignPage = x.req.headers.origin !== undefined && !x.ctx.origins.trusted(String(x.req.headers.origin));
  const reach: CallbackReach = { own: foreignPage ? undefined : x.req.socket.remoteAddress, allowed: x.ctx.features.callbackHosts };
  for (const callback of mock.op.callbacks) {
    const target = resolveTemplate(callback.expression, ctx);
    for (const op of callback.operations) {
      const what = `${callback.name}: ${op.method.toUpperCase()}`;
      if (!target.ok) {
        log(`${what} not sent: ${target.missing} has no value in this request.`);
        continue;
      }
      let url: URL;
      try {
        url = new URL(target.value);
      } catch {
        log(`${what} ${target.value} not sent: not an absolute URL.`);
        continue;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        log(`${what} ${url.href} not sent: only http and https callbacks are sent.`);
        continue;
      }
      if (!callbackAllowed(url, reach)) {
        log(`${what} ${url.href} refused: ${url.host} is not the request's own host (allow it with --callback-hosts ${url.host}).`);
        continue;
      }
      const media = op.requestBody?.content[0];
      const example = media?.examples[0]?.value;
      const payload = media ? serialize(example, media.mediaType) : undefined;
      const init: RequestInit = {
        method: op.method.toUpperCase(),
        // A redirect could lead anywhere: it is reported, not followed.
        redirect: 'manual',
        signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
        headers: payload ? { 'content-type': media!.mediaType.includes('*') ? 'application/json' : media!.mediaType } : {},
        body: payload && op.method !== 'get' && op.method !== 'head' ? new Uint8Array(payload) : undefined,
      };
      fetch(url, init).then(
        async (response) => {
          await response.body?.cancel().catch(() => {});
          log(`${what} ${url.href} answered ${response.status}.`);
        },
        (error: Error) => log(`${what} ${url.href} failed: ${error.cause instanceof Error ? error.cause.message : error.message}.`),
      );
    }
  }
}
