// `uniqueItems` in time linear in the value: ajv compares items pairwise when
// they are not all numbers or strings, so a 64 KiB array of 10,000 distinct
// small objects held the event loop for seconds. Here each item is written
// once in a canonical form (object keys sorted) and looked up in a set.
// Hand-written: ajv has no linear mode for it, and the check is a few lines.

/** JSON with object keys sorted: two values JSON Schema calls equal get the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

interface UniqueError {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: { i: number; j: number };
  message: string;
}

/** ajv's keyword definition; its error reads as ajv's own `uniqueItems` error. */
export const uniqueItemsKeyword = {
  keyword: 'x-mock-unique-items',
  type: 'array',
  schemaType: 'boolean',
  errors: true,
  validate: function check(this: unknown, unique: boolean, data: unknown[], _schema?: unknown, ctx?: { instancePath: string }): boolean {
    const self = check as typeof check & { errors?: UniqueError[] | null };
    self.errors = null;
    if (!unique) return true;
    const seen = new Map<string, number>();
    for (let i = 0; i < data.length; i++) {
      const text = canonical(data[i]);
      const j = seen.get(text);
      if (j !== undefined) {
        self.errors = [
          {
            keyword: 'uniqueItems',
            instancePath: ctx?.instancePath ?? '',
            schemaPath: '#/uniqueItems',
            params: { i, j },
            message: `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
          },
        ];
        return false;
      }
      seen.set(text, i);
    }
    return true;
  },
};
