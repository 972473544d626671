// The model's schemas as JSON Schema 2020-12, the dialect tool input schemas are written in, for
// what a client sends (readOnly fields left out, as the portal leaves them out of request bodies).
// Only keywords the server writes itself: the model's nodes hold no extension or unknown keyword,
// so none can reach a client as a schema keyword. A component stays a `$ref` to `$defs`, converted
// once per model; text is quoted (quote.ts) and bounded; a node past the work budget, a pattern
// that cannot be checked in linear time, and a field name too long to publish are left out (the
// schema is then looser than the description, never stricter).
import { linearPattern } from '../model/contract/linear-pattern.ts';
import type { SchemaEntry, SchemaNode } from '../model/contract/types.ts';
import { NAME_MAX, safeName, UniqueNames } from './names.ts';
import { quoted } from './quote.ts';

export type JsonSchema = Record<string, unknown>;

/** Characters of one description inside a schema. */
const DESCRIPTION_MAX = 300;
/** Nodes written for one component or one tool's inline schemas: GitHub's largest request body is a few hundred. */
const NODE_BUDGET = 2000;
/** A field name longer than this is not published (the body may still carry it: the object stays open). */
const FIELD_NAME_MAX = 128;
const ENUM_MAX = 500;
/** Characters of JSON an example may take to be published beside its schema. */
const EXAMPLE_MAX = 1024;
/** Characters of JSON the components of one tool may take; past it, the furthest are published as any value. */
const DEFS_MAX = 128 * 1024;

export class SchemaWriter {
  private readonly schemas: ReadonlyMap<string, SchemaEntry>;
  private readonly keys = new Map<string, string>();
  private readonly names = new UniqueNames();
  private readonly converted = new Map<string, JsonSchema>();
  private readonly reaches = new Map<string, string[]>();
  private readonly sizes = new Map<string, number>();

  constructor(schemas: ReadonlyMap<string, SchemaEntry>) {
    this.schemas = schemas;
  }

  /** The `$defs` key of a component: a safe name, unique (names are the description's, and any string may be one). */
  key(name: string): string {
    let key = this.keys.get(name);
    if (!key) this.keys.set(name, (key = this.names.take(safeName(name, 'schema', NAME_MAX))));
    return key;
  }

  /** A node as JSON Schema, the components it names added to `refs`. */
  write(node: SchemaNode, refs: Set<string>): JsonSchema {
    return new NodeWriter(this, refs).node(node);
  }

  /** A component's JSON Schema, converted once. */
  component(name: string): JsonSchema {
    let schema = this.converted.get(name);
    if (!schema) {
      const refs = new Set<string>();
      const entry = this.schemas.get(name);
      schema = entry ? this.write(entry.schema, refs) : {};
      this.converted.set(name, schema);
      this.reaches.set(name, [...refs]);
    }
    return schema;
  }

  /** `$defs` for the components `refs` names and every one they reach in turn, nearest first, within DEFS_MAX. */
  defs(refs: Iterable<string>): Record<string, JsonSchema> {
    const out: Record<string, JsonSchema> = {};
    const queue = [...refs];
    const seen = new Set(queue);
    let size = 0;
    for (let i = 0; i < queue.length; i++) {
      const name = queue[i] as string;
      const schema = this.component(name);
      size += this.size(name);
      out[this.key(name)] = size <= DEFS_MAX ? schema : {};
      for (const next of this.reaches.get(name) ?? []) {
        if (!seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    return out;
  }

  private size(name: string): number {
    let size = this.sizes.get(name);
    if (size === undefined) this.sizes.set(name, (size = JSON.stringify(this.component(name)).length));
    return size;
  }

  known(name: string): boolean {
    return this.schemas.has(name);
  }
}

class NodeWriter {
  private budget = NODE_BUDGET;
  private readonly writer: SchemaWriter;
  private readonly refs: Set<string>;

  constructor(writer: SchemaWriter, refs: Set<string>) {
    this.writer = writer;
    this.refs = refs;
  }

  node(node: SchemaNode): JsonSchema {
    if (--this.budget < 0) return {};
    if (node.ref !== undefined) {
      if (!this.writer.known(node.ref)) return {};
      this.refs.add(node.ref);
      return { $ref: `#/$defs/${this.writer.key(node.ref)}` };
    }
    if (node.circular) return {};
    const out: JsonSchema = {};
    const types = [...(node.type ?? []), ...(node.nullable && node.type?.length ? ['null'] : [])];
    if (types.length > 0) out.type = types.length === 1 ? types[0] : types;
    if (node.format) out.format = node.format;
    const description = quoted(node.description, DESCRIPTION_MAX);
    if (description) out.description = description;
    this.values(node, out);
    this.bounds(node, out);
    this.structure(node, out);
    return out;
  }

  private values(node: SchemaNode, out: JsonSchema): void {
    if (node.enum && node.enum.length <= ENUM_MAX) out.enum = node.nullable && !node.enum.includes(null) ? [...node.enum, null] : node.enum;
    if (node.const !== undefined) out.const = node.const;
    if (node.default !== undefined) out.default = node.default;
    if (node.example !== undefined && (JSON.stringify(node.example)?.length ?? 0) <= EXAMPLE_MAX) out.examples = [node.example];
    if (node.deprecated) out.deprecated = true;
    if (node.writeOnly) out.writeOnly = true;
  }

  private bounds(node: SchemaNode, out: JsonSchema): void {
    // The model writes exclusive bounds in 2020-12's spelling whatever the document's version.
    for (const key of ['minimum', 'exclusiveMinimum', 'maximum', 'exclusiveMaximum'] as const) {
      if (node[key] !== undefined) out[key] = node[key];
    }
    for (const key of ['multipleOf', 'minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'] as const) {
      if (node[key] !== undefined) out[key] = node[key];
    }
    if (node.uniqueItems) out.uniqueItems = true;
    if (node.pattern !== undefined && linearPattern(node.pattern).ok) out.pattern = node.pattern;
  }

  private structure(node: SchemaNode, out: JsonSchema): void {
    let open = false;
    if (node.properties) {
      // Without a prototype: a field may be named `__proto__`.
      const properties: JsonSchema = Object.create(null);
      const required: string[] = [];
      for (const p of node.properties) {
        // A field the API writes (readOnly) is not the client's to send.
        if (p.schema.readOnly) continue;
        if (p.name.length > FIELD_NAME_MAX) {
          open = true;
          continue;
        }
        properties[p.name] = this.node(p.schema);
        if (p.required) required.push(p.name);
      }
      out.properties = properties;
      if (required.length > 0) out.required = required;
    }
    // A field left unpublished may still be sent: the object stays open to it.
    if (node.additionalProperties !== undefined && !(open && node.additionalProperties === false)) {
      out.additionalProperties = typeof node.additionalProperties === 'boolean' ? node.additionalProperties : this.node(node.additionalProperties);
    }
    if (node.items) out.items = this.node(node.items);
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const list = node[key];
      if (list?.length) out[key] = list.map((member) => this.node(member));
    }
    if (node.not) out.not = this.node(node.not);
  }
}
