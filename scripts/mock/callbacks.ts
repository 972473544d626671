// Callbacks: after a successful answer to an operation that declares them,
// each callback request is sent to the URL its runtime expression resolves to
// from the request (and answer), with a body from the callback's examples,
// and its outcome is logged. Only loopback hosts are reached unless
// `--callback-hosts` names others: a mock must not become a way into the network.
import { isIP } from 'node:net';
import { serialize } from './answers.ts';
import type { Exchange } from './exchange.ts';
import { printable } from './log.ts';
import { resolveTemplate, type ExpressionContext } from './runtime-expression.ts';
import type { MockOperation } from './state.ts';

/** How long a callback's receiver has to answer. */
export const CALLBACK_TIMEOUT_MS = 5000;

/** Loopback by address (127.0.0.0/8, ::1, their IPv4-mapped form) or by the name `localhost`. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const v4 = host.startsWith('::ffff:') ? host.slice(7) : host;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return isIP(host) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(host);
}

/** Whether a callback may go to this host. */
export function callbackAllowed(hostname: string, allowed: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return isLoopback(host) || allowed.includes('*') || allowed.includes(host);
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
      if (!callbackAllowed(url.hostname, x.ctx.features.callbackHosts)) {
        log(`${what} ${url.href} refused: ${url.hostname} is not a loopback host (allow it with --callback-hosts ${url.hostname}).`);
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
