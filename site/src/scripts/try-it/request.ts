// Turns what the reader filled in into one concrete HTTP request. The same
// function feeds `fetch` and the curl command, so the two cannot disagree.
import { credentialValue } from '#model/contract/credential.ts';
import { encodeComponent, serializeCookie, serializeHeader, serializePath, serializeQuery, type WireParameter, type WireValue } from '#model/contract/wire.ts';
import type { BuiltRequest, ParamSpec, RequestInput } from './types.ts';

/** Items of an array field: the reader types them comma-separated. */
function items(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Key/value pairs of an object field, typed as JSON (`{"a": 1}`); null when it is not an object. */
function entries(value: string): Record<string, string> | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.fromEntries(Object.entries(parsed).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]));
  } catch {
    return null;
  }
}

/** What the reader typed, as the value the wire rule writes; an object field that is no JSON object is sent as the text typed. */
function typed(spec: ParamSpec, value: string): [WireParameter, WireValue] {
  if (spec.shape === 'array') return [spec, items(value)];
  const fields = spec.shape === 'object' ? entries(value) : null;
  return fields ? [spec, fields] : [{ ...spec, shape: 'scalar' }, value];
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
  let path = input.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  // Every location, style and explode by the one wire rule the mock reads them back with (model/contract/wire.ts).
  for (const { spec, value } of input.params) {
    const [param, wire] = typed(spec, value);
    if (spec.in === 'path') {
      path = path.split(`{${spec.name}}`).join(value === '' ? '' : serializePath(param, wire));
      continue;
    }
    if (value === '') continue;
    if (spec.in === 'query') query.push(...serializeQuery(param, wire));
    else if (spec.in === 'header') headers.push([spec.name, serializeHeader(param, wire)]);
    else cookies.push(...serializeCookie(param, wire));
  }
  let credentials = false;
  // Each credential where and in the form its scheme says (the model's Credential).
  for (const { scheme, values } of input.auth) {
    const credential = scheme.credential;
    if (!credential) continue;
    const secret = values.secret ?? '';
    const pair = scheme.kind === 'basic' && (values.username || values.password);
    if (!pair && !secret) continue;
    const value = credentialValue(credential, pair ? { username: values.username ?? '', password: values.password ?? '' } : secret);
    if (credential.in === 'query') query.push(`${encodeComponent(credential.name)}=${encodeComponent(value)}`);
    else if (credential.in === 'cookie') cookies.push(`${credential.name}=${encodeComponent(value)}`);
    else headers.push([credential.name, value]);
    credentials = true;
  }
  // The reader's own headers and cookies, as typed (a cookie's value encoded as a parameter's is).
  for (const extra of input.extras ?? []) {
    const name = extra.name.trim();
    if (name === '') continue;
    if (extra.kind === 'header') headers.push([name, extra.value]);
    else cookies.push(`${name}=${encodeComponent(extra.value)}`);
  }
  if (cookies.length > 0) headers.push(['Cookie', cookies.join('; ')]);
  const body = input.body;
  // multipart's Content-Type carries a boundary that fetch and curl each choose themselves.
  if (body && body.kind !== 'multipart') headers.push(['Content-Type', body.mediaType]);
  if (input.prefer) headers.push(['Prefer', input.prefer]);
  let url = joinUrl(input.base, path);
  if (query.length > 0) url += (url.includes('?') ? '&' : '?') + query.join('&');
  return { method: input.method.toUpperCase(), url, headers, body, credentials };
}
