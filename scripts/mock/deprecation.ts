// Deprecation signals on a deprecated operation's answers: `Deprecation`
// (RFC 9745, `@<unix seconds>`), `Sunset` (RFC 8594, an HTTP date) and
// `Link` to the portal page explaining it and to the replacement.
import type { Operation } from '../model/types.ts';

export interface DeprecationSignals {
  /** Deprecation and Sunset, the same on every answer. */
  fixed: string[];
  /** Link, which may name the replacement's concrete URL built from this request's path parameters. */
  link: (params: Record<string, string>) => string;
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

export function deprecationSignals(op: Operation, operations: Operation[], site: string): DeprecationSignals | undefined {
  const info = op.deprecation ?? {};
  if (!op.deprecated && !info.deprecatedAt && !info.sunset) return undefined;
  const fixed: string[] = [];
  const at = info.deprecatedAt ? unixSeconds(info.deprecatedAt) : undefined;
  const declared = declaredExample(op, 'deprecation');
  // RFC 9745 has no "just deprecated" form; without a date the header is left out rather than invented.
  const deprecation = at !== undefined ? `@${at}` : declared && /^@-?\d+$/.test(declared) ? declared : undefined;
  if (deprecation && (op.deprecated || at !== undefined)) fixed.push('Deprecation', deprecation);
  const sunsetMs = info.sunset ? Date.parse(info.sunset) : Number.NaN;
  const sunset = Number.isNaN(sunsetMs) ? declaredExample(op, 'sunset') : new Date(sunsetMs).toUTCString();
  if (sunset) fixed.push('Sunset', sunset);

  const origin = site.replace(/\/+$/, '');
  const page = (slug: string) => `${origin}/operations/${encodeURIComponent(slug)}/`;
  const policy = op.deprecated || at !== undefined ? `<${page(op.slug)}>; rel="deprecation"` : undefined;
  const successor = info.replacedBy ? operations.find((o) => o.slug === info.replacedBy) : undefined;
  const link = (params: Record<string, string>): string => {
    const parts: string[] = [];
    if (successor) {
      let complete = true;
      const url = successor.path.replace(/\{([^{}]+)\}/g, (_, name: string) => {
        const value = Object.hasOwn(params, name) ? params[name] : undefined;
        if (value === undefined) complete = false;
        return encodeURIComponent(value ?? '');
      });
      parts.push(`<${complete ? url : page(successor.slug)}>; rel="successor-version"`);
    }
    if (policy) parts.push(policy);
    return parts.join(', ');
  };
  return { fixed, link };
}
