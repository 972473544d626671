// Examples as readers and the mock need them: the document's own (named
// `examples`, a single `example`, the schema's example), else one sampled from
// the schema with openapi-sampler, marked `generated` so no one mistakes it
// for the writer's.
import { sample } from 'openapi-sampler';
import { isObject, optionalString, type Deref } from './deref.ts';
import type { OpenApiDocument } from './load.ts';
import type { NamedExample } from './types.ts';

export type Direction = 'request' | 'response';

export function createExampleCollector(document: OpenApiDocument, deref: Deref) {
  function sampled(schema: unknown, direction: Direction): unknown {
    if (!isObject(schema)) return undefined;
    // The sampler warns on stderr for some schemas even with `quiet`; the build reports problems itself.
    const warn = console.warn;
    console.warn = () => {};
    try {
      return sample(
        schema as never,
        {
          skipReadOnly: direction === 'request',
          skipWriteOnly: direction === 'response',
          quiet: true,
          maxSampleDepth: 8,
        },
        document,
      );
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
