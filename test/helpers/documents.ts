// Reading raw OpenAPI documents, independently of the model code, to check what it produced.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}

/** Every real document of @readme/oas-examples (3.0 and 3.1, the workshop folder included) and @scalar/galaxy. */
export function realDocuments(): string[] {
  const examples = 'node_modules/@readme/oas-examples';
  return [...jsonFiles(join(examples, '3.0/json')), ...jsonFiles(join(examples, '3.1/json')), 'node_modules/@scalar/galaxy/dist/3.1.json'];
}

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
