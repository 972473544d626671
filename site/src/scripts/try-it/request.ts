// Turns what the reader filled in into one concrete HTTP request. The same
// function feeds `fetch` and every code sample, so they cannot disagree; it writes
// by the model's one request builder (model/contract/example-request.ts), which the
// MCP server and the mock's example request use too.
import { credentialValue } from '#model/contract/credential.ts';
import { type AppliedCredential, requestParts } from '#model/contract/example-request.ts';
import type { AuthSchemeSpec, BuiltRequest, ParamSpec, RequestInput } from './types.ts';

/** Items of an array field: the reader types them comma-separated. */
function items(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** An object field typed as JSON (`{"a": 1}`); the text typed when it is no JSON object. */
function fields(value: string): unknown {
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** What the reader typed as the JSON value the builder writes; a `content` parameter is its text. */
function typed(spec: ParamSpec, value: string): unknown {
  if (spec.mediaType) return value;
  if (spec.shape === 'array') return items(value);
  return spec.shape === 'object' ? fields(value) : value;
}

/** The credentials the reader filled in, each in its scheme's form; a scheme left empty is not sent. */
function applied(auth: { scheme: AuthSchemeSpec; values: Record<string, string> }[]): AppliedCredential[] {
  return auth.flatMap(({ scheme, values }) => {
    const credential = scheme.credential;
    const secret = values.secret ?? '';
    const pair = scheme.kind === 'basic' && (values.username || values.password);
    if (!credential || (!pair && !secret)) return [];
    return [{ credential, value: credentialValue(credential, pair ? { username: values.username ?? '', password: values.password ?? '' } : secret) }];
  });
}

/** Joins a server URL and a path template without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
}

export function formEncode(parts: { name: string; value?: string }[]): string {
  return parts
    .map((part) => `${encodeURIComponent(part.name)}=${encodeURIComponent(part.value ?? '')}`)
    .join('&')
    .replace(/%20/g, '+');
}

export function buildRequest(input: RequestInput): BuiltRequest {
  const given = input.params.filter(({ value }) => value !== '');
  // A path parameter left empty leaves its segment empty: the request the reader asked for, which the API answers.
  const path = input.params
    .filter(({ spec, value }) => spec.in === 'path' && value === '')
    .reduce((template, { spec }) => template.split(`{${spec.name}}`).join(''), input.path);
  const credentials = applied(input.auth);
  const extras = (input.extras ?? []).map((extra) => ({ ...extra, name: extra.name.trim() })).filter((extra) => extra.name !== '');
  const parts = requestParts(
    path,
    given.map(({ spec, value }) => [spec, typed(spec, value)]),
    credentials,
    {
      headers: extras.filter((extra) => extra.kind === 'header').map((extra) => [extra.name, extra.value]),
      cookies: extras.filter((extra) => extra.kind === 'cookie').map((extra) => [extra.name, extra.value]),
    },
  );
  const headers = parts.headers;
  const body = input.body;
  // multipart's Content-Type carries a boundary that fetch and curl each choose themselves.
  if (body && body.kind !== 'multipart') headers.push(['Content-Type', body.mediaType]);
  if (input.prefer) headers.push(['Prefer', input.prefer]);
  let url = joinUrl(input.base, parts.path);
  if (parts.query.length > 0) url += (url.includes('?') ? '&' : '?') + parts.query.join('&');
  return { method: input.method.toUpperCase(), url, headers, body, credentials: credentials.length > 0 };
}
