// Examples as readers and the mock need them: the document's own (named
// `examples`, a single `example`, the schema's example), else one sampled from
// the schema with openapi-sampler (within EXAMPLE_LIMITS: sampler.ts), marked
// `generated` so no one mistakes it for the writer's.
import { isObject, optionalString, type Deref } from '../document/deref.ts';
import { EXAMPLE_LIMITS } from '../limits.ts';
import type { OpenApiDocument } from '../document/openapi.ts';
import { boundedSample, type Cut } from './sampler.ts';
import type { NamedExample } from '../contract/types.ts';

export type Direction = 'request' | 'response';

/** An example cut short (sampler.ts): the schema it happened at, and the schema that was being sampled. */
export interface CappedExample extends Cut {
  root: object;
}

/** `capped` receives every example cut short, for the `example-capped` warnings. */
export function createExampleCollector(document: OpenApiDocument, deref: Deref, capped: CappedExample[] = []) {
  // What all generated examples of the document may take together.
  let bytesLeft = EXAMPLE_LIMITS.documentBytes;
  let referencesLeft = EXAMPLE_LIMITS.documentReferences;
  const deadline = performance.now() + EXAMPLE_LIMITS.documentMs;
  let stopped = false;
  // A schema that is one reference (`$ref: '#/components/schemas/Pet'`, in every operation that returns a Pet) is
  // sampled once per direction: openapi-sampler gives the same example for the same reference.
  const byReference = new Map<string, { value: unknown; size: number; cuts: Cut[] }>();

  function budgetReason(): string | undefined {
    if (bytesLeft <= 0) return `size: generated examples reached ${EXAMPLE_LIMITS.documentBytes / 1024 / 1024} MB in all`;
    if (referencesLeft <= 0) return `references: generating examples followed ${EXAMPLE_LIMITS.documentReferences.toLocaleString('en-US')} references in all`;
    if (performance.now() > deadline) return `time: generating examples took over ${EXAMPLE_LIMITS.documentMs / 1000} s in all`;
    return undefined;
  }

  function sampled(schema: unknown, direction: Direction): unknown {
    if (!isObject(schema)) return undefined;
    const spent = budgetReason();
    if (spent) {
      if (!stopped) {
        stopped = true;
        capped.push({ schema, root: schema, reason: `${spent}, so no more are generated from here on` });
      }
      return undefined;
    }
    const key = typeof schema.$ref === 'string' && Object.keys(schema).length === 1 ? `${direction} ${schema.$ref}` : undefined;
    const known = key === undefined ? undefined : byReference.get(key);
    if (known) {
      bytesLeft -= known.size;
      for (const cut of known.cuts) capped.push({ ...cut, root: schema });
      return known.value;
    }
    // The sampler warns on stderr for some schemas even with `quiet`; the build reports problems itself.
    const warn = console.warn;
    console.warn = () => {};
    try {
      const { value, size, cuts, references } = boundedSample(
        schema,
        { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true },
        document,
      );
      bytesLeft -= size;
      referencesLeft -= references;
      if (key !== undefined) byReference.set(key, { value, size, cuts });
      for (const cut of cuts) capped.push({ ...cut, root: schema });
      return value;
    } catch {
      // Schemas the sampler cannot handle simply get no generated example.
      return undefined;
    } finally {
      console.warn = warn;
    }
  }

  function declared(holder: Record<string, any>): NamedExample[] {
    const out: NamedExample[] = [];
    if (isObject(holder.examples)) {
      for (const [name, raw] of Object.entries(holder.examples)) {
        const example = deref(raw);
        if (!isObject(example)) continue;
        out.push({
          name,
          summary: optionalString(example.summary),
          description: optionalString(example.description),
          value: example.value,
          externalValue: optionalString(example.externalValue),
          generated: false,
        });
      }
    }
    if (out.length === 0 && 'example' in holder) out.push({ name: 'default', value: holder.example, generated: false });
    return out;
  }

  /** Examples of a media type or parameter; one generated from the schema when none is declared. */
  function collect(holder: Record<string, any>, direction: Direction): NamedExample[] {
    const own = declared(holder);
    if (own.length > 0) return own;
    const schema = deref(holder.schema);
    if (isObject(schema) && 'example' in schema) return [{ name: 'default', value: schema.example, generated: false }];
    if (isObject(schema) && Array.isArray(schema.examples) && schema.examples.length > 0) {
      return [{ name: 'default', value: schema.examples[0], generated: false }];
    }
    const value = sampled(holder.schema, direction);
    return value === undefined ? [] : [{ name: 'generated', value, generated: true }];
  }

  return {
    collect,
    declared,
    sampled,
    /** Bytes of examples generated so far, against the document's budget. */
    spent: () => EXAMPLE_LIMITS.documentBytes - bytesLeft,
    /** Counts examples generated by an earlier normalization, and taken again, as generated now. */
    charge: (bytes: number) => {
      bytesLeft -= bytes;
    },
    /** Whether the budget ran out or was spent: examples after that point are not, or would not be, generated. */
    exhausted: () => stopped || bytesLeft <= 0 || referencesLeft <= 0,
  };
}
