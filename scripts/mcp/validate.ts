// Arguments checked against the tool's own input schema before anything is sent (ajv, the 2020-12
// dialect the schemas are written in), so a wrong argument comes back as a tool error naming it.
// Patterns run on RE2 as the mock's do (json-schema.ts publishes only those it can run); formats
// are the API's to check.
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { linearRegExp } from '../mock/linear-regexp.ts';

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false, ownProperties: true, code: { regExp: linearRegExp } });
const compiled = new WeakMap<object, ValidateFunction | null>();

/** A JSON pointer's segments as a dotted path: `/body/tags/0` → `body.tags[0]`. */
function dotted(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s), '');
}

function describe(error: ErrorObject): string {
  const at = dotted(error.instancePath);
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return at ? `\`${at}\` is missing its field \`${params.missingProperty}\`` : `the argument \`${params.missingProperty}\` is required`;
  if (error.keyword === 'additionalProperties')
    return at ? `\`${at}\` has no field \`${params.additionalProperty}\`` : `there is no argument \`${params.additionalProperty}\``;
  return `the argument \`${at}\` ${error.message ?? 'is not valid'}`;
}

/** What is wrong with the arguments, or undefined when they fit the schema (or it cannot be compiled: the API then judges). */
export function argumentProblem(schema: object, args: Record<string, unknown>): string | undefined {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    try {
      validate = ajv.compile(schema);
    } catch {
      validate = null;
    }
    compiled.set(schema, validate);
  }
  if (!validate || validate(args)) return undefined;
  const error = validate.errors?.[0];
  return error ? describe(error) : 'the arguments do not fit the tool’s input schema';
}
