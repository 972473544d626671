// Hostile schemas and bodies for the mock's request checks, made by the tests: a tree
// whose every level is a oneOf or anyOf of two branches that both lead back to the tree
// (checked naively, each level doubles the work: 2^depth), the same with many branches
// over a wide body (work past the per-request limit, however it is checked), and a chain
// of schemas each naming the next twice (2^length checks of one flat value).

export type Combinator = 'oneOf' | 'anyOf';

/** A component schema (`Tree` unless named): both branches check `child` as the same schema, and `v` as a string or as a number. */
export function treeSchemas(combinator: Combinator, name = 'Tree'): Record<string, unknown> {
  const branch = (type: string) => ({
    type: 'object',
    properties: { child: { $ref: `#/components/schemas/${name}` }, v: { type } },
  });
  return { [name]: { [combinator]: [branch('string'), branch('number')] } };
}

/**
 * `{child: {child: … {v: leaf}, v: 1}, v: 1}`, `depth` levels above the leaf. Every level's `v`
 * is a number, and the branch for strings checks `child` before failing on it: a naive check
 * checks the subtree twice per level.
 */
export function nestedBody(depth: number, leaf: unknown = 1): unknown {
  let body: unknown = { v: leaf };
  for (let level = 0; level < depth; level++) body = { child: body, v: 1 };
  return body;
}

/** The path of the leaf's `v` in an error message: `body.child.child.v`. */
export function leafPath(depth: number): string {
  return `body${'.child'.repeat(depth)}.v`;
}

/**
 * `Wide` (unless named): an anyOf of `branches` schemas, each a node whose `c` lists more Wide
 * nodes and whose `v` must equal its own index; a body whose every `v` is the last index makes
 * each node try every branch, and each branch follow every child.
 */
export function wideSchemas(branches: number, name = 'Wide'): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    [name]: { anyOf: Array.from({ length: branches }, (_, i) => ({ $ref: `#/components/schemas/${name}${i}` })) },
  };
  for (let i = 0; i < branches; i++) {
    schemas[`${name}${i}`] = {
      type: 'object',
      properties: { c: { type: 'array', items: { $ref: `#/components/schemas/${name}` } }, v: { type: 'integer', minimum: i, maximum: i } },
    };
  }
  return schemas;
}

/** A tree of Wide nodes, four children each, breadth first, until its JSON reaches about `bytes`. */
export function wideBody(branches: number, bytes: number, v = branches - 1): Record<string, unknown> {
  const root: { c: unknown[]; v: number } = { c: [], v };
  const queue = [root];
  let size = JSON.stringify(root).length;
  const nodeSize = JSON.stringify({ c: [], v }).length + 1;
  while (size + nodeSize <= bytes) {
    const node = queue.shift()!;
    for (let i = 0; i < 4 && size + nodeSize <= bytes; i++) {
      const child = { c: [], v };
      node.c.push(child);
      queue.push(child);
      size += nodeSize;
    }
  }
  return root;
}

/** `Chain0` is anyOf [Chain1, Chain1], … up to `Chain{length}`, an empty string: every other value fails at the end of 2^length paths. */
export function chainSchemas(length: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = { [`Chain${length}`]: { type: 'string', maxLength: 0 } };
  for (let i = 0; i < length; i++) {
    const next = { $ref: `#/components/schemas/Chain${i + 1}` };
    schemas[`Chain${i}`] = { anyOf: [next, next] };
  }
  return schemas;
}

/** An OpenAPI document with these component schemas and no paths. */
export function componentsDocument(version: '3.0.3' | '3.1.0', schemas: Record<string, unknown>): Record<string, unknown> {
  return { openapi: version, info: { title: 'Recursive schemas', version: '1' }, paths: {}, components: { schemas } };
}
