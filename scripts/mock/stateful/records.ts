// The records a write makes: a create takes the body, the declared defaults,
// the assigned id and the server's own (readOnly) fields; a replace changes
// what its body may send and keeps the rest; an update is a JSON Merge Patch.
// The id and readOnly fields are the server's: a body never changes them.
// A record keeps the fields its schema declares only (declared-fields.ts).
// Pure, given the clock and the random source.
import type { SchemaNode } from '../../model/contract/types.ts';
import { uuidFrom } from './ids.ts';
import { mergePatch } from './merge-patch.ts';
import type { Rec, Resource } from './types.ts';

export interface Clock {
  now(): Date;
  random(): number;
}

/** Own, enumerable, whatever the name: a body field called `__proto__` is data (defined, not assigned; other keys are assigned, which keeps objects fast). */
function set(target: Rec, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

function copy(source: Rec): Rec {
  const out: Rec = {};
  for (const key of Object.keys(source)) set(out, key, source[key]);
  return out;
}

/**
 * A value for a server-filled field no example gives. Hand-written: a timestamp or id made
 * now is what a server would fill in, where a sampler gives the same fixed text every time.
 */
export function generateValue(schema: SchemaNode, clock: Clock): unknown {
  if (schema.format === 'date-time') return clock.now().toISOString();
  if (schema.format === 'date') return clock.now().toISOString().slice(0, 10);
  if (schema.format === 'uuid') {
    const bytes = new Uint8Array(16);
    for (let i = 0; i < 16; i++) bytes[i] = Math.floor(clock.random() * 256);
    return uuidFrom(bytes);
  }
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = schema.type?.[0];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'string';
}

function serverFields(resource: Resource, record: Rec, from: Rec | undefined, clock: Clock): void {
  for (const { field, example, schema } of resource.readOnly) {
    if (from && Object.hasOwn(from, field)) set(record, field, from[field]);
    else if (example !== undefined) set(record, field, example);
    else set(record, field, generateValue(schema, clock));
  }
}

function withoutServerFields(resource: Resource, body: Rec): Rec {
  const out = copy(body);
  for (const { field } of resource.readOnly) delete out[field];
  if (resource.id.field !== undefined) delete out[resource.id.field];
  return out;
}

/** The record with the fields its schema declares only, in the resource's order (an example's), others after. */
function ordered(resource: Resource, full: Rec): Rec {
  const record = resource.declared.keep(full, resource.record);
  // The id, even where the schema does not name its field (`x-mock-resource` named it).
  if (resource.id.field !== undefined && Object.hasOwn(full, resource.id.field)) set(record, resource.id.field, full[resource.id.field]);
  const out: Rec = {};
  for (const key of resource.fieldOrder) if (Object.hasOwn(record, key)) set(out, key, record[key]);
  for (const key of Object.keys(record)) if (!Object.hasOwn(out, key)) set(out, key, record[key]);
  return out;
}

export function createRecord(resource: Resource, body: Rec, id: string | number, clock: Clock): Rec {
  const record: Rec = {};
  for (const [key, value] of Object.entries(resource.defaults)) set(record, key, value);
  const sent = withoutServerFields(resource, body);
  for (const key of Object.keys(sent)) set(record, key, sent[key]);
  if (resource.id.field !== undefined) set(record, resource.id.field, id);
  serverFields(resource, record, undefined, clock);
  return ordered(resource, record);
}

/** PUT: the fields the body may send are replaced (absent ones take their default or go), the others kept. */
export function replaceRecord(
  resource: Resource,
  existing: Rec | undefined,
  body: Rec,
  bodyFields: string[] | undefined,
  id: string | number,
  clock: Clock,
): Rec {
  const record = existing ? copy(existing) : {};
  const sent = withoutServerFields(resource, body);
  const replaced = bodyFields && bodyFields.length > 0 ? bodyFields : Object.keys(sent);
  for (const field of replaced) {
    if (field === resource.id.field) continue;
    delete record[field];
    if (Object.hasOwn(sent, field)) set(record, field, sent[field]);
    else if (Object.hasOwn(resource.defaults, field)) set(record, field, resource.defaults[field]);
  }
  // Fields the body sends beyond those it declares are kept too, where the record's schema declares them.
  for (const key of Object.keys(sent)) if (!Object.hasOwn(record, key)) set(record, key, sent[key]);
  if (!existing) for (const [key, value] of Object.entries(resource.defaults)) if (!Object.hasOwn(record, key)) set(record, key, value);
  if (resource.id.field !== undefined) set(record, resource.id.field, id);
  serverFields(resource, record, existing, clock);
  return ordered(resource, record);
}

/** PATCH with a JSON object: JSON Merge Patch, the id and server fields untouched. */
export function updateRecord(resource: Resource, existing: Rec, patch: Rec, clock: Clock): Rec {
  const record = mergePatch(existing, withoutServerFields(resource, patch)) as Rec;
  if (resource.id.field !== undefined) set(record, resource.id.field, existing[resource.id.field]);
  serverFields(resource, record, existing, clock);
  return ordered(resource, record);
}
