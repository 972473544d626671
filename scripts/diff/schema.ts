// Compares two schema trees field by field. A change's severity depends on
// which way the data flows: a client *sends* request data (the server must
// keep accepting what it accepted) and *reads* response data (the server must
// not send what clients never saw). So every rule takes a direction.
import { mergeSchema, type SchemaLookup } from '../model/schema-merge.ts';
import type { ApiModel, SchemaNode } from '../model/types.ts';
import type { ChangeKind, ChangeLevel } from './types.ts';

export type Direction = 'request' | 'response';

/** A change inside a schema, its path relative to the node compared. */
export interface Finding {
  kind: ChangeKind;
  level: ChangeLevel;
  /** `''` for the node itself, `.name`, `.tags[]`, `.pet(oneOf Cat)`, `.*` for additionalProperties. */
  path: string;
  /** Builds the sentence once the caller knows what to call the field. */
  say: (what: string) => string;
}

interface FlatProperty {
  required: boolean;
  schema: SchemaNode;
}

/** A node with its reference resolved and `allOf` merged: what the wire format actually allows. */
interface FlatSchema {
  types: string[];
  nullable: boolean;
  format?: string;
  enum?: unknown[];
  properties?: Map<string, FlatProperty>;
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  readOnly: boolean;
  writeOnly: boolean;
  bounds: Partial<Record<BoundKey, number>>;
  pattern?: string;
}

type BoundKey = 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'minItems' | 'maxItems' | 'minProperties' | 'maxProperties';

/** Lower bounds: raising them narrows what is allowed. Upper bounds: lowering them does. */
const LOWER_BOUNDS: readonly BoundKey[] = ['minimum', 'minLength', 'minItems', 'minProperties'];
const UPPER_BOUNDS: readonly BoundKey[] = ['maximum', 'maxLength', 'maxItems', 'maxProperties'];

const quote = (v: unknown): string => JSON.stringify(v) ?? String(v);
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

function typeLabel(types: string[], nullable: boolean): string {
  const all = nullable ? [...types, 'null'] : types;
  return all.length ? all.join(' or ') : 'any type';
}

/** Does a value of JSON type `t` fit in a schema typed `set`? (`integer` values are also `number`s.) */
function accepts(set: readonly string[], t: string): boolean {
  return set.length === 0 || set.includes(t) || (t === 'integer' && set.includes('number'));
}

export class SchemaComparer {
  private readonly baseSchemas: SchemaLookup;
  private readonly headSchemas: SchemaLookup;
  /** Results per pair of component references, so a schema used by a thousand operations is compared once. */
  private readonly memo = new Map<string, Finding[]>();
  /** Pairs being compared right now: meeting one again means recursion, already covered one level up. */
  private readonly inProgress = new Set<string>();

  constructor(base: ApiModel, head: ApiModel) {
    this.baseSchemas = new Map(base.schemas.map((s) => [s.name, s]));
    this.headSchemas = new Map(head.schemas.map((s) => [s.name, s]));
  }

  /**
   * `followRefs: false` compares a component's own fields and stops at
   * references to other components that keep their name (those are compared
   * on their own); operations follow every reference.
   */
  compare(base: SchemaNode | undefined, head: SchemaNode | undefined, direction: Direction, followRefs: boolean): Finding[] {
    if (!base || !head) return [];
    if (base.ref && head.ref) {
      if (!followRefs && base.ref === head.ref) return [];
      const key = `${direction}|${followRefs ? 1 : 0}|${base.ref}|${head.ref}`;
      const known = this.memo.get(key);
      if (known) return known;
      if (this.inProgress.has(key)) return [];
      this.inProgress.add(key);
      const found = this.compareFlat(this.flatten(base, 'base'), this.flatten(head, 'head'), direction, followRefs);
      this.inProgress.delete(key);
      this.memo.set(key, found);
      return found;
    }
    // One side inline: that side is a finite tree and both sides descend together, so this ends.
    return this.compareFlat(this.flatten(base, 'base'), this.flatten(head, 'head'), direction, followRefs);
  }

  private flatten(node: SchemaNode, side: 'base' | 'head'): FlatSchema {
    const merged = mergeSchema(node, side === 'base' ? this.baseSchemas : this.headSchemas);
    const bounds: FlatSchema['bounds'] = {};
    for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
      const v = merged[key];
      if (typeof v === 'number') bounds[key] = v;
    }
    return {
      types: merged.type ?? [],
      nullable: merged.nullable === true,
      format: merged.format,
      enum: merged.enum ?? (merged.const !== undefined ? [merged.const] : undefined),
      properties: merged.properties && new Map(merged.properties.map((p) => [p.name, { required: p.required, schema: p.schema }])),
      items: merged.items,
      additionalProperties: merged.additionalProperties,
      oneOf: merged.oneOf,
      anyOf: merged.anyOf,
      readOnly: merged.readOnly === true,
      writeOnly: merged.writeOnly === true,
      bounds,
      pattern: merged.pattern,
    };
  }

  private compareFlat(b: FlatSchema, h: FlatSchema, dir: Direction, followRefs: boolean): Finding[] {
    const out: Finding[] = [];
    const typesComparable = b.types.length > 0 && h.types.length > 0;
    let typeBroke = false;
    if (typesComparable && !sameSet(b.types, h.types)) {
      // Requests: every type clients send must still be accepted. Responses: every type sent must be one clients know.
      typeBroke = dir === 'request' ? !b.types.every((t) => accepts(h.types, t)) : !h.types.every((t) => accepts(b.types, t));
      const from = typeLabel(b.types, false);
      const to = typeLabel(h.types, false);
      out.push({
        kind: 'type-changed',
        level: typeBroke ? 'breaking' : 'info',
        path: '',
        say: (what) =>
          `${what} changed type from ${from} to ${to}` +
          (typeBroke
            ? dir === 'request'
              ? '; requests that send the old type will be rejected.'
              : '; clients that parse the old type will fail.'
            : '; every value valid before is still valid.'),
      });
    }
    if (b.nullable !== h.nullable) {
      const broke = dir === 'request' ? b.nullable : h.nullable;
      out.push({
        kind: 'nullable-changed',
        level: broke ? 'breaking' : 'info',
        path: '',
        say: (what) =>
          h.nullable
            ? `${what} can now be null${broke ? '; clients that do not expect null will fail.' : '.'}`
            : `${what} can no longer be null${broke ? '; requests that send null will be rejected.' : '.'}`,
      });
    }
    if (!typeBroke && b.format !== h.format) out.push(formatFinding(b.format, h.format, dir));
    out.push(...enumFindings(b.enum, h.enum, dir));
    if (!typeBroke) out.push(...boundFindings(b, h, dir));
    if (b.properties || h.properties) out.push(...this.propertyFindings(b, h, dir, followRefs));
    if (b.items && h.items) out.push(...prefix(this.compare(b.items, h.items, dir, followRefs), '[]'));
    if (typeof b.additionalProperties === 'object' && typeof h.additionalProperties === 'object') {
      out.push(...prefix(this.compare(b.additionalProperties, h.additionalProperties, dir, followRefs), '.*'));
    }
    out.push(...this.variantFindings('oneOf', b.oneOf, h.oneOf, dir, followRefs));
    out.push(...this.variantFindings('anyOf', b.anyOf, h.anyOf, dir, followRefs));
    return out;
  }

  private propertyFindings(b: FlatSchema, h: FlatSchema, dir: Direction, followRefs: boolean): Finding[] {
    const out: Finding[] = [];
    const bp = b.properties ?? new Map<string, FlatProperty>();
    const hp = h.properties ?? new Map<string, FlatProperty>();
    // readOnly fields never travel in requests, writeOnly ones never in responses: changes to them cannot break that side.
    const absent = (p: FlatProperty, side: 'base' | 'head'): boolean => {
      const flat = this.flatten(p.schema, side);
      return dir === 'request' ? flat.readOnly : flat.writeOnly;
    };
    for (const [name, prop] of bp) {
      if (hp.has(name)) continue;
      const path = `.${name}`;
      if (absent(prop, 'base')) {
        out.push({ kind: 'property-removed', level: 'info', path, say: (what) => `${what} was removed.` });
      } else if (dir === 'response') {
        out.push({
          kind: 'property-removed',
          level: 'breaking',
          path,
          say: (what) => `${what} was removed; clients that read it will no longer get it.`,
        });
      } else {
        // Policy (as oasdiff's request-property-removed): a warning, since most servers ignore unknown fields,
        // but breaking where the schema now forbids extra fields.
        const strict = h.additionalProperties === false;
        out.push({
          kind: 'property-removed',
          level: strict ? 'breaking' : 'warning',
          path,
          say: (what) =>
            strict
              ? `${what} was removed and extra fields are not allowed; requests that still send it will be rejected.`
              : `${what} was removed; the server will ignore it if clients still send it.`,
        });
      }
    }
    for (const [name, prop] of hp) {
      const path = `.${name}`;
      const before = bp.get(name);
      if (!before) {
        const breaks = dir === 'request' && prop.required && !absent(prop, 'head');
        out.push({
          kind: breaks ? 'required-property-added' : 'property-added',
          level: breaks ? 'breaking' : 'info',
          path,
          say: (what) =>
            breaks
              ? `${what} was added as required; existing requests that do not send it will be rejected.`
              : `${what} was added${prop.required && dir === 'response' ? ' (always present)' : ' (optional)'}.`,
        });
        continue;
      }
      if (before.required !== prop.required) {
        const becameRequired = prop.required;
        const breaks = (dir === 'request') === becameRequired && !absent(prop, 'head');
        out.push({
          kind: becameRequired ? 'property-became-required' : 'property-became-optional',
          level: breaks ? 'breaking' : 'info',
          path,
          say: (what) =>
            becameRequired
              ? `${what} became required${breaks ? '; requests that leave it out will be rejected.' : '.'}`
              : `${what} became optional${breaks ? '; clients that rely on it being present may fail.' : '.'}`,
        });
      }
      out.push(...prefix(this.compare(before.schema, prop.schema, dir, followRefs), path));
    }
    return out;
  }

  private variantFindings(
    keyword: 'oneOf' | 'anyOf',
    base: SchemaNode[] | undefined,
    head: SchemaNode[] | undefined,
    dir: Direction,
    followRefs: boolean,
  ): Finding[] {
    if (!base || !head) return [];
    const key = (n: SchemaNode, i: number): string => n.ref ?? `#${i + 1}`;
    const bm = new Map(base.map((n, i) => [key(n, i), n]));
    const hm = new Map(head.map((n, i) => [key(n, i), n]));
    const out: Finding[] = [];
    for (const [k, node] of bm) {
      const counterpart = hm.get(k);
      if (counterpart) {
        out.push(...prefix(this.compare(node, counterpart, dir, followRefs), `(${keyword} ${k})`));
        continue;
      }
      const breaks = dir === 'request';
      out.push({
        kind: 'variant-removed',
        level: breaks ? 'breaking' : 'info',
        path: '',
        say: (what) => `${what} no longer allows the ${keyword} alternative ${k}${breaks ? '; requests that send that shape will be rejected.' : '.'}`,
      });
    }
    for (const k of hm.keys()) {
      if (bm.has(k)) continue;
      const warns = dir === 'response';
      out.push({
        kind: 'variant-added',
        level: warns ? 'warning' : 'info',
        path: '',
        say: (what) => `${what} gained the ${keyword} alternative ${k}${warns ? '; clients that only handle the known shapes should expect it.' : '.'}`,
      });
    }
    return out;
  }
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export function prefix(findings: Finding[], path: string): Finding[] {
  return findings.map((f) => ({ ...f, path: path + f.path }));
}

function formatFinding(from: string | undefined, to: string | undefined, dir: Direction): Finding {
  // Adding a format narrows what is valid (breaks senders); dropping one widens it (surprises readers).
  const breaks = from !== undefined && to !== undefined ? true : dir === 'request' ? to !== undefined : to === undefined;
  const change = from === undefined ? `now has format ${to}` : to === undefined ? `no longer has format ${from}` : `changed format from ${from} to ${to}`;
  return {
    kind: 'format-changed',
    level: breaks ? 'breaking' : 'info',
    path: '',
    say: (what) =>
      `${what} ${change}` +
      (breaks ? (dir === 'request' ? '; requests with values in the old format will be rejected.' : '; clients that parse the old format will fail.') : '.'),
  };
}

function enumFindings(base: unknown[] | undefined, head: unknown[] | undefined, dir: Direction): Finding[] {
  if (!base && !head) return [];
  if (!base) {
    const breaks = dir === 'request';
    const values = head!.map(quote).join(', ');
    return [
      {
        kind: 'enum-added',
        level: breaks ? 'breaking' : 'info',
        path: '',
        say: (what) => `${what} is now limited to ${values}${breaks ? '; requests with any other value will be rejected.' : '.'}`,
      },
    ];
  }
  if (!head) {
    const warns = dir === 'response';
    return [
      {
        kind: 'enum-removed',
        level: warns ? 'warning' : 'info',
        path: '',
        say: (what) => `${what} is no longer limited to a list of values${warns ? '; clients that only handle the listed values should expect others.' : '.'}`,
      },
    ];
  }
  const bs = new Set(base.map(quote));
  const hs = new Set(head.map(quote));
  const removed = [...bs].filter((v) => !hs.has(v));
  const added = [...hs].filter((v) => !bs.has(v));
  const out: Finding[] = [];
  if (removed.length) {
    const breaks = dir === 'request';
    out.push({
      kind: 'enum-value-removed',
      level: breaks ? 'breaking' : 'info',
      path: '',
      say: (what) =>
        `${what} no longer allows ${plural(removed.length, 'the value', 'the values')} ${removed.join(', ')}` +
        (breaks ? '; requests that send it will be rejected.' : '.'),
    });
  }
  if (added.length) {
    // Policy: a new value in a response is not breaking under the contract, but strict clients
    // (exhaustive switches, generated enums) fail on it, so it is a warning.
    const warns = dir === 'response';
    out.push({
      kind: 'enum-value-added',
      level: warns ? 'warning' : 'info',
      path: '',
      say: (what) =>
        `${what} now also allows ${plural(added.length, 'the value', 'the values')} ${added.join(', ')}` +
        (warns ? '; clients that only handle the old values should be ready for it.' : '.'),
    });
  }
  return out;
}

function boundFindings(b: FlatSchema, h: FlatSchema, dir: Direction): Finding[] {
  const out: Finding[] = [];
  for (const key of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
    const from = b.bounds[key];
    const to = h.bounds[key];
    if (from === to) continue;
    const lower = LOWER_BOUNDS.includes(key);
    const narrows = to !== undefined && (from === undefined || (lower ? to > from : to < from));
    const level: ChangeLevel = dir === 'request' ? (narrows ? 'breaking' : 'info') : narrows ? 'info' : 'warning';
    const change = from === undefined ? `now has ${key} ${to}` : to === undefined ? `no longer has ${key} ${from}` : `changed ${key} from ${from} to ${to}`;
    out.push({
      kind: 'constraint-changed',
      level,
      path: '',
      say: (what) =>
        `${what} ${change}` +
        (level === 'breaking'
          ? '; requests that were valid before may now be rejected.'
          : level === 'warning'
            ? '; clients that relied on the old limit may receive values they do not expect.'
            : '.'),
    });
  }
  if (b.pattern !== h.pattern) {
    const level: ChangeLevel = dir === 'request' ? (h.pattern !== undefined ? 'breaking' : 'info') : h.pattern === undefined ? 'warning' : 'info';
    const change =
      b.pattern === undefined
        ? `now has pattern ${h.pattern}`
        : h.pattern === undefined
          ? `no longer has pattern ${b.pattern}`
          : `changed pattern from ${b.pattern} to ${h.pattern}`;
    out.push({
      kind: 'constraint-changed',
      level,
      path: '',
      say: (what) =>
        `${what} ${change}` +
        (level === 'breaking'
          ? '; requests that were valid before may now be rejected.'
          : level === 'warning'
            ? '; clients that relied on the old pattern may receive values they do not expect.'
            : '.'),
    });
  }
  return out;
}
