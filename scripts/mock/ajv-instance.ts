// The ajv the mock checks requests with, the same on the thread that answers
// and in the check workers (check-worker.ts): formats, patterns on RE2, the
// linear `uniqueItems`, and references followed once per value (check-run.ts).
import { createRequire } from 'node:module';
import type { ValidateFunction } from 'ajv';
import { refKeyword } from './check-run.ts';
import { linearRegExp } from './linear-regexp.ts';
import { uniqueItemsKeyword } from './unique-items.ts';

// ajv ships CommonJS; createRequire loads it on first use instead of at startup.
const require = createRequire(import.meta.url);

export interface AjvLike {
  addSchema(schema: object, key?: string): unknown;
  addKeyword(definition: object): unknown;
  compile(schema: object): ValidateFunction;
  getSchema(key: string): ValidateFunction | undefined;
}

/** ajv for OpenAPI 3.0's JSON Schema (draft 7) or 3.1's (2020-12); `coerce` reads text as the numbers and booleans the schema expects. */
export function createAjv(is30: boolean, coerce: boolean): AjvLike {
  const options = {
    strict: false,
    logger: false,
    allErrors: false,
    validateSchema: false,
    addUsedSchema: false,
    coerceTypes: coerce ? ('array' as const) : false,
    // A field named `toString` or `constructor` is the request's own, never the one every object inherits.
    ownProperties: true,
    // Patterns run on RE2: no value can make a check backtrack.
    code: { regExp: linearRegExp },
  };
  const Ajv = is30 ? require('ajv').default : require('ajv/dist/2020').default;
  const ajv = new Ajv(options) as AjvLike;
  require('ajv-formats').default(ajv);
  ajv.addKeyword(uniqueItemsKeyword);
  const compiled = new Map<string, ValidateFunction>();
  ajv.addKeyword(
    refKeyword((id) => {
      let validate = compiled.get(id);
      if (!validate) {
        validate = ajv.getSchema(id);
        if (!validate) throw new Error(`no schema registered as ${id}`);
        compiled.set(id, validate);
      }
      return validate;
    }),
  );
  return ajv;
}
