// An error about a request to an operation (no credentials, a bad body, an
// Accept it cannot meet) is answered with the operation's own error
// response when it declares one, so clients see the API's error shape; the
// mock's `{code, message, status}` body otherwise.
import type { PreparedResponse } from './answers.ts';
import { engineAnswer } from './engine-answer.ts';
import { ERROR_CODES, type ErrorCodeName } from './errors.ts';
import { finish, sendError, type Exchange } from './exchange.ts';
import type { MockOperation } from './state.ts';

/** Where each error the mock makes looks for the operation's own response, in order. */
const OWN_RESPONSES: Partial<Record<ErrorCodeName, string[]>> = {
  unauthorized: ['401'],
  invalid_content_type: ['415', '400', '422'],
  invalid_json: ['400', '422'],
  validation_failed: ['400', '422'],
  payload_too_large: ['413'],
  not_acceptable: ['406'],
};

export function operationError(x: Exchange, mock: MockOperation, code: ErrorCodeName, message: string, extra: string[] = []): void {
  const own = ownResponse(mock, code);
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
    void engineAnswer(x, mock, {}, { dynamic: false, code: status }, {}, answer, added);
    return;
  }
  finish(x, status, added.length ? answer.headers.concat(added) : answer.headers, answer.body);
}

function ownResponse(mock: MockOperation, code: ErrorCodeName): PreparedResponse | undefined {
  const responses = mock.answers.responses;
  let own: PreparedResponse | undefined;
  for (const key of OWN_RESPONSES[code] ?? []) if ((own = responses.find((r) => r.key === key))) return own;
  own = responses.find((r) => r.key.toUpperCase() === `${ERROR_CODES[code].status.toString()[0]}XX`);
  // `default` is the error catch-all only where success is declared separately.
  return own ?? (responses.some((r) => r.key.startsWith('2')) ? responses.find((r) => r.key === 'default') : undefined);
}
