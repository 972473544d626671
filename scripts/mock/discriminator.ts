// A `discriminator` picks the `oneOf` (or `anyOf`) branch a body is checked
// against by the value of one property, as OpenAPI says: an unknown value, or
// a body that fails its own branch, is refused with that branch's reason
// rather than "must match exactly one schema". The schema is rewritten for
// ajv (whose own `discriminator` option accepts neither `mapping` nor refs
// without a `const`): the property must be one of the known values, and each
// value's branch applies `if` the property has it.

type Raw = Record<string, unknown>;

const isObject = (v: unknown): v is Raw => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `#/components/schemas/Dog` or `Dog` → the reference the mapping means. */
function refOf(target: string): string {
  return target.startsWith('#') || target.includes('/') ? target : `#/components/schemas/${target}`;
}

/**
 * The node rewritten when it has a discriminator over `oneOf`/`anyOf` branches, else
 * undefined. Branch objects are kept as they are (the schema compiler tracks them).
 */
export function discriminated(node: Raw): Raw | undefined {
  const d = node.discriminator;
  if (!isObject(d) || typeof d.propertyName !== 'string') return undefined;
  const listKey = Array.isArray(node.oneOf) ? 'oneOf' : Array.isArray(node.anyOf) ? 'anyOf' : undefined;
  if (!listKey) return undefined;
  const branches = (node[listKey] as unknown[]).filter(isObject);
  const property = d.propertyName;
  const valuesByRef = new Map<string, string[]>();
  if (isObject(d.mapping)) {
    for (const [value, target] of Object.entries(d.mapping)) {
      if (typeof target !== 'string') continue;
      const ref = refOf(target);
      valuesByRef.set(ref, [...(valuesByRef.get(ref) ?? []), value]);
    }
  }
  const cases: { values: string[]; branch: Raw }[] = [];
  for (const branch of branches) {
    const ref = typeof branch.$ref === 'string' ? branch.$ref : undefined;
    let values = ref ? valuesByRef.get(ref) : undefined;
    // Without a mapping for it, a referenced branch is named by its component's name.
    if (!values && ref) values = [decodeURIComponent(ref.slice(ref.lastIndexOf('/') + 1))];
    if (!values) {
      const own = isObject(branch.properties) ? branch.properties[property] : undefined;
      if (isObject(own) && typeof own.const === 'string') values = [own.const];
      else if (isObject(own) && Array.isArray(own.enum)) values = own.enum.filter((v): v is string => typeof v === 'string');
    }
    if (values && values.length > 0) cases.push({ values, branch });
  }
  // A branch no value names cannot be chosen: the schema stays as written.
  if (cases.length !== branches.length || cases.length === 0) return undefined;
  const { [listKey]: _list, discriminator: _d, ...rest } = node;
  const all = cases.flatMap((c) => c.values);
  const selector = { type: 'object', required: [property], properties: { [property]: { enum: all } } };
  const chosen = cases.map((c) => ({ if: { required: [property], properties: { [property]: { enum: c.values } } }, then: c.branch }));
  return { ...rest, allOf: [selector, ...(Array.isArray(rest.allOf) ? rest.allOf : []), ...chosen] };
}
