// The examples of an operation as a reference page shows them: each body's examples without
// the fields of the other direction (readOnly out of requests, writeOnly out of responses), one
// example per variant where a oneOf body has only a generated one, and XML media types with
// their examples written as XML. The page, its code samples and its try-it panel all read
// the operation through this, so they show the same bodies.
import { exampleInDirection, merged, type Direction } from './direction.ts';
import type { SchemaLookup } from './schema-merge.ts';
import type { MediaType, NamedExample, Operation } from './types.ts';
import { variantExample, variantsOf } from './variants.ts';
import { exampleToXml, isXmlMediaType } from './xml-example.ts';

function forMedia(media: MediaType, direction: Direction, lookup: SchemaLookup): MediaType {
  let examples: NamedExample[] = media.examples;
  const schema = media.schema ? merged(media.schema, lookup) : undefined;
  const variants = schema ? variantsOf(schema) : undefined;
  if (variants && schema && examples.every((e) => e.generated)) {
    // A generated example shows one arbitrary variant: each variant gets its own instead.
    const own = variants.flatMap((variant) => {
      const value = variantExample(variant, schema.discriminator, direction, lookup);
      return value === undefined ? [] : [{ name: variant.label, summary: variant.mappingValues.join(', ') || undefined, value, generated: true }];
    });
    if (own.length > 0) examples = own;
  } else {
    examples = examples.map((e) => {
      const value = exampleInDirection(e.value, media.schema, direction, lookup);
      return value === e.value ? e : { ...e, value };
    });
  }
  if (isXmlMediaType(media.mediaType)) {
    examples = examples.map((e) => (e.value === undefined || typeof e.value === 'string' ? e : { ...e, value: exampleToXml(e.value, media.schema, lookup) }));
  }
  return examples === media.examples ? media : { ...media, examples };
}

export function readingExamples(op: Operation, lookup: SchemaLookup): Operation {
  return {
    ...op,
    requestBody: op.requestBody && { ...op.requestBody, content: op.requestBody.content.map((m) => forMedia(m, 'request', lookup)) },
    responses: op.responses.map((r) => ({ ...r, content: r.content.map((m) => forMedia(m, 'response', lookup)) })),
  };
}
