// Which answer a request asks for, the way Prism reads it: the `Prefer`
// header (`code=404`, `example=notFound`, `dynamic=true`), or the
// `__code`/`__example`/`__dynamic` query parameters; the header wins.
import { printable } from './log.ts';

export interface Preferences {
  code?: string;
  example?: string;
  dynamic?: boolean;
  /** Set when a preference is malformed; the request is answered 400 `invalid_prefer`. */
  error?: string;
}

const NONE: Preferences = Object.freeze({});

function unquote(value: string): string {
  const v = value.trim();
  return v.length >= 2 && v.startsWith('"') && v.endsWith('"') ? v.slice(1, -1) : v;
}

export function readPreferences(header: string | undefined, query: URLSearchParams | undefined): Preferences {
  let code: string | undefined;
  let example: string | undefined;
  let dynamic: string | undefined;
  if (query) {
    code = query.get('__code') ?? undefined;
    example = query.get('__example') ?? undefined;
    dynamic = query.get('__dynamic') ?? undefined;
  }
  if (header) {
    for (const part of header.split(/[,;]/)) {
      const eq = part.indexOf('=');
      if (eq < 0) continue;
      const key = part.slice(0, eq).trim().toLowerCase();
      const value = unquote(part.slice(eq + 1));
      if (key === 'code') code = value;
      else if (key === 'example') example = value;
      else if (key === 'dynamic') dynamic = value;
    }
  }
  if (code === undefined && example === undefined && dynamic === undefined) return NONE;
  const out: Preferences = {};
  if (code !== undefined) {
    if (!/^\d{3}$/.test(code)) out.error = `Prefer code=${printable(code, 40)} is not a status code; use three digits, e.g. code=404.`;
    // A 1xx is an interim answer that a final one must follow, and HTTP has no status past 599: neither can be the answer.
    else if (code < '200' || code > '599') out.error = `Prefer code=${code} is outside 200–599; the mock answers only with a final status, e.g. code=404.`;
    else out.code = code;
  }
  if (example !== undefined && example !== '') out.example = example;
  if (dynamic !== undefined) {
    if (dynamic === 'true' || dynamic === 'false') out.dynamic = dynamic === 'true';
    else out.error ??= `Prefer dynamic=${printable(dynamic, 40)} must be true or false.`;
  }
  return out;
}
