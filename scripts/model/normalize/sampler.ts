// openapi-sampler within EXAMPLE_LIMITS. Its samplers are wrapped (openapi-sampler's own hook,
// `_registerSampler`): `minItems` and `minLength` past the limits are sampled at the limits, and
// while one example is sampled every node it creates is counted, so once it reaches its size or
// time no array or object grows further. The result is then measured as written out (a schema's
// own `example` can repeat in every item): one past the size is sampled again, smaller, or dropped.
// Every cut is recorded with the schema it happened at, for the `example-capped` warning.
// openapi-sampler follows a reference each time it meets it, and merges an `allOf` by sampling each member:
// an `allOf` that names the next schema twice at each of 25 levels is 33 million samples of the last one. It
// reads every reference's target from the document it is given, so it is given a view of it whose top-level
// fields count those reads: past EXAMPLE_LIMITS.references in one example, or its time, the example stops.
import * as openapiSampler from 'openapi-sampler';
import type { Options } from 'openapi-sampler';
import { EXAMPLE_LIMITS } from '../limits.ts';

type Sampler = (schema: Record<string, any>, options: Options, spec: unknown, context: unknown) => unknown;
// The hook and the registry are exported by openapi-sampler, not declared in its types.
const { sample } = openapiSampler;
const { _registerSampler, _samplers } = openapiSampler as unknown as {
  _registerSampler(type: string, sampler: Sampler): void;
  _samplers: Record<string, Sampler>;
};

export interface Cut {
  /** The schema (an object of the document, or one openapi-sampler merged from several) where it happened. */
  schema: object;
  reason: string;
}

interface Run {
  /** Bytes (of JSON, about) the nodes made so far may still take. */
  left: number;
  /** References followed so far. */
  references: number;
  deadline: number;
  items: number;
  cuts: Cut[];
  /** Schemas already recorded as cut (one inside an array is sampled once per item). */
  recorded: WeakSet<object>;
  /** Set once the example stopped growing. */
  stopped?: boolean;
}

function record(current: Run, schema: object, reason: string): void {
  if (current.recorded.has(schema)) return;
  current.recorded.add(schema);
  current.cuts.push({ schema, reason });
}

let run: Run | undefined;

const original = { ..._samplers } as Record<'array' | 'object' | 'string' | 'number' | 'integer' | 'boolean', Sampler>;

function exhausted(current: Run, schema: object): boolean {
  const overSize = current.left <= 0;
  if (!overSize && performance.now() < current.deadline) return false;
  if (!current.stopped) {
    current.stopped = true;
    const reason = overSize ? `size: the example reached about ${EXAMPLE_LIMITS.bytes / 1024} KB` : `time: sampling took over ${EXAMPLE_LIMITS.ms} ms`;
    current.cuts.push({ schema, reason: `${reason}, so it stops growing there` });
  }
  return true;
}

_registerSampler('array', (schema, options, spec, context) => {
  if (!run) return original.array(schema, options, spec, context);
  if (exhausted(run, schema)) return [];
  let bounded = schema;
  if (typeof schema.minItems === 'number' && schema.minItems > run.items) {
    record(run, schema, `minItems: ${schema.minItems} items sampled as ${run.items}`);
    bounded = { ...schema, minItems: run.items };
  }
  run.left -= 2;
  return original.array(bounded, options, spec, context);
});

_registerSampler('object', (schema, options, spec, context) => {
  if (!run) return original.object(schema, options, spec, context);
  if (exhausted(run, schema)) return {};
  const value = original.object(schema, options, spec, context) as Record<string, unknown>;
  for (const key of Object.keys(value ?? {})) run.left -= key.length + 4;
  return value;
});

_registerSampler('string', (schema, options, spec, context) => {
  let bounded = schema;
  if (run && typeof schema.minLength === 'number' && schema.minLength > EXAMPLE_LIMITS.length) {
    record(run, schema, `minLength: ${schema.minLength} characters sampled as ${EXAMPLE_LIMITS.length}`);
    bounded = { ...schema, minLength: EXAMPLE_LIMITS.length };
  }
  const value = original.string(bounded, options, spec, context);
  if (run) run.left -= typeof value === 'string' ? value.length + 2 : 8;
  return value;
});

for (const type of ['number', 'integer', 'boolean'] as const) {
  _registerSampler(type, (schema, options, spec, context) => {
    if (run) run.left -= 8;
    return original[type](schema, options, spec, context);
  });
}

/** Size of `value` as JSON, about: shared nodes counted where they appear, measured once. */
export function writtenSize(value: unknown, memo = new Map<object, number>()): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  const known = memo.get(value);
  if (known !== undefined) return known;
  memo.set(value, 0); // A value inside itself (impossible from JSON, cheap to guard) counts once.
  let size = 2;
  // Plain loops: this runs over every generated example, and Object.entries would copy each object first.
  if (Array.isArray(value)) for (let i = 0; i < value.length; i++) size += writtenSize(value[i], memo) + 1;
  else for (const key in value) size += key.length + 4 + writtenSize((value as Record<string, unknown>)[key], memo);
  memo.set(value, size);
  return size;
}

/** Thrown through openapi-sampler when an example follows more references than it may, or takes longer: no example. */
class Stopped extends Error {}

/** A reference read by openapi-sampler (JsonPointer.get on the document it was given), counted against the example's bounds. */
function followed(current: Run): void {
  current.references += 1;
  if (current.references > EXAMPLE_LIMITS.references) {
    throw new Stopped(
      `references: sampling followed more than ${EXAMPLE_LIMITS.references.toLocaleString('en-US')} references (a schema named many times over), so none is shown`,
    );
  }
  if (performance.now() > current.deadline) throw new Stopped(`time: sampling took over ${EXAMPLE_LIMITS.ms} ms, so none is shown`);
}

/** The document as openapi-sampler reads references from it: each read of a top-level field is a reference followed. */
function countedView(document: unknown, current: Run): unknown {
  if (document === null || typeof document !== 'object') return document;
  const view: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (value === null || typeof value !== 'object') view[key] = value;
    else {
      Object.defineProperty(view, key, {
        enumerable: true,
        get: () => {
          followed(current);
          return value;
        },
      });
    }
  }
  return view;
}

function once(schema: object, options: Options, document: unknown, items: number, cuts: Cut[], references: { count: number }): unknown {
  const current: Run = { left: EXAMPLE_LIMITS.bytes, references: 0, deadline: performance.now() + EXAMPLE_LIMITS.ms, items, cuts, recorded: new WeakSet() };
  run = current;
  try {
    return sample(schema as never, options, countedView(document, current) as never);
  } finally {
    references.count += current.references;
    run = undefined;
  }
}

/**
 * An example for `schema` within the limits, and the cuts made to keep it there; `value` is undefined
 * when openapi-sampler cannot handle the schema, or even the smallest sample is too large.
 */
export function boundedSample(schema: object, options: Options, document: unknown): { value: unknown; size: number; cuts: Cut[]; references: number } {
  const cuts: Cut[] = [];
  const options_ = { ...options, maxSampleDepth: EXAMPLE_LIMITS.depth };
  const references = { count: 0 };
  try {
    let value = once(schema, options_, document, EXAMPLE_LIMITS.items, cuts, references);
    let size = writtenSize(value);
    if (size > EXAMPLE_LIMITS.bytes) {
      // Written out it is too large (values the document repeats in every item): one item per array, shallower.
      value = once(schema, { ...options_, maxSampleDepth: Math.min(4, EXAMPLE_LIMITS.depth) }, document, 1, [], references);
      size = writtenSize(value);
      const fits = size <= EXAMPLE_LIMITS.bytes;
      cuts.push({
        schema,
        reason: `size: the example written out is over ${EXAMPLE_LIMITS.bytes / 1024} KB${fits ? ', so it shows one item per array' : ', so none is shown'}`,
      });
      if (!fits) return { value: undefined, size: 0, cuts, references: references.count };
    }
    return { value, size, cuts, references: references.count };
  } catch (error) {
    if (!(error instanceof Stopped)) throw error;
    cuts.push({ schema, reason: error.message });
    return { value: undefined, size: 0, cuts, references: references.count };
  }
}
