// The answer a request asks for, written: the prepared one when it asks for
// nothing in particular (the common case, a lookup), else the response,
// example or generated body that `Prefer` names, in a media type `Accept`
// allows.
import { findResponse, negotiate, withStatus, type Answer, type PreparedMedia } from './answers.ts';
import { engineAnswer } from './engine-answer.ts';
import { finish, internalError, send, sendError, type Exchange } from './exchange.ts';
import { answerFailure } from './fault-actions.ts';
import { statefulAnswer } from './stateful/answer.ts';
import { printable } from './log.ts';
import { operationError } from './operation-errors.ts';
import { readPreferences, type Preferences } from './prefer.ts';
import type { MockOperation } from './state-types.ts';
import { STORE_RETRY_AFTER_S, StoreUnavailable } from './store/types.ts';

/** Sends the answer `--examples` recorded for this request; false when there is none. */
export function replayRecorded(x: Exchange): boolean {
  const found = x.ctx.recorded?.find(x.method, x.url, x.state.credentials);
  if (!found) return false;
  x.reason ??= 'recorded answer';
  finish(x, found.status, found.headers, x.method === 'HEAD' ? undefined : found.body);
  return true;
}

/** A store that cannot answer now is a 503 with `Retry-After`, in the API's error shape; any other failure the mock's own 500. */
export function storeError(x: Exchange, mock: MockOperation | undefined, error: unknown): void {
  if (!(error instanceof StoreUnavailable)) {
    internalError(x, error);
    return;
  }
  const message = `The mock's store is unavailable: ${error.message}. Try again shortly.`;
  const retry = ['Retry-After', String(STORE_RETRY_AFTER_S)];
  if (mock) operationError(x, mock, 'store_unavailable', message, retry);
  else sendError(x, 'store_unavailable', message, retry);
}

export function answerRequest(x: Exchange, mock: MockOperation, params: Record<string, string>, query: URLSearchParams | undefined, body: unknown): void {
  if (x.failure) {
    answerFailure(x, mock, params);
    return;
  }
  const preferHeader = x.req.headers.prefer;
  const prefer = Array.isArray(preferHeader) ? preferHeader.join(', ') : preferHeader;
  let prefs: Preferences = prefer === undefined && query === undefined ? {} : readPreferences(prefer, query);
  const asks = prefs.code !== undefined || prefs.example !== undefined || prefs.dynamic !== undefined || prefs.error !== undefined;
  // --examples: what the real API answered to this request, unless it asks for a response or an example.
  if (!asks && !(mock.stateful && x.ctx.stateful) && replayRecorded(x)) return;
  // With --stateful the records answer, unless the request asks for a response or an example.
  if (mock.stateful && x.ctx.stateful && !asks) {
    statefulAnswer(x, mock, mock.stateful, x.ctx.stateful, params, query, body).then(
      (handled) => {
        if (!handled) statelessAnswer(x, mock, params, query, body, prefs);
      },
      (error: unknown) => storeError(x, mock, error),
    );
    return;
  }
  // --dynamic: every answer generated, as `Prefer: dynamic=true` asks for one.
  if (x.ctx.features.dynamic && prefs.dynamic === undefined && prefs.example === undefined) prefs = { ...prefs, dynamic: true };
  statelessAnswer(x, mock, params, query, body, prefs);
}

function statelessAnswer(
  x: Exchange,
  mock: MockOperation,
  params: Record<string, string>,
  query: URLSearchParams | undefined,
  body: unknown,
  prefs: Preferences,
): void {
  const answers = mock.answers;
  if (prefs.code !== undefined || prefs.example !== undefined || prefs.dynamic !== undefined || prefs.error !== undefined) {
    preferredAnswer(x, mock, params, query, body, prefs);
    return;
  }
  // The common case: the prepared answer, as is.
  const accept = x.req.headers.accept;
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
    void engineAnswer(x, mock, params, { dynamic: false }, { query, body }, chosen);
    return;
  }
  send(x, mock, chosen, params);
}

/** `Prefer: code=…, example=…, dynamic=true` (or `__code`, `__example`, `__dynamic` in the query). */
function preferredAnswer(
  x: Exchange,
  mock: MockOperation,
  params: Record<string, string>,
  query: URLSearchParams | undefined,
  body: unknown,
  prefs: Preferences,
): void {
  if (prefs.error) {
    sendError(x, 'invalid_prefer', prefs.error);
    return;
  }
  const answers = mock.answers;
  let response = answers.primary;
  let status = response?.status ?? 200;
  if (prefs.code) {
    response = findResponse(answers, prefs.code);
    if (!response) {
      const declared = answers.responses.map((r) => r.key).join(', ');
      sendError(
        x,
        'response_not_found',
        `${mock.op.method.toUpperCase()} ${mock.op.path} declares no ${prefs.code} response; it declares ${declared || 'none'}.`,
      );
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
  if (media === undefined) media = negotiate(response, x.req.headers.accept);
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
    void engineAnswer(x, mock, params, { dynamic: prefs.dynamic === true, code: status }, { query, body }, chosen);
    return;
  }
  send(x, mock, chosen, params);
}
