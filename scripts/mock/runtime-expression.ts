// OpenAPI runtime expressions (`$request.body#/callbackUrl`, `$request.query.id`,
// `$response.header.Location`, `$url`, `$method`, `$statusCode`), as callbacks
// use them to name where they are sent: a whole key (`{$request.body#/url}`)
// or parts of one (`http://127.0.0.1:9000/hooks?id={$response.body#/id}`).
// Pure: the request and the answer in, text out.

export interface ExpressionContext {
  /** The request's full URL. */
  url: string;
  method: string;
  statusCode: number;
  request: { headers: Record<string, string | string[] | undefined>; query: URLSearchParams | undefined; path: Record<string, string>; body: unknown };
  response: { headers: Record<string, string>; body: unknown };
}

/** The value a JSON pointer (RFC 6901) names inside a value; own members only. */
export function pointerValue(value: unknown, pointer: string): unknown {
  if (pointer === '') return value;
  if (!pointer.startsWith('/')) return undefined;
  let node = value;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(key)) node = node[Number(key)];
    else if (node !== null && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, key)) node = (node as Record<string, unknown>)[key];
    else return undefined;
  }
  return node;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return Array.isArray(value) ? value.join(', ') : value;
  return undefined;
}

/** One expression's value as text; undefined when the request or answer has none. */
export function evaluate(expression: string, ctx: ExpressionContext): string | undefined {
  const e = expression.trim();
  if (e === '$url') return ctx.url;
  if (e === '$method') return ctx.method.toUpperCase();
  if (e === '$statusCode') return String(ctx.statusCode);
  const m = /^\$(request|response)\.(header|query|path|body)(?:\.([^#]+)|(#.*))?$/.exec(e);
  if (!m) return undefined;
  const [, side, source, name, fragment] = m;
  if (source === 'body') {
    if (name !== undefined) return undefined;
    const body = side === 'request' ? ctx.request.body : ctx.response.body;
    let pointer = fragment === undefined ? '' : fragment.slice(1);
    try {
      pointer = decodeURIComponent(pointer);
    } catch {
      // Keep it as written.
    }
    return text(pointerValue(body, pointer));
  }
  if (name === undefined) return undefined;
  if (source === 'header') return header(side === 'request' ? ctx.request.headers : ctx.response.headers, name);
  if (side === 'response') return undefined;
  if (source === 'query') return ctx.request.query?.get(name) ?? undefined;
  return Object.hasOwn(ctx.request.path, name) ? ctx.request.path[name] : undefined;
}

/**
 * A callback key with its expressions replaced: `{$…}` parts, or the whole key when it is one
 * expression. The expression that has no value, when one has none.
 */
export function resolveTemplate(template: string, ctx: ExpressionContext): { ok: true; value: string } | { ok: false; missing: string } {
  const trimmed = template.trim();
  if (trimmed.startsWith('$')) {
    const value = evaluate(trimmed, ctx);
    return value === undefined ? { ok: false, missing: trimmed } : { ok: true, value };
  }
  let missing: string | undefined;
  const value = trimmed.replace(/\{(\$[^{}]+)\}/g, (_, expression: string) => {
    const v = evaluate(expression, ctx);
    if (v === undefined) missing ??= expression;
    return v ?? '';
  });
  return missing === undefined ? { ok: true, value } : { ok: false, missing };
}
