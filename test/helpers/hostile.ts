// Descriptions of a few kilobytes that cost a walk following every reference where it is named far
// more than their size: made here, in the tests, at any depth. Each is one operation whose answer (and
// request body, and a query parameter) is the schema `S0`, so every step of the pipeline meets it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DiagnosticsError, type Diagnostic } from '../../scripts/diagnostics.ts';

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** One operation reading and answering `S0`, with `components.schemas` (and any other top-level fields) as given. */
export function withSchemas(schemas: Record<string, Schema>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    openapi: '3.0.3',
    info: { title: 'Hostile', version: '1' },
    paths: {
      '/things': {
        post: {
          operationId: 'createThing',
          parameters: [{ name: 'q', in: 'query', schema: ref('S0') }],
          requestBody: { content: { 'application/json': { schema: ref('S0'), example: {} } } },
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref('S0') } } } },
        },
      },
    },
    components: { schemas },
    ...extra,
  };
}

/** `S{i}` for i < depth made by `level(next)`, where `next` names `S{i+1}`; `S{depth}` is `last`. */
function chain(depth: number, level: (next: Schema, i: number) => Schema, last: Schema): Record<string, Schema> {
  const schemas: Record<string, Schema> = {};
  for (let i = 0; i < depth; i++) schemas[`S${i}`] = level(ref(`S${i + 1}`), i);
  schemas[`S${depth}`] = last;
  return schemas;
}

const leaf: Schema = { type: 'object', required: ['name'], properties: { name: { type: 'string' } } };

/** An `allOf` chain in which each level names the next twice: 2^depth ways down to the last. */
export function doublyNamedAllOf(depth: number): Record<string, unknown> {
  return withSchemas(chain(depth, (next) => ({ allOf: [next, next] }), leaf));
}

/** The same with `anyOf`, and a `required` field each level looks for in every branch (Redocly's rule does). */
export function doublyNamedAnyOf(depth: number): Record<string, unknown> {
  return withSchemas(chain(depth, (next) => ({ type: 'object', required: ['name'], anyOf: [next, next] }), leaf));
}

/** A shared-`$ref` fan-out: each level's two fields are both the next level. */
export function referenceFanOut(depth: number): Record<string, unknown> {
  return withSchemas(chain(depth, (next) => ({ type: 'object', properties: { left: next, right: next } }), leaf));
}

/** Each level an `allOf` naming the next `width` times: width^depth ways down. */
export function wideAllOf(width: number, depth: number, last: Schema = {}): Record<string, unknown> {
  return withSchemas(chain(depth, (next) => ({ allOf: Array.from({ length: width }, () => next) }), last));
}

/** `size` schemas, each a oneOf of all of them: every one applies itself to the same value, with no field between. */
export function inPlaceLoops(size: number): Record<string, unknown> {
  const all = Array.from({ length: size }, (_, i) => ref(`S${i}`));
  return withSchemas(Object.fromEntries(all.map((_, i) => [`S${i}`, { oneOf: all }])));
}

/** The descriptions above that expand past any budget, by name: what every step that walks references is tried with. */
export const EXPANDING: [string, () => Record<string, unknown>][] = [
  ['a doubly named allOf, 30 levels', () => doublyNamedAllOf(30)],
  ['a doubly named anyOf with a required field, 30 levels', () => doublyNamedAnyOf(30)],
  ['a shared-$ref fan-out, 30 levels', () => referenceFanOut(30)],
  ['an allOf naming the next 40 times, 7 levels', () => wideAllOf(40, 7)],
];

/** A chain of `length` components, each an array of the next. */
export function referenceChain(length: number): Record<string, unknown> {
  return withSchemas(chain(length, (next) => ({ type: 'array', items: next }), { type: 'string' }));
}

/**
 * The doubly named `allOf` through references to something other than a component schema (`#/x-parts/…`):
 * the model follows those where they are named, so its schema tree, not only a walk of it, doubles at each level.
 */
export function doublyNamedInline(depth: number): Record<string, unknown> {
  const parts: Record<string, Schema> = {};
  const part = (i: number): Schema => ({ $ref: `#/x-parts/P${i}` });
  for (let i = 0; i < depth; i++) parts[`P${i}`] = { allOf: [part(i + 1), part(i + 1)] };
  parts[`P${depth}`] = leaf;
  return withSchemas({ S0: part(0) }, { 'x-parts': parts });
}

/** JSON text of a description whose answer's schema nests `levels` arrays deep, written out (no references). */
export function deeplyNestedText(levels: number): string {
  const schema = `${'{"type":"array","items":'.repeat(levels)}{"type":"string"}${'}'.repeat(levels)}`;
  const document = JSON.stringify(withSchemas({ S0: { type: 'string' } }));
  return document.replace('{"type":"string"}', schema);
}

let written = 0;
/** Writes a description into `dir` (JSON with one key per line, so that places are lines) and returns its path. */
export function writeDescription(dir: string, document: unknown): string {
  const file = join(dir, `openapi-${written++}.json`);
  writeFileSync(file, typeof document === 'string' ? document : JSON.stringify(document, null, 2));
  return file;
}

/** The text a diagnostic points at, from its column to the end of the next line. */
export function textAt(file: string, d: Diagnostic): string {
  const lines = readFileSync(file, 'utf8').split('\n');
  return `${lines[d.line - 1]?.slice(d.col - 1) ?? ''}\n${lines[d.line] ?? ''}`;
}

/** The schema a diagnostic's place refers to: `S12` for `{ "$ref": "#/components/schemas/S12" }` written by writeDescription. */
export function referenceAt(file: string, d: Diagnostic): string | undefined {
  return /^\{\n\s*"\$ref": "#\/(?:components\/schemas|x-parts)\/(\w+)"/.exec(textAt(file, d))?.[1];
}

/** The problems a build or load is refused with; throws when it is not refused. */
export async function refusal(work: Promise<unknown>): Promise<Diagnostic[]> {
  try {
    await work;
  } catch (error) {
    if (error instanceof DiagnosticsError) return error.diagnostics;
    throw error;
  }
  throw new Error('The description was not refused');
}
