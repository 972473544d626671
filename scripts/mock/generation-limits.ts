// Bounds on what the engine generates from a schema (`Prefer: dynamic=true`,
// or a response with no example), so a few bytes of `minItems` × `minLength`
// cannot ask for gigabytes: the schemas handed to the engine have their sizes
// clamped (an honest, shorter answer), and each answer runs in a worker under
// a time and memory limit (engine-pool.ts) for what clamping cannot foresee,
// such as arrays nested many levels deep.

/** Items per array, characters per string, fields per object, at most. */
export const MAX_GENERATED_ITEMS = 50;
export const MAX_GENERATED_LENGTH = 1000;
export const MAX_GENERATED_PROPERTIES = 50;
/** A generated body larger than this is not sent. */
export const MAX_GENERATED_BYTES = 4 * 1024 * 1024;
/** How long one generated answer may take, once a worker has it. */
export const GENERATION_TIMEOUT_MS = 2000;
/** Heap of each generating worker (Prism's engine itself takes about 40 MB of it). */
export const GENERATION_HEAP_MB = 128;

const CAPS: Record<string, number> = {
  minItems: MAX_GENERATED_ITEMS,
  maxItems: MAX_GENERATED_ITEMS,
  minLength: MAX_GENERATED_LENGTH,
  maxLength: MAX_GENERATED_LENGTH,
  minProperties: MAX_GENERATED_PROPERTIES,
  maxProperties: MAX_GENERATED_PROPERTIES,
};
/** Values, not schemas: their fields are data and stay as written. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);
/** Maps whose every value is a schema, whatever its name (a field may be called `example`). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'schemas']);

/** Lowers every size bound above its cap, in place, in a document slice about to be handed to the engine. */
export function clampSizes(root: unknown): void {
  // A stack rather than recursion: a slice nested thousands of levels deep must not overflow it.
  const stack: { node: unknown; map: boolean }[] = [{ node: root, map: false }];
  while (stack.length > 0) {
    const { node, map } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (const item of node) stack.push({ node: item, map: false });
      continue;
    }
    const record = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (map) {
        stack.push({ node: value, map: false });
        continue;
      }
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      const cap = Object.hasOwn(CAPS, key) ? CAPS[key] : undefined;
      if (cap !== undefined && typeof value === 'number') {
        if (value > cap) record[key] = cap;
      } else stack.push({ node: value, map: SCHEMA_MAPS.has(key) });
    }
  }
}
