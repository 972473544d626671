// JSON Merge Patch (RFC 7386), the meaning of a PATCH body that is a JSON
// object: its fields replace the target's, `null` removes one, and objects
// merge recursively. Hand-written: the RFC's algorithm is eight lines.

export function mergePatch(target: unknown, patch: unknown): unknown {
  if (patch === null || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> =
    target !== null && typeof target === 'object' && !Array.isArray(target) ? { ...(target as Record<string, unknown>) } : {};
  for (const [key, value] of Object.entries(patch as Record<string, unknown>)) {
    if (value === null) delete out[key];
    else if (key === '__proto__') Object.defineProperty(out, key, { value: mergePatch(out[key], value), enumerable: true, writable: true, configurable: true });
    else out[key] = mergePatch(out[key], value);
  }
  return out;
}
