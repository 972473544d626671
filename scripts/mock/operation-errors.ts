// An error about a request to an operation (no credentials, a bad body, an
// Accept it cannot meet, an id with no record) is answered with the
// operation's own error response when it declares one, so clients see the
// API's error shape: its example, with the mock's reason filled into it
// (error-shape.ts). Errors before any operation is found (no such path, a
// method not allowed) take the error response the document declares most for
// that status. The mock's `{code, message, status}` body otherwise.
import type { PreparedResponse } from './answers.ts';
import { engineAnswer } from './engine-answer.ts';
import { fillErrorBody } from './error-shape.ts';
import { ERROR_CODES, type ErrorCodeName } from './errors.ts';
import { finish, sendError, type Exchange } from './exchange.ts';
import type { MockOperation, MockState } from './state-types.ts';

/** Where each error the mock makes looks for the operation's own response, in order. */
const OWN_RESPONSES: Partial<Record<ErrorCodeName, string[]>> = {
  unauthorized: ['401'],
  // Prism's order: the operation's 415, else the 400 or 422 it declares for bad requests; 415 (RFC 9110 §15.5.16) when none.
  invalid_content_type: ['415', '400', '422'],
  invalid_json: ['400', '422'],
  invalid_xml: ['400', '422'],
  validation_failed: ['400', '422'],
  payload_too_large: ['413'],
  not_acceptable: ['406'],
  not_found: ['404'],
  insufficient_storage: ['507'],
  store_unavailable: ['503'],
  upstream_mismatch: ['502'],
  upstream_unavailable: ['502'],
  upstream_timeout: ['504'],
};

/**
 * Where an error the operation declares no response for borrows the API's error shape from,
 * its own status kept: a full session is answered in the shape of the operation's 400.
 */
const BORROWED_SHAPES: Partial<Record<ErrorCodeName, string[]>> = {
  insufficient_storage: ['400', '422'],
  store_unavailable: ['500', '400', '422'],
  upstream_mismatch: ['500', '400', '422'],
  upstream_unavailable: ['500', '400', '422'],
  upstream_timeout: ['500', '400', '422'],
};

export function operationError(x: Exchange, mock: MockOperation, code: ErrorCodeName, message: string, extra: string[] = []): void {
  x.reason = message;
  const own = ownResponse(mock, code);
  if (!own) {
    const borrowed = borrowedShape(x.state, mock, code);
    if (borrowed) {
      sendShaped(x, borrowed, code, message, ERROR_CODES[code].status, extra);
      return;
    }
  }
  const exact = own !== undefined && /^\d{3}$/.test(own.key);
  // An own response with our shape, or with no body to show, gets our body (with its status).
  if (!own || own.errorShaped || own.media.length === 0) {
    sendError(x, code, message, extra, own && exact ? own.status : ERROR_CODES[code].status);
    return;
  }
  const status = exact ? own.status : ERROR_CODES[code].status;
  if (own.json) {
    sendShaped(x, own, code, message, status, extra);
    return;
  }
  const answer = own.preferred?.first ?? own.bare;
  const added = notDeclared(answer.headers, extra);
  if (answer.generate) {
    void engineAnswer(x, mock, {}, { dynamic: false, code: status }, {}, answer, added);
    return;
  }
  finish(x, status, added.length ? answer.headers.concat(added) : answer.headers, answer.body);
}

/** `extra` headers the declared ones do not already name. */
function notDeclared(declared: string[], extra: string[]): string[] {
  const names = new Set<string>();
  for (let i = 0; i + 1 < declared.length; i += 2) names.add(declared[i]!.toLowerCase());
  const added: string[] = [];
  for (let i = 0; i + 1 < extra.length; i += 2) if (!names.has(extra[i]!.toLowerCase())) added.push(extra[i]!, extra[i + 1]!);
  return added;
}

/** The declared response's JSON example, filled with the mock's reason, code and status. */
function sendShaped(x: Exchange, own: PreparedResponse, code: ErrorCodeName, message: string, status: number, extra: string[]): void {
  const json = own.json!;
  const value = fillErrorBody(json.example, json.schema, x.state.lookup, { code, message, status });
  const body = Buffer.from(JSON.stringify(value ?? null));
  const headers = ['Content-Type', json.type, 'Content-Length', String(body.length), ...json.headers];
  finish(x, status, headers.concat(notDeclared(headers, extra)), body);
}

/**
 * An error before an operation is chosen (`route_not_found`, `method_not_allowed`): in the
 * error shape the document declares for that status (the path's operations first, then all),
 * else the mock's own.
 */
export function apiError(x: Exchange, code: ErrorCodeName, message: string, extra: string[] = [], near: Iterable<MockOperation> = []): void {
  x.reason = message;
  const status = ERROR_CODES[code].status;
  const declared = mostDeclared(near, status) ?? x.state.documentError(status);
  if (!declared || declared.errorShaped) {
    sendError(x, code, message, extra);
    return;
  }
  sendShaped(x, declared, code, message, status, extra);
}

/** Of the operations' error responses for a status (exact, its range, `default`), the shape most of them declare. */
export function mostDeclared(operations: Iterable<MockOperation>, status: number): PreparedResponse | undefined {
  const counts = new Map<string, { response: PreparedResponse; n: number }>();
  for (const mock of operations) {
    const found = errorResponseFor(mock, String(status));
    if (!found?.json) continue;
    const key = found.json.schema.ref ?? JSON.stringify(found.json.schema);
    const entry = counts.get(key);
    if (entry) entry.n++;
    else counts.set(key, { response: found, n: 1 });
  }
  let best: { response: PreparedResponse; n: number } | undefined;
  for (const entry of counts.values()) if (!best || entry.n > best.n) best = entry;
  return best?.response;
}

/** The operation's response for a status: exact, then its range (`4XX`), then `default` where success is declared apart. */
function errorResponseFor(mock: MockOperation, status: string): PreparedResponse | undefined {
  const responses = mock.answers.responses;
  return (
    responses.find((r) => r.key === status) ??
    responses.find((r) => r.key.toUpperCase() === `${status[0]}XX`) ??
    (responses.some((r) => r.key.startsWith('2')) ? responses.find((r) => r.key === 'default') : undefined)
  );
}

function ownResponse(mock: MockOperation, code: ErrorCodeName): PreparedResponse | undefined {
  const responses = mock.answers.responses;
  let own: PreparedResponse | undefined;
  for (const key of OWN_RESPONSES[code] ?? []) if ((own = responses.find((r) => r.key === key))) return own;
  own = responses.find((r) => r.key.toUpperCase() === `${ERROR_CODES[code].status.toString()[0]}XX`);
  // `default` is the error catch-all only where success is declared separately.
  return own ?? (responses.some((r) => r.key.startsWith('2')) ? responses.find((r) => r.key === 'default') : undefined);
}

/** The operation's (else the document's most declared) JSON error response whose shape an error borrows. */
function borrowedShape(state: MockState, mock: MockOperation, code: ErrorCodeName): PreparedResponse | undefined {
  for (const status of BORROWED_SHAPES[code] ?? []) {
    const found = mock.answers.responses.find((r) => r.key === status) ?? state.documentError(Number(status));
    if (found?.json && !found.errorShaped) return found;
  }
  return undefined;
}

/** Every operation of a version, for `documentError`. */
export function allOperations(state: Pick<MockState, 'router'>): MockOperation[] {
  return state.router.paths().flatMap((entry) => [...entry.methods.values()]);
}
