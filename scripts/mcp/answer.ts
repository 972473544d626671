// The API's answer as a tool result: the status, the headers that matter (those the operation
// declares for that status, and the ones HTTP clients act on), and the body, JSON parsed and text
// cut to a bound. A status of 400 and up is a tool error that leads with the API's own message.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { STATUS_CODES } from 'node:http';
import { isJsonMediaType } from '../model/contract/media.ts';
import type { Operation } from '../model/contract/types.ts';
import { printable } from '../terminal.ts';

/** Bytes of a body read at most; past it the rest is dropped, and the answer says so. */
export const BODY_READ_MAX = 1024 * 1024;
/** Characters of body text in the result's text. */
const TEXT_MAX = 32 * 1024;
const HEADER_VALUE_MAX = 500;
const ALWAYS =
  /^(content-type|content-length|location|retry-after|allow|www-authenticate|deprecation|sunset|link|etag|last-modified|x-ratelimit-.*|ratelimit.*)$/;
const MESSAGE_FIELDS = ['message', 'detail', 'error_description', 'title', 'error'];

export interface Received {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
  /** The body was longer than BODY_READ_MAX. */
  truncated: boolean;
}

/** The headers the operation declares for the status (or its range, or default). */
function declaredHeaders(op: Operation, status: number): Set<string> {
  const response =
    op.responses.find((r) => r.status === String(status)) ??
    op.responses.find((r) => r.status === `${String(status)[0]}XX`) ??
    op.responses.find((r) => r.status === 'default');
  return new Set(response?.headers.map((h) => h.name.toLowerCase()));
}

function bodyOf(received: Received): { text: string; value: unknown; kind: 'json' | 'text' | 'binary' } {
  const type = received.headers.get('content-type') ?? '';
  if (received.bytes.length === 0) return { text: '', value: null, kind: 'text' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(received.bytes);
  if (isJsonMediaType(type) && !received.truncated) {
    try {
      const value: unknown = JSON.parse(text);
      return { text: JSON.stringify(value, null, 2), value, kind: 'json' };
    } catch {
      // Not the JSON it says it is: shown as the text it is.
    }
  }
  if (/^(image|audio|video|font)\/|octet-stream|zip|pdf/.test(type))
    return { text: `(${received.bytes.length} bytes of ${type})`, value: null, kind: 'binary' };
  return { text, value: text, kind: 'text' };
}

function apiMessage(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const field of MESSAGE_FIELDS) {
    const message = (value as Record<string, unknown>)[field];
    if (typeof message === 'string' && message.trim()) return printable(message, { max: 500 });
  }
  return undefined;
}

export function toolAnswer(op: Operation, received: Received): CallToolResult {
  const declared = declaredHeaders(op, received.status);
  const headers: Record<string, string> = {};
  received.headers.forEach((value, name) => {
    if (ALWAYS.test(name) || declared.has(name)) headers[name] = printable(value, { max: HEADER_VALUE_MAX });
  });
  const body = bodyOf(received);
  const reason = STATUS_CODES[received.status] ?? '';
  const lines: string[] = [];
  const failed = received.status >= 400;
  if (failed) lines.push(`The API answered ${received.status} ${reason}${apiMessage(body.value) ? `: ${apiMessage(body.value)}` : '.'}`, '');
  lines.push(`HTTP ${received.status} ${reason}`.trimEnd(), ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`));
  if (body.text) lines.push('', body.text.length > TEXT_MAX ? `${body.text.slice(0, TEXT_MAX)}\n… (cut at ${TEXT_MAX} characters)` : body.text);
  if (received.truncated) lines.push(`… (the body was longer than ${BODY_READ_MAX} bytes; the rest was not read)`);
  return {
    content: [{ type: 'text', text: lines.join('\n') }],
    structuredContent: { status: received.status, headers, body: body.kind === 'json' ? body.value : body.text },
    ...(failed ? { isError: true } : {}),
  };
}

/** A tool error with a message of the server's own. */
export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
