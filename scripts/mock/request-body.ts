// A request body: read up to the size limit and within the time limit, a
// body past the limit drained so the client still gets its 413, and the
// bytes decoded as the matched media type says (JSON, form fields, text).
import { formatBytes } from './defaults.ts';
import { sendError, type Exchange } from './exchange.ts';
import { printable } from './log.ts';
import { operationError } from './operation-errors.ts';
import { parseForm, type BodyMedia } from './request-checks.ts';
import type { MockOperation } from './state-types.ts';
import { isXmlMediaType, xmlProblem } from './xml-body.ts';

/** A body past the limit is still read and dropped up to this size, so the client gets its 413; beyond, the connection is cut. */
const DRAIN_LIMIT = 8 * 1024 * 1024;

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads the body up to the limit. Past it, the rest is read and dropped
 * (up to DRAIN_LIMIT) so the client, still sending, receives the 413
 * instead of a reset connection.
 */
export function readBody(x: Exchange, done: (raw: Buffer) => void, onTooLarge: () => void): void {
  const { maxBodyBytes, bodyTimeoutMs } = x.ctx;
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  const timer = setTimeout(() => {
    if (settled) return;
    settled = true;
    sendError(x, 'request_timeout', `The body did not arrive within ${bodyTimeoutMs} ms.`, ['Connection', 'close']);
  }, bodyTimeoutMs);
  x.req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (settled) {
      if (size > DRAIN_LIMIT) x.req.destroy();
      return;
    }
    if (size > maxBodyBytes) {
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
    const [only] = chunks;
    const raw = chunks.length === 1 && only ? only : Buffer.concat(chunks, size);
    x.body = raw;
    done(raw);
  });
  const stop = () => {
    settled = true;
    clearTimeout(timer);
  };
  x.req.on('error', stop);
  x.req.on('close', stop);
}

/** A body that will not be read: Node drains a small one after the answer; a large or endless one closes the connection. */
export function skipBody(x: Exchange, length: string | undefined): void {
  if (length === undefined || !(Number(length) <= DRAIN_LIMIT)) x.res.shouldKeepAlive = false;
}

export function tooLarge(x: Exchange, mock: MockOperation, closeAfter: boolean): void {
  operationError(x, mock, 'payload_too_large', `The body is larger than ${formatBytes(x.ctx.maxBodyBytes)}.`, closeAfter ? ['Connection', 'close'] : []);
}

export type DecodedBody = { ok: true; body: unknown } | { ok: false; code: 'invalid_json' | 'invalid_xml' | 'validation_failed'; message: string };

/** The body as its schema is checked against: parsed JSON, form fields, text, or the bytes as they came. */
export function decodeBody(media: BodyMedia, raw: Buffer): DecodedBody {
  if (isXmlMediaType(media.type)) {
    let xml: string | undefined;
    try {
      xml = UTF8.decode(raw);
    } catch {
      // Another charset (its declaration says which): left unchecked rather than misread.
    }
    const problem = xml === undefined ? undefined : xmlProblem(xml);
    if (problem) return { ok: false, code: 'invalid_xml', message: problem };
  }
  // Text is decoded only to be checked: a body in a legacy charset is not refused for it.
  if (media.kind === 'multipart' || media.kind === 'binary' || (media.kind === 'text' && media.schema === undefined)) return { ok: true, body: raw };
  let text: string;
  try {
    text = UTF8.decode(raw);
  } catch {
    return { ok: false, code: media.kind === 'json' ? 'invalid_json' : 'validation_failed', message: 'The body is not valid UTF-8.' };
  }
  if (media.kind === 'form') return { ok: true, body: parseForm(text) };
  if (media.kind === 'text') return { ok: true, body: text };
  try {
    return { ok: true, body: JSON.parse(text) };
  } catch (error) {
    return { ok: false, code: 'invalid_json', message: `The body is not valid JSON: ${printable(String((error as Error).message), 160)}` };
  }
}
