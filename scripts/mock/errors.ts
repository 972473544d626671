// The errors the mock server makes itself. Every one has the same body,
// `{code, message, status}`, as `application/json`, so clients handle a mock
// error the way they handle the API's own.
import { STATUS_CODES } from 'node:http';

export interface ErrorCode {
  status: number;
  /** When the mock answers with it. */
  when: string;
}

/** Stable codes: a client may branch on them. Messages are for people and may change. */
export const ERROR_CODES = {
  bad_request: { status: 400, when: 'The request is not valid HTTP (request line, headers or chunked body) and was rejected before routing.' },
  invalid_content_type: {
    status: 415,
    when: 'The request has a body but its Content-Type is missing or not one the operation accepts (RFC 9110 §15.5.16), where the operation declares no 400 or 422 for it.',
  },
  invalid_json: { status: 400, when: 'The body is not well-formed JSON (or not valid UTF-8).' },
  invalid_xml: { status: 400, when: 'An XML body is not well-formed.' },
  validation_failed: { status: 400, when: 'A path, query, header or cookie parameter, or the body, does not match its schema.' },
  invalid_prefer: { status: 400, when: 'The Prefer header (or __code/__example/__dynamic) asks for something malformed, e.g. code=abc.' },
  unauthorized: { status: 401, when: 'The credentials the operation requires are missing or malformed (e.g. not `Bearer <key>`).' },
  forbidden_origin: { status: 403, when: "A web page of another origin than the portal's or the mock's own used one of the mock's own routes (`/__mock/…`)." },
  route_not_found: { status: 404, when: 'No operation exists at this path.' },
  not_found: { status: 404, when: 'With --stateful: no record with the id in the path exists in this session.' },
  response_not_found: { status: 404, when: 'Prefer: code=… names a status the operation does not declare.' },
  example_not_found: { status: 404, when: 'Prefer: example=… names an example the operation does not declare.' },
  method_not_allowed: { status: 405, when: 'The path exists but not with this method; `Allow` lists the methods it accepts.' },
  not_acceptable: { status: 406, when: 'The Accept header matches none of the media types the response declares.' },
  request_timeout: { status: 408, when: 'The request (headers or body) did not arrive in time.' },
  payload_too_large: {
    status: 413,
    when: 'The body is larger than the limit (64 KiB by default), or takes more work to check than the mock allows (256 nested schema references, 200,000 in all).',
  },
  header_too_large: { status: 431, when: 'The request line and headers are larger than the limit (16 KiB).' },
  internal_error: { status: 500, when: 'A fault in the mock server itself, never the request; its log has the details.' },
  store_unavailable: {
    status: 503,
    when: 'With --state redis://…: Redis cannot be reached or did not answer in time; `Retry-After` says when to try again, and the mock reconnects by itself.',
  },
  upstream_mismatch: {
    status: 502,
    when: 'With --proxy and --errors: the real API answered in a way the description does not allow; the message names each difference.',
  },
  upstream_unavailable: { status: 502, when: 'With --proxy: the real API could not be reached.' },
  upstream_timeout: { status: 504, when: 'With --proxy: the real API did not answer within 30 seconds.' },
  simulated_error: { status: 503, when: 'With --error-rate: a failure picked at random, for an operation that declares no 5xx or 429 response.' },
  insufficient_storage: {
    status: 507,
    when: 'With --stateful: the session holds as many records of the resource, or bytes of records, as the mock keeps for one session.',
  },
} as const satisfies Record<string, ErrorCode>;

export type ErrorCodeName = keyof typeof ERROR_CODES;

export interface ErrorBody {
  code: string;
  message: string;
  status: number;
}

export function errorBody(code: ErrorCodeName, message: string, status: number = ERROR_CODES[code].status): ErrorBody {
  return { code, message, status };
}

/** A complete HTTP/1.1 error response, for sockets the HTTP parser gave up on (no ServerResponse exists there). */
export function rawErrorResponse(code: ErrorCodeName, message: string): string {
  const status = ERROR_CODES[code].status;
  const body = JSON.stringify(errorBody(code, message));
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
    'Content-Type: application/json\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n` +
    'Connection: close\r\n\r\n' +
    body
  );
}
