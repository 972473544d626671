// A generated description large enough that validating and linting it takes several times as
// long as building its pages: hundreds of operations, each with a response example that Redocly
// checks against its own schema (one validator compiled per schema), among hundreds of schemas.
// It has no problem of its own; `brokenExample` adds one where the caller wants it.

export interface LargeDocumentOptions {
  operations: number;
  schemas: number;
}

const schemaName = (n: number): string => `Schema${n}`;

function schema(n: number, count: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let p = 0; p < 12; p++) {
    if (p % 3 === 0) properties[`field${p}`] = { type: 'integer', minimum: 0 };
    else if (p % 3 === 1) properties[`field${p}`] = { type: 'string', maxLength: 20 + p, pattern: `^[a-z]{1,${p + 5}}$` };
    // A short chain of references, as real descriptions have: every tenth schema ends one.
    else if (p === 2 && n % 10 !== 9 && n + 1 < count) properties[`field${p}`] = { $ref: `#/components/schemas/${schemaName(n + 1)}` };
    else
      properties[`field${p}`] = {
        type: 'array',
        items: { type: 'object', properties: { name: { type: 'string' }, size: { type: 'number', maximum: 100 + p } } },
      };
  }
  return { type: 'object', description: `Schema number ${n}.`, required: ['field0'], properties };
}

/** The description as indented JSON; operation 0's summary is `Get thing <title>`. */
export function largeDocument({ operations, schemas }: LargeDocumentOptions, title: string): string {
  const doc = {
    openapi: '3.0.3',
    info: { title: 'Large API', version: '1.0.0', description: 'Generated.', license: { name: 'MIT', url: 'https://opensource.org/licenses/MIT' } },
    servers: [{ url: 'https://api.large.test' }],
    security: [{ key: [] }],
    tags: Array.from({ length: 20 }, (_, n) => ({ name: `group${n}`, description: `Group ${n}.` })),
    paths: Object.fromEntries(
      Array.from({ length: operations }, (_, n) => [
        `/things${n}/{id}`,
        {
          get: {
            operationId: `getThing${n}`,
            summary: n === 0 ? `Get thing ${title}` : `Get thing ${n}`,
            description: `Returns thing ${n}.`,
            tags: [`group${n % 20}`],
            parameters: [{ name: 'id', in: 'path', required: true, description: 'Its id.', schema: { type: 'string' } }],
            responses: {
              '200': {
                description: 'The thing.',
                content: { 'application/json': { schema: { $ref: `#/components/schemas/${schemaName(n % schemas)}` }, example: { field0: n, field1: 'abc' } } },
              },
              '404': { description: 'No such thing.' },
            },
          },
        },
      ]),
    ),
    components: {
      securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
      schemas: Object.fromEntries(Array.from({ length: schemas }, (_, n) => [schemaName(n), schema(n, schemas)])),
    },
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}

/** The text with operation `n`'s example made invalid (`field0` a string): one lint warning, in that operation. */
export function brokenExample(text: string, n: number): string {
  const example = new RegExp(`("example": \\{\\s*"field0": )${n},`);
  if (!example.test(text)) throw new Error(`No example of operation ${n} in the text`);
  return text.replace(example, `$1"broken-${n}",`);
}

/** First and last line (1-based) of operation `n`'s path item in the text. */
export function linesOf(text: string, n: number): { first: number; last: number } {
  const start = text.indexOf(`"/things${n}/{id}"`);
  const end = text.indexOf(`"/things${n + 1}/{id}"`);
  const line = (offset: number): number => text.slice(0, offset).split('\n').length;
  return { first: line(start), last: end < 0 ? line(text.indexOf('"components"')) : line(end) };
}
