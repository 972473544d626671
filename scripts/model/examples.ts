// Examples as readers and the mock need them: the document's own (named
// `examples`, a single `example`, the schema's example), else one sampled from
// the schema with openapi-sampler (within EXAMPLE_LIMITS: sampler.ts), marked
// `generated` so no one mistakes it for the writer's.
import { isObject, optionalString, type Deref } from './deref.ts';
import { EXAMPLE_LIMITS } from './limits.ts';
import type { OpenApiDocument } from './load.ts';
import { boundedSample, type Cut } from './sampler.ts';
import type { NamedExample } from './types.ts';

export type Direction = 'request' | 'response';

/** An example cut short (sampler.ts): the schema it happened at, and the schema that was being sampled. */
export interface CappedExample extends Cut {
  root: object;
}

/** `capped` receives every example cut short, for the `example-capped` warnings. */
export function createExampleCollector(document: OpenApiDocument, deref: Deref, capped: CappedExample[] = []) {
  // What all generated examples of the document may take together.
  let bytesLeft = EXAMPLE_LIMITS.documentBytes;
  const deadline = performance.now() + EXAMPLE_LIMITS.documentMs;
  let stopped = false;

  function sampled(schema: unknown, direction: Direction): unknown {
    if (!isObject(schema)) return undefined;
    if (bytesLeft <= 0 || performance.now() > deadline) {
      if (!stopped) {
        stopped = true;
        const reason =
          bytesLeft <= 0
            ? `size: generated examples reached ${EXAMPLE_LIMITS.documentBytes / 1024 / 1024} MB in all`
            : `time: generating examples took over ${EXAMPLE_LIMITS.documentMs / 1000} s in all`;
        capped.push({ schema, root: schema, reason: `${reason}, so no more are generated from here on` });
      }
      return undefined;
    }
    // The sampler warns on stderr for some schemas even with `quiet`; the build reports problems itself.
    const warn = console.warn;
    console.warn = () => {};
    try {
      const { value, size, cuts } = boundedSample(
        schema,
        { skipReadOnly: direction === 'request', skipWriteOnly: direction === 'response', quiet: true },
        document,
      );
      bytesLeft -= size;
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

  return { collect, declared, sampled };
}
