// Requests the HTTP parser rejects (not HTTP, headers too large, too slow, a
// broken chunked body) still get the mock's Error body, and a status that
// says which; so does CONNECT, since the mock is not a proxy.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { formatBytes, MAX_HEADER_BYTES } from './defaults.ts';
import { errorBody, rawErrorResponse, ERROR_CODES, type ErrorCodeName } from './errors.ts';
import type { ServerContext } from './exchange.ts';
import { printable } from './log.ts';

/** The server's `clientError` handler. */
export function answerClientError(ctx: ServerContext, error: NodeJS.ErrnoException & { reason?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const code: ErrorCodeName =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'header_too_large'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT'
        ? 'request_timeout'
        : 'bad_request';
  const message =
    code === 'header_too_large'
      ? `The request line and headers are larger than ${formatBytes(MAX_HEADER_BYTES)}.`
      : code === 'request_timeout'
        ? 'The request did not arrive in time.'
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
  if (!ctx.quiet) ctx.log.request('-', '(unparsable request)', ERROR_CODES[code].status, 0);
}

/** The server's `connect` handler. */
export function refuseConnect(socket: Socket): void {
  socket.end(rawErrorResponse('bad_request', 'CONNECT is not supported: this is not a proxy.'));
}
