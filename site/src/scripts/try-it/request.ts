// Turns what the reader filled in into one concrete HTTP request. The same
// function feeds `fetch` and the curl command, so the two cannot disagree.
import type { BuiltRequest, ParamSpec, RequestInput } from './types.ts';

const enc = encodeURIComponent;

/** Items of an array field: the reader types them comma-separated. */
function items(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Key/value pairs of an object field, typed as JSON (`{"a": 1}`); null when it is not an object. */
function entries(value: string): [string, string][] | null {
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    return Object.entries(parsed).map(([key, item]) => [key, typeof item === 'string' ? item : JSON.stringify(item)]);
  } catch {
    return null;
  }
}

/** Path parameters, OpenAPI `simple` (default), `label` and `matrix` styles. */
function pathValue(spec: ParamSpec, value: string): string {
  const pairs = spec.shape === 'object' ? entries(value) : null;
  const list = pairs
    ? spec.explode
      ? pairs.map(([key, item]) => `${enc(key)}=${enc(item)}`)
      : pairs.flatMap(([key, item]) => [enc(key), enc(item)])
    : spec.shape === 'array'
      ? items(value).map(enc)
      : [enc(value)];
  if (spec.style === 'label') return '.' + list.join(spec.explode ? '.' : ',');
  if (spec.style === 'matrix') {
    if (spec.explode && spec.shape === 'array') return list.map((item) => `;${enc(spec.name)}=${item}`).join('');
    if (spec.explode && pairs) return list.map((item) => `;${item}`).join('');
    return `;${enc(spec.name)}=${list.join(',')}`;
  }
  return list.join(',');
}

/** Query pairs, `form` (default), `spaceDelimited`, `pipeDelimited` and `deepObject` styles. */
function queryPairs(spec: ParamSpec, value: string): string[] {
  const name = enc(spec.name);
  if (spec.shape === 'object') {
    const pairs = entries(value);
    if (!pairs) return [`${name}=${enc(value)}`];
    if (spec.style === 'deepObject') return pairs.map(([key, item]) => `${name}%5B${enc(key)}%5D=${enc(item)}`);
    if (spec.explode) return pairs.map(([key, item]) => `${enc(key)}=${enc(item)}`);
    return [`${name}=${pairs.map(([key, item]) => `${enc(key)},${enc(item)}`).join(',')}`];
  }
  if (spec.shape === 'array') {
    const list = items(value).map(enc);
    if (spec.style === 'spaceDelimited') return [`${name}=${list.join('%20')}`];
    if (spec.style === 'pipeDelimited') return [`${name}=${list.join('|')}`];
    if (spec.explode) return list.map((item) => `${name}=${item}`);
    return [`${name}=${list.join(',')}`];
  }
  return [`${name}=${enc(value)}`];
}

/** Header and cookie values: lists comma-separated, objects as key,value pairs. */
function plainValue(spec: ParamSpec, value: string): string {
  if (spec.shape === 'array') return items(value).join(',');
  const pairs = spec.shape === 'object' ? entries(value) : null;
  if (pairs) return pairs.map(([key, item]) => (spec.explode ? `${key}=${item}` : `${key},${item}`)).join(',');
  return value;
}

function base64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Joins a server URL and a path template without doubling or losing the slash. */
export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, '') + (path.startsWith('/') ? path : '/' + path);
}

export function formEncode(parts: { name: string; value?: string }[]): string {
  return parts
    .map((part) => `${enc(part.name)}=${enc(part.value ?? '')}`)
    .join('&')
    .replace(/%20/g, '+');
}

export function buildRequest(input: RequestInput): BuiltRequest {
  let path = input.path;
  const query: string[] = [];
  const headers: [string, string][] = [];
  const cookies: string[] = [];
  for (const { spec, value } of input.params) {
    if (spec.in === 'path') {
      path = path.split(`{${spec.name}}`).join(value === '' ? '' : pathValue(spec, value));
      continue;
    }
    if (value === '') continue;
    if (spec.in === 'query') query.push(...queryPairs(spec, value));
    else if (spec.in === 'header') headers.push([spec.name, plainValue(spec, value)]);
    else cookies.push(`${spec.name}=${enc(plainValue(spec, value))}`);
  }
  let credentials = false;
  for (const { scheme, values } of input.auth) {
    const secret = values.secret ?? '';
    if (scheme.kind === 'basic') {
      if (values.username || values.password) {
        headers.push(['Authorization', `Basic ${base64(`${values.username ?? ''}:${values.password ?? ''}`)}`]);
        credentials = true;
      }
      continue;
    }
    if (!secret) continue;
    if (scheme.kind === 'bearer' || scheme.kind === 'token') headers.push(['Authorization', `Bearer ${secret}`]);
    else if (scheme.kind === 'raw') headers.push(['Authorization', secret]);
    else if (scheme.kind === 'apiKey' && scheme.paramName && scheme.in === 'query') query.push(`${enc(scheme.paramName)}=${enc(secret)}`);
    else if (scheme.kind === 'apiKey' && scheme.paramName && scheme.in === 'cookie') cookies.push(`${scheme.paramName}=${enc(secret)}`);
    else if (scheme.kind === 'apiKey' && scheme.paramName) headers.push([scheme.paramName, secret]);
    else continue;
    credentials = true;
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
