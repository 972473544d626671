// JSON Pointer (RFC 6901): the one implementation the model, the locator, the mock and the
// engine's slice read the bundled document with. Pointers are written in their URI fragment
// form (`#/paths/~1pets~1%7BpetId%7D/get`), which RFC 6901 §6 percent-decodes.
//
// Read as Redocly reads the `$ref`s it bundles, so a pointer names the same node for the
// bundler, for source positions (locate.ts) and for everyone else:
// - `~1` and `~0` are unescaped first, then the segment is percent-decoded where that is valid;
//   a segment that is not valid percent-encoding (`/rate/100%`) stays as written;
// - `#` and `#/` both name the root.
// A pointer without `#` is RFC 6901's plain string form: unescaped, never percent-decoded.
// Pure, no Node imports: the try-it panel's bundle may use it.

/** The keys a pointer names, in order; `[]` for the root. */
export function parsePointer(pointer: string): string[] {
  const fragment = pointer.startsWith('#');
  let body = fragment ? pointer.slice(1) : pointer;
  if (body.startsWith('/')) body = body.slice(1);
  if (body === '') return [];
  return body.split('/').map((segment) => unescapeSegment(segment, fragment));
}

function unescapeSegment(segment: string, fragment: boolean): string {
  const unescaped = segment.includes('~') ? segment.replace(/~1/g, '/').replace(/~0/g, '~') : segment;
  if (!fragment || !unescaped.includes('%')) return unescaped;
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

/** One key as a pointer segment: `~` and `/` escaped, and `%` written `%25` so that reading it back (which percent-decodes) gives the key again. */
export function escapeSegment(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1').replace(/%/g, '%25');
}

/** The fragment-form pointer of these keys: `['paths', '/pets', 'get']` → `#/paths/~1pets/get`. */
export function formatPointer(segments: readonly string[]): string {
  return `#/${segments.map(escapeSegment).join('/')}`;
}

/** A pointer one key further: the parent's own text kept as it is. */
export function childPointer(pointer: string, ...keys: string[]): string {
  const base = pointer === '#' || pointer === '#/' ? '#' : pointer;
  return `${base}/${keys.map(escapeSegment).join('/')}`;
}

/** The pointer of the node holding this one (`#/paths/~1pets/get` → `#/paths/~1pets`); the root for the root. */
export function parentPointer(pointer: string): string {
  const cut = pointer.lastIndexOf('/');
  return cut <= 1 ? '#' : pointer.slice(0, cut);
}

/**
 * The node a pointer names in `root`, or undefined when there is none. Own members only:
 * `#/components/schemas/constructor` names a component, never what every object inherits.
 */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let node = root;
  for (const segment of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, segment)) return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}
