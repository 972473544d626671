// What a record keeps of what a client sends: the fields its schema declares,
// at every level, as a strict server would; a field the schema does not name
// is dropped, unless the schema lets an object take any field
// (`additionalProperties`, or an object that declares none). So a record
// costs what its schema describes, not whatever a body carried beside it (the
// bytes a session holds are capped apart, store/limits.ts). Each schema node
// is read once (references followed, `allOf` merged), then reused.
import { mergeSchema, type SchemaLookup } from '../../model/contract/schema-merge.ts';
import type { SchemaNode } from '../../model/contract/types.ts';
import type { FieldFilter, Rec } from './types.ts';

/** Past this depth a value is kept as it is: a body is at most 64 KiB, and its bytes are counted anyway. */
const MAX_DEPTH = 32;

interface Shape {
  /** The fields declared, with their schemas; undefined when the object takes any field. */
  fields: Map<string, SchemaNode[]> | undefined;
  /** Fields beyond those: kept when true or a schema (checked by it), dropped when undefined. */
  extra: SchemaNode | true | undefined;
  /** An array's items. */
  items: SchemaNode | undefined;
}

const isObject = (value: unknown): value is Rec => value !== null && typeof value === 'object' && !Array.isArray(value);

export class DeclaredFields implements FieldFilter {
  private readonly lookup: SchemaLookup;
  private readonly shapes = new Map<SchemaNode, Shape>();

  constructor(lookup: SchemaLookup) {
    this.lookup = lookup;
  }

  /** The record with only the fields `schema` declares, at every level. */
  keep(record: Rec, schema: SchemaNode): Rec {
    return this.value(record, [schema], 0) as Rec;
  }

  private value(value: unknown, schemas: SchemaNode[], depth: number): unknown {
    if (depth >= MAX_DEPTH || schemas.length === 0 || value === null || typeof value !== 'object') return value;
    const shapes = schemas.map((s) => this.shape(s));
    if (Array.isArray(value)) {
      const items = shapes.flatMap((s) => (s.items ? [s.items] : []));
      return items.length === 0 ? value : value.map((item) => this.value(item, items, depth + 1));
    }
    if (!isObject(value) || shapes.some((s) => s.fields === undefined)) return value;
    const out: Rec = {};
    for (const key of Object.keys(value)) {
      const declared = shapes.flatMap((s) => s.fields?.get(key) ?? []);
      const extra = shapes.flatMap((s) => (s.extra === undefined ? [] : [s.extra]));
      if (declared.length === 0 && extra.length === 0) continue;
      const nested = declared.length > 0 ? declared : extra.filter((e): e is SchemaNode => e !== true);
      const kept = declared.length === 0 && extra.includes(true) ? value[key] : this.value(value[key], nested, depth + 1);
      // Defined, not assigned: a field named `__proto__` is data.
      Object.defineProperty(out, key, { value: kept, enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  private shape(node: SchemaNode): Shape {
    let shape = this.shapes.get(node);
    if (!shape) {
      // Set before the branches are read, so a schema that contains itself ends.
      shape = { fields: new Map(), extra: undefined, items: undefined };
      this.shapes.set(node, shape);
      this.fill(shape, mergeSchema(node, this.lookup));
    }
    return shape;
  }

  private fill(shape: Shape, merged: SchemaNode): void {
    shape.items = merged.items;
    const add = (name: string, schema: SchemaNode) => {
      const fields = shape.fields;
      if (fields) fields.set(name, [...(fields.get(name) ?? []), schema]);
    };
    for (const p of merged.properties ?? []) add(p.name, p.schema);
    if (merged.additionalProperties === true || (typeof merged.additionalProperties === 'object' && merged.additionalProperties !== null)) {
      shape.extra = merged.additionalProperties;
    }
    const branches = [...(merged.oneOf ?? []), ...(merged.anyOf ?? [])];
    // Any branch's fields may be sent: the record keeps the fields of every branch.
    for (const branch of branches) {
      const inner = this.shape(branch);
      if (inner.fields === undefined) shape.fields = undefined;
      else for (const [name, schemas] of inner.fields) for (const s of schemas) add(name, s);
      if (inner.extra !== undefined) shape.extra = shape.extra === true || inner.extra === true ? true : (shape.extra ?? inner.extra);
    }
    const declaresNothing = (merged.properties?.length ?? 0) === 0 && branches.length === 0 && merged.additionalProperties === undefined;
    // An object that names no field takes any (a free-form object): its bytes are counted all the same.
    if (declaresNothing) shape.fields = undefined;
  }
}
