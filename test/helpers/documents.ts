// Reading raw OpenAPI documents, independently of the model code, to check what it produced.

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Operations of a `paths` or `webhooks` map, counted from the raw JSON (path items by local $ref included). */
export function countOperations(map: Record<string, any> | undefined, document: Record<string, any>): number {
  let count = 0;
  for (const item of Object.values(map ?? {})) {
    let pathItem = item;
    if (pathItem && typeof pathItem.$ref === 'string' && pathItem.$ref.startsWith('#/')) {
      pathItem = pathItem.$ref
        .slice(2)
        .split('/')
        .reduce((node: any, key: string) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
    }
    for (const method of METHODS) if (pathItem && typeof pathItem[method] === 'object') count++;
  }
  return count;
}
