// What a fault does to the connection, and the failure `--error-rate` sends:
// `reset` destroys the socket with a TCP reset, `hang` never answers (the
// client's timeout must fire; the socket closes when the client gives up, or
// after the mock's bound: held-sockets.ts), `slow` trickles the body
// (exchange.ts). Each touches only its own
// connection: every other request is answered meanwhile.
import { withStatus } from './answers.ts';
import { logAnswer, send, sendError, type Exchange } from './exchange.ts';
import { failureResponses, type Fault } from './faults.ts';
import type { MockOperation } from './state-types.ts';

/** Reset or hang now (true), or mark the answer to trickle (false: the request goes on). */
export function applyFault(x: Exchange, fault: Fault): boolean {
  x.reason = `fault=${fault}`;
  if (fault === 'slow') {
    x.slow = true;
    return false;
  }
  logAnswer(x, 0);
  if (fault === 'reset') {
    const socket = x.req.socket;
    if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
    else socket.destroy();
  } else {
    // Nothing more is read or written; the socket is closed by the client, or by the mock after a bound.
    x.req.pause();
    x.ctx.held.hold(x.req.socket);
  }
  return true;
}

/** A declared 5xx or 429 picked at random (its declared headers, `Retry-After` included), else a 503. */
export function answerFailure(x: Exchange, mock: MockOperation, params: Record<string, string>): void {
  const declared = failureResponses(mock.answers.responses);
  if (declared.length === 0) {
    sendError(x, 'simulated_error', `A failure simulated by --error-rate; ${mock.label} declares no 5xx or 429 response.`, ['Retry-After', '1']);
    return;
  }
  const response = declared[Math.floor(x.ctx.random() * declared.length)]!; // random() < 1, declared not empty
  // A range asks for any status in it: 503 stands for `5XX`, the one a client most often retries.
  const status = response.key.toUpperCase() === '5XX' ? 503 : response.status;
  x.reason = `error-rate: ${response.key}`;
  send(x, mock, withStatus(response.preferred?.first ?? response.bare, status), params);
}
