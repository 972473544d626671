// One request's checks against its schemas, bounded and linear in the value.
// ajv checks a `oneOf`/`anyOf` by checking the value against every branch; where
// branches lead back to the same schema (a recursive tree), the same subtree is
// checked again for each branch at each level above it: 2^depth for a body of a
// few hundred bytes. Here every reference between schemas is a keyword of the
// mock's own (REF_KEYWORD, put in place of `$ref` by schemas.ts), whose answer
// is kept for the run per instance node and referenced schema: a value is
// checked against a schema once, whichever branches lead there. The run also
// counts the references it follows and how deeply they nest, and stops past
// its limits (CheckLimits), so no value costs more than a set amount of work.
import type { ErrorObject, FuncKeywordDefinition, ValidateFunction } from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types/index.js';

/** A reference between compiled schemas; an `x-` name, which conversion drops from a description, so none can name it. */
export const REF_KEYWORD = 'x-mock-ref';

export interface CheckLimits {
  /** References followed (an answer already known counts too). */
  steps: number;
  /** References followed within one another. */
  depth: number;
}

export type LimitKind = keyof CheckLimits;

/** Checked (`error` is ajv's first error, none when the value is valid), or stopped at a limit; `steps` counts the references followed. */
export type CheckOutcome = { kind: 'checked'; error?: ErrorObject; steps: number } | { kind: 'limit'; limit: LimitKind; steps: number };

/** What a reference answered for one instance node: valid, or its first error (alone, or none). */
type Kept = true | ErrorObject[];

interface Run {
  limits: CheckLimits;
  steps: number;
  depth: number;
  /** Objects and arrays, by identity, then by referenced schema (made on the first reference: most bodies follow few). */
  nodes?: Map<object, Map<string, Kept>>;
  /** Scalars, by the object or array that holds them, then by schema and key. */
  scalars?: Map<object, Map<string, Kept>>;
  /** A scalar that is the whole value, by schema. */
  root?: Map<string, Kept>;
}

class LimitReached extends Error {
  readonly limit: LimitKind;
  constructor(limit: LimitKind) {
    super(`check limit: ${limit}`);
    this.limit = limit;
  }
}

/** The run in progress: checks are synchronous, so one at a time per thread. */
let current: Run | undefined;

function keptAnswers(run: Run, id: string, data: unknown, cxt: DataValidationCxt | undefined): [Map<string, Kept>, string] {
  if (data !== null && typeof data === 'object') return [mapFor((run.nodes ??= new Map()), data), id];
  const parent = cxt?.parentData as unknown;
  if (parent !== null && typeof parent === 'object') return [mapFor((run.scalars ??= new Map()), parent), `${id}\n${String(cxt?.parentDataProperty)}`];
  return [(run.root ??= new Map()), id];
}

function mapFor(maps: Map<object, Map<string, Kept>>, node: object): Map<string, Kept> {
  let map = maps.get(node);
  if (!map) maps.set(node, (map = new Map()));
  return map;
}

/**
 * The keyword that follows a reference, for one ajv instance: `target` gives the compiled
 * schema an id names. It passes ajv's data context on, so coercion and error paths work as
 * through ajv's own `$ref`, and hands the caller a copy of the errors (ajv adopts and
 * later truncates the array it is given). The first of ajv's errors stays the first.
 */
export function refKeyword(target: (id: string) => ValidateFunction): FuncKeywordDefinition {
  const follow = function follow(id: string, data: unknown, _parent: unknown, cxt?: DataValidationCxt): boolean {
    const self = follow as typeof follow & { errors?: ErrorObject[] | null };
    const validate = target(id);
    const run = current;
    if (!run) {
      const valid = validate(data, cxt) as boolean;
      self.errors = valid ? null : (validate.errors ?? []);
      return valid;
    }
    if (++run.steps > run.limits.steps) throw new LimitReached('steps');
    const [answers, key] = keptAnswers(run, id, data, cxt);
    const kept = answers.get(key);
    if (kept !== undefined) {
      self.errors = kept === true ? null : kept.slice();
      return kept === true;
    }
    if (++run.depth > run.limits.depth) throw new LimitReached('depth');
    let valid: boolean;
    try {
      valid = validate(data, cxt) as boolean;
    } finally {
      run.depth--;
    }
    // The first error only: the mock reports no other, and a branch's errors would otherwise carry every
    // failing branch's below it, doubling at each level of a recursive anyOf.
    const first = validate.errors?.[0];
    const errors = valid ? null : first ? [first] : [];
    answers.set(key, errors === null ? true : errors);
    self.errors = errors?.slice() ?? null;
    return valid;
  };
  // `modifying`: coercion inside the referenced schema may replace the value; ajv reads it again after.
  return { keyword: REF_KEYWORD, schemaType: 'string', errors: true, modifying: true, validate: follow };
}

/** Checks a value within the limits; stops at the first reference past them. */
export function runCheck(validate: ValidateFunction, data: unknown, limits: CheckLimits): CheckOutcome {
  const run: Run = { limits, steps: 0, depth: 0 };
  const outer = current;
  current = run;
  try {
    if (validate(data)) return { kind: 'checked', steps: run.steps };
    const error = validate.errors?.[0];
    return error ? { kind: 'checked', error, steps: run.steps } : { kind: 'checked', error: unknownError(), steps: run.steps };
  } catch (error) {
    if (error instanceof LimitReached) return { kind: 'limit', limit: error.limit, steps: run.steps };
    throw error;
  } finally {
    current = outer;
  }
}

function unknownError(): ErrorObject {
  return { keyword: 'false schema', instancePath: '', schemaPath: '#', params: {}, message: 'is invalid' };
}
