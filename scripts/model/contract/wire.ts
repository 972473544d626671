// A parameter's value on the wire, both ways: written by the try-it panel (and so by the code
// samples, built from its requests) and read back by the mock, by one rule per location, style,
// explode and shape. Pure and free of Node: the panel's browser bundle carries it, so it stays small.
//
// Values are text: a scalar is a string, an array a list of strings, an object string fields
// (the schema's types are the reader's business: the mock's ajv coerces them). The forms follow
// the specification's style table, with RFC 6570's percent-encoding: each item is encoded on its
// own and the separators stay literal, so an item holding a `,` or `;` reads back as one item.
//
// Where the specification leaves a combination undefined, this is what is written and read:
// - deepObject with an array or a scalar, spaceDelimited or pipeDelimited with a scalar: as form;
// - spaceDelimited and pipeDelimited with explode: as form exploded (one pair per item or field);
// - cookie with explode (form's `&` means nothing in a Cookie header): one cookie per item or
//   field, `name=a; name=b`, as OpenAPI 3.2's cookie style writes it;
// - a style that does not belong to the location (matrix in a query): the location's default.
// Combinations that cannot carry every value, by the specification's own table:
// - spaceDelimited and pipeDelimited write their separator encoded (`%20`, `%7C`), which an item
//   holding a space or a `|` is too: such an item reads back as two;
// - headers are not percent-encoded: an item or field holding a `,` (or, exploded, a key holding
//   `=`) reads back split, and spaces around items are trimmed (HTTP drops them);
// - an empty array or object has no form of its own (an empty path segment is no path at all);
// - label writes `.` in values as `%2E`, but a label value of exactly `.` makes the segment
//   `.%2E`, which URL parsers read as `..` and drop.

import type { ParameterLocation as WireLocation, ValueShape } from './types.ts';

export type { ValueShape, WireLocation };
export type WireValue = string | string[] | Record<string, string>;

export interface WireParameter {
  name: string;
  in: WireLocation;
  /** As declared, or the location's default (the model fills it in). */
  style: string;
  explode: boolean;
  shape: ValueShape;
}

const PATH_STYLES = new Set(['simple', 'label', 'matrix']);
const QUERY_STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject']);

// OpenAPI: a header parameter named Accept, Content-Type or Authorization "SHALL be ignored" (the
// request's own media types and security schemes set those headers).
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** Whether a parameter is one OpenAPI says to ignore: no field in the panel, no check in the mock, no tool argument. */
export function isIgnoredParameter(p: Pick<WireParameter, 'name' | 'in'>): boolean {
  return p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase());
}

/** The style and explode actually written, once the undefined combinations are settled (above). */
export function wireStyle(p: WireParameter): { style: string; explode: boolean } {
  if (p.in === 'path') return { style: PATH_STYLES.has(p.style) ? p.style : 'simple', explode: p.explode };
  if (p.in === 'header') return { style: 'simple', explode: p.explode };
  if (p.in === 'cookie') return { style: 'form', explode: p.explode };
  const style = QUERY_STYLES.has(p.style) ? p.style : 'form';
  if (style === 'deepObject') return p.shape === 'object' ? { style, explode: true } : { style: 'form', explode: true };
  if (style !== 'form' && (p.shape === 'scalar' || p.explode)) return { style: 'form', explode: true };
  return { style, explode: p.explode };
}

/** RFC 3986's unreserved characters stay, everything else is percent-encoded (UTF-8; a lone surrogate as U+FFFD). */
export function encodeComponent(text: string): string {
  return encodeURIComponent(text.toWellFormed()).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Percent-decoded where that is valid UTF-8; as written where it is not. */
function decode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A query component: `+` is a space there (application/x-www-form-urlencoded). */
const decodeQuery = (text: string): string => decode(text.replace(/\+/g, ' '));

const asList = (value: WireValue): string[] => (Array.isArray(value) ? value : typeof value === 'string' ? [value] : Object.entries(value).flat());
const asFields = (value: WireValue): [string, string][] => (typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : []);

/** Fields by the names the request gives them: `__proto__` is a name like any other. */
function fields(entries: Iterable<[string, string]>): Record<string, string> {
  const out = Object.create(null) as Record<string, string>;
  for (const [key, value] of entries) out[key] = value;
  return out;
}

/** Alternating `k,v,k,v` items as fields. */
function pairsOf(items: string[]): Record<string, string> {
  const out: [string, string][] = [];
  for (let i = 0; i + 1 < items.length; i += 2) out.push([items[i] ?? '', items[i + 1] ?? '']);
  return fields(out);
}

/** `k=v` items as fields (split at the first `=`, before decoding). */
function assignments(items: string[], read: (text: string) => string): Record<string, string> {
  return fields(
    items.map((item) => {
      const eq = item.indexOf('=');
      return eq < 0 ? [read(item), ''] : [read(item.slice(0, eq)), read(item.slice(eq + 1))];
    }),
  );
}

/** A list or fields written as one text, items encoded by `enc` and joined by `separator`. */
function joined(p: WireParameter, value: WireValue, explode: boolean, separator: string, enc: (text: string) => string): string {
  if (p.shape === 'object' && explode)
    return asFields(value)
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .join(separator);
  return asList(value).map(enc).join(separator);
}

/** One text split back into the value's shape. */
function split(p: WireParameter, text: string, explode: boolean, separator: string | RegExp, read: (text: string) => string): WireValue {
  if (p.shape === 'scalar') return read(text);
  const items = text === '' ? [] : text.split(separator);
  if (p.shape === 'array') return items.map(read);
  return explode ? assignments(items, read) : pairsOf(items.map(read));
}

// --- path ------------------------------------------------------------------------------------

/** The text that takes the place of `{name}` in the path. */
export function serializePath(p: WireParameter, value: WireValue): string {
  const { style, explode } = wireStyle(p);
  if (style === 'label') {
    // `.` separates items here, so one inside an item is encoded.
    const enc = (text: string) => encodeComponent(text).replace(/\./g, '%2E');
    return `.${joined(p, value, explode, explode ? '.' : ',', enc)}`;
  }
  if (style === 'matrix') {
    const name = encodeComponent(p.name);
    if (explode && p.shape === 'array')
      return asList(value)
        .map((item) => `;${name}=${encodeComponent(item)}`)
        .join('');
    if (explode && p.shape === 'object')
      return asFields(value)
        .map(([k, v]) => `;${encodeComponent(k)}=${encodeComponent(v)}`)
        .join('');
    const text = joined(p, value, false, ',', encodeComponent);
    return text === '' ? `;${name}` : `;${name}=${text}`;
  }
  return joined(p, value, explode, ',', encodeComponent);
}

/** The value from the path segment's text as it arrived (still percent-encoded). */
export function parsePath(p: WireParameter, raw: string): WireValue {
  const { style, explode } = wireStyle(p);
  if (style === 'label') {
    const text = raw.startsWith('.') ? raw.slice(1) : raw;
    return split(p, text, explode, explode ? '.' : ',', decode);
  }
  if (style === 'matrix') {
    const parts = (raw.startsWith(';') ? raw.slice(1) : raw).split(';');
    const valueAfterEquals = (part: string) => (part.includes('=') ? part.slice(part.indexOf('=') + 1) : '');
    if (explode && p.shape === 'array')
      return parts.filter((part) => decode(part.split('=')[0] ?? '') === p.name).map((part) => decode(valueAfterEquals(part)));
    if (explode && p.shape === 'object')
      return assignments(
        parts.filter((part) => part !== ''),
        decode,
      );
    return split(p, valueAfterEquals(parts[0] ?? ''), false, ',', decode);
  }
  return split(p, raw, explode, ',', decode);
}

// --- query -----------------------------------------------------------------------------------

/** `name=value` pairs, encoded, to join with `&`. */
export function serializeQuery(p: WireParameter, value: WireValue): string[] {
  const { style, explode } = wireStyle(p);
  const name = encodeComponent(p.name);
  if (style === 'deepObject') return asFields(value).map(([k, v]) => `${name}%5B${encodeComponent(k)}%5D=${encodeComponent(v)}`);
  if (p.shape === 'object' && explode) return asFields(value).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`);
  if (p.shape === 'array' && explode) return asList(value).map((item) => `${name}=${encodeComponent(item)}`);
  const separator = style === 'spaceDelimited' ? '%20' : style === 'pipeDelimited' ? '%7C' : ',';
  return [`${name}=${joined(p, value, false, separator, encodeComponent)}`];
}

/** A query string (without `?`) as raw pairs: split at `&` and at each pair's first `=`, nothing decoded yet. */
export function splitQuery(query: string): [string, string][] {
  if (query === '') return [];
  return query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    return eq < 0 ? [pair, ''] : [pair.slice(0, eq), pair.slice(eq + 1)];
  });
}

/**
 * The value from a request's raw query pairs; undefined when it is absent. An exploded form
 * object has no name of its own on the wire: it takes every pair no other parameter `claimed`.
 */
export function parseQuery(p: WireParameter, pairs: readonly [string, string][], claimed: ReadonlySet<string> = new Set()): WireValue | undefined {
  const { style, explode } = wireStyle(p);
  const named = pairs.filter(([name]) => decodeQuery(name) === p.name);
  if (style === 'deepObject') {
    const prefix = `${p.name}[`;
    const found: [string, string][] = [];
    for (const [rawName, rawValue] of pairs) {
      const name = decodeQuery(rawName);
      if (name.startsWith(prefix) && name.endsWith(']')) found.push([name.slice(prefix.length, -1), decodeQuery(rawValue)]);
    }
    return found.length > 0 ? fields(found) : undefined;
  }
  if (p.shape === 'object' && explode) {
    const found = pairs.map(([k, v]): [string, string] => [decodeQuery(k), decodeQuery(v)]).filter(([k]) => !claimed.has(k));
    return found.length > 0 ? fields(found) : undefined;
  }
  const first = named[0];
  if (!first) return undefined;
  if (p.shape === 'array' && explode) return named.map(([, v]) => decodeQuery(v));
  const separator = style === 'spaceDelimited' ? /%20|\+| /i : style === 'pipeDelimited' ? /\||%7C/i : ',';
  return split(p, first[1], false, separator, decodeQuery);
}

// --- header and cookie -----------------------------------------------------------------------

/** A header's value: simple style, not percent-encoded. */
export function serializeHeader(p: WireParameter, value: WireValue): string {
  return joined(p, value, wireStyle(p).explode, ',', (text) => text);
}

export function parseHeader(p: WireParameter, text: string): WireValue {
  return split(p, text.trim(), wireStyle(p).explode, ',', (item) => item.trim());
}

/** `name=value` cookie pairs, values percent-encoded, to join with `; `. */
export function serializeCookie(p: WireParameter, value: WireValue): string[] {
  const { explode } = wireStyle(p);
  if (p.shape === 'object' && explode) return asFields(value).map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`);
  if (p.shape === 'array' && explode) return asList(value).map((item) => `${p.name}=${encodeComponent(item)}`);
  return [`${p.name}=${joined(p, value, false, ',', encodeComponent)}`];
}

/** A Cookie header as its pairs, names and values as they arrived. */
export function splitCookies(header: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out.push([part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return out;
}

/** The value from a request's cookie pairs; undefined when it is absent. An exploded object takes every cookie no other parameter `claimed`. */
export function parseCookie(p: WireParameter, pairs: readonly [string, string][], claimed: ReadonlySet<string> = new Set()): WireValue | undefined {
  const { explode } = wireStyle(p);
  if (p.shape === 'object' && explode) {
    const found = pairs.map(([k, v]): [string, string] => [decode(k), decode(v)]).filter(([k]) => !claimed.has(k));
    return found.length > 0 ? fields(found) : undefined;
  }
  const named = pairs.filter(([name]) => name === p.name);
  const first = named[0];
  if (!first) return undefined;
  if (p.shape === 'array' && explode) return named.map(([, v]) => decode(v));
  return split(p, first[1], false, ',', decode);
}

/** The request parts a parameter's value makes: a path segment, query pairs, a header value, or cookie pairs. */
export function serialize(p: WireParameter, value: WireValue): string[] {
  if (p.in === 'path') return [serializePath(p, value)];
  if (p.in === 'query') return serializeQuery(p, value);
  if (p.in === 'header') return [serializeHeader(p, value)];
  return serializeCookie(p, value);
}

/**
 * Whether a parameter described as `after` puts a value of `before`'s shape on the wire as
 * `before` did (the change report's question: a new style or explode that writes the same is no change).
 */
export function sameWire(before: WireParameter, after: WireParameter): boolean {
  const value: WireValue = before.shape === 'array' ? ['a', 'b'] : before.shape === 'object' ? { k: 'v', l: 'w' } : 'x';
  return serialize(before, value).join('&') === serialize({ ...after, shape: before.shape }, value).join('&');
}
