// Deprecation signals on a deprecated operation's answers: `Deprecation`
// (RFC 9745, `@<unix seconds>`), `Sunset` (RFC 8594, an HTTP date) and
// `Link` to the portal page explaining it and to the replacement.
import { pageUrl } from '../model/contract/pages.ts';
import type { Operation } from '../model/contract/types.ts';
import type { LeftOutHeaders } from './header-values.ts';

export interface DeprecationSignals {
  /** Deprecation and Sunset, the same on every answer. */
  fixed: string[];
  /** Link, which may name the replacement's concrete URL built from this request's path parameters, under its base path. */
  link: (params: Record<string, string>, base?: string) => string;
}

function declaredExample(op: Operation, name: string): string | undefined {
  for (const response of op.responses) {
    for (const h of response.headers) {
      if (h.name.toLowerCase() === name && (typeof h.example === 'string' || typeof h.example === 'number')) return String(h.example);
    }
  }
  return undefined;
}

function unixSeconds(iso: string): number | undefined {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : Math.floor(ms / 1000);
}

/** The successor's path as it goes between `<` and `>`: its own text percent-encoded, its parameters from this request. */
function successorUrl(template: string, params: Record<string, string>): string | undefined {
  let complete = true;
  let url = '';
  try {
    for (const [i, part] of template.split(/\{([^{}]+)\}/).entries()) {
      if (i % 2 === 0) {
        url += encodeURI(part);
        continue;
      }
      const value = Object.hasOwn(params, part) ? params[part] : undefined;
      if (value === undefined) complete = false;
      url += encodeURIComponent(value ?? '');
    }
  } catch {
    // A lone surrogate cannot be encoded: the successor's page is linked instead.
    return undefined;
  }
  return complete ? url : undefined;
}

export function deprecationSignals(op: Operation, operations: Operation[], site: string, leftOut: LeftOutHeaders): DeprecationSignals | undefined {
  const info = op.deprecation ?? {};
  if (!op.deprecated && !info.deprecatedAt && !info.sunset) return undefined;
  const fixed: string[] = [];
  const at = info.deprecatedAt ? unixSeconds(info.deprecatedAt) : undefined;
  const declared = declaredExample(op, 'deprecation');
  // RFC 9745 has no "just deprecated" form; without a date the header is left out rather than invented.
  const deprecation = at !== undefined ? `@${at}` : declared && /^@-?\d+$/.test(declared) ? declared : undefined;
  if (deprecation && (op.deprecated || at !== undefined)) fixed.push('Deprecation', deprecation);
  // A declared value that is not RFC 9745's form is left out; said at start when HTTP could not even carry it.
  else if (declared !== undefined) leftOut.check(op, 'Deprecation', declared);
  const sunsetMs = info.sunset ? Date.parse(info.sunset) : Number.NaN;
  const declaredSunset = Number.isNaN(sunsetMs) ? declaredExample(op, 'sunset') : undefined;
  const sunset =
    declaredSunset !== undefined ? leftOut.check(op, 'Sunset', declaredSunset) : Number.isNaN(sunsetMs) ? undefined : new Date(sunsetMs).toUTCString();
  if (sunset) fixed.push('Sunset', sunset);

  // The portal's pages where the model says they are (model/contract/pages.ts).
  const page = (target: Operation) => pageUrl(site, target.page);
  const policy = op.deprecated || at !== undefined ? `<${page(op)}>; rel="deprecation"` : undefined;
  const successor = info.replacedBy ? operations.find((o) => o.slug === info.replacedBy) : undefined;
  const link = (params: Record<string, string>, base = ''): string => {
    const parts: string[] = [];
    const url = successor ? successorUrl(successor.path, params) : undefined;
    // Under the server's base path the request came in by (`/v1/pets/records/42`), so it resolves against the same server.
    if (successor) parts.push(`<${url === undefined ? page(successor) : base + url}>; rel="successor-version"`);
    if (policy) parts.push(policy);
    return parts.join(', ');
  };
  return { fixed, link };
}
