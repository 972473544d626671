// Compares two schema trees field by field. A change's check depends on which way the data
// flows: a client *sends* request data (the server must keep accepting what it accepted) and
// *reads* response data (the server must not send what clients never saw), so every comparison
// has a scope (check-id.ts). A component schema reached by the same name on both sides is not
// entered: it is compared once on its own (compare.ts), with its users, so one change is one line.
import { mergeSchema, type SchemaLookup } from '../model/contract/schema-merge.ts';
import type { ApiModel, SchemaNode } from '../model/contract/types.ts';
import { keywordId, unseenId, type Direction, type Scope } from './check-id.ts';
import { keywordOf, valueChanges } from './schema-values.ts';
import { structureChanges } from './schema-structure.ts';
import type { ChangeKind, Finding } from './types.ts';

export type { Direction, Scope } from './check-id.ts';

/** Where a property is written, and the component it comes from when it is another one's (through `allOf`). */
interface Origin {
  pointer: string[];
  component?: string;
}

const componentPointer = (name: string): string[] => ['components', 'schemas', name];

function origins(node: SchemaNode, lookup: SchemaLookup, pointer: string[], component: string | undefined, out: Map<string, Origin>, seen: Set<string>): void {
  if (node.ref) {
    if (seen.has(node.ref)) return;
    seen.add(node.ref);
    const target = lookup.get(node.ref)?.schema;
    if (target) origins(target, lookup, componentPointer(node.ref), node.ref, out, seen);
    return;
  }
  for (const p of node.properties ?? [])
    if (!out.has(p.name)) out.set(p.name, { pointer: [...pointer, 'properties', p.name], ...(component ? { component } : {}) });
  for (const [i, member] of (node.allOf ?? []).entries()) origins(member, lookup, [...pointer, 'allOf', String(i)], component, out, seen);
}

export function prefix(findings: Finding[], path: string): Finding[] {
  return findings.map((f) => ({ ...f, path: path + f.path }));
}

export class SchemaComparer {
  private readonly lookups: Record<'base' | 'head', SchemaLookup>;
  /** Results per pair of component references, so a schema used by a thousand operations is compared once. */
  private readonly memo = new Map<string, Finding[]>();
  /** Pairs being compared right now: meeting one again means recursion, already covered one level up. */
  private readonly inProgress = new Set<string>();
  /** Inline pairs being compared right now, by identity. */
  private readonly activeInline = new Map<SchemaNode, Set<SchemaNode>>();

  constructor(base: ApiModel, head: ApiModel) {
    this.lookups = { base: new Map(base.schemas.map((s) => [s.name, s])), head: new Map(head.schemas.map((s) => [s.name, s])) };
  }

  /** Compares two schemas at `pointer` (in the head document), as the root of `scope`. */
  compare(base: SchemaNode | undefined, head: SchemaNode | undefined, scope: Scope, pointer: readonly string[]): Finding[] {
    if (!base || !head) return [];
    return this.node(base, head, scope, [...pointer], true);
  }

  /** The node with its references followed and `allOf` merged: what the wire allows. */
  flat(node: SchemaNode, side: 'base' | 'head'): SchemaNode {
    return mergeSchema(node, this.lookups[side]);
  }

  private node(base: SchemaNode, head: SchemaNode, scope: Scope, pointer: string[], root: boolean): Finding[] {
    if (base.ref && head.ref) {
      if (base.ref === head.ref) return [];
      const key = `${scope.dir}|${scope.where}|${root}|${base.ref}|${head.ref}`;
      const known = this.memo.get(key);
      if (known) return known;
      if (this.inProgress.has(key)) return [];
      this.inProgress.add(key);
      const found = this.flatNodes(base, head, scope, componentPointer(head.ref), root);
      this.inProgress.delete(key);
      this.memo.set(key, found);
      return found;
    }
    // Inline nodes: an allOf of a component merges that component's alternatives and items in, so the
    // same pair can come round again through a recursive component; met again, it is already being compared.
    const active = this.activeInline.get(base) ?? new Set<SchemaNode>();
    if (active.has(head)) return [];
    active.add(head);
    this.activeInline.set(base, active);
    try {
      return this.flatNodes(base, head, scope, head.ref ? componentPointer(head.ref) : pointer, root);
    } finally {
      active.delete(head);
    }
  }

  private flatNodes(base: SchemaNode, head: SchemaNode, scope: Scope, at: string[], root: boolean): Finding[] {
    const b = this.flat(base, 'base');
    const h = this.flat(head, 'head');
    const writing = scope.where === 'parameter' ? 'parameter' : scope.where === 'header' || scope.loose ? 'loose' : 'json';
    const out: Finding[] = valueChanges(b, h, scope.dir, writing).map((c) => {
      // At the keyword's own line where the node writes it; at the node when it is gone or comes from elsewhere.
      const key = keywordOf(c.suffix);
      return { id: keywordId(scope, root, c.suffix), kind: c.kind, path: '', pointer: key ? [...at, key] : at, say: c.say };
    });
    out.push(...this.properties(base, head, b, h, scope, at));
    const nested = (bn: SchemaNode, hn: SchemaNode, path: string, pointer: string[], keepRoot = false): Finding[] =>
      prefix(this.node(bn, hn, scope, pointer, keepRoot && root), path);
    out.push(...structureChanges(b, h, scope, root, at, nested));
    out.push(...this.variants('oneOf', b.oneOf, h.oneOf, scope, root, at));
    out.push(...this.variants('anyOf', b.anyOf, h.anyOf, scope, root, at));
    out.push(...allOfChanges(base, head, scope, root, at));
    return out;
  }

  private properties(base: SchemaNode, head: SchemaNode, b: SchemaNode, h: SchemaNode, scope: Scope, at: string[]): Finding[] {
    if (!b.properties && !h.properties) return [];
    const baseOrigins = new Map<string, Origin>();
    const headOrigins = new Map<string, Origin>();
    origins(base, this.lookups.base, at, undefined, baseOrigins, new Set());
    origins(head, this.lookups.head, at, undefined, headOrigins, new Set());
    const bp = new Map((b.properties ?? []).map((p) => [p.name, p]));
    const hp = new Map((h.properties ?? []).map((p) => [p.name, p]));
    const dir = scope.dir;
    const out: Finding[] = [];
    for (const [name, prop] of bp) {
      if (!hp.has(name)) out.push(propertyRemoved(name, prop.required, this.flat(prop.schema, 'base'), h, dir, [...at, 'properties']));
    }
    for (const [name, prop] of hp) {
      const origin = headOrigins.get(name);
      const pointer = origin?.pointer ?? [...at, 'properties', name];
      const before = bp.get(name);
      const to = this.flat(prop.schema, 'head');
      if (!before) {
        out.push(propertyAdded(name, prop.required, to, dir, pointer));
        continue;
      }
      // A field both sides take from the same component is that component's to report.
      const baseComponent = baseOrigins.get(name)?.component;
      if (baseComponent !== undefined && baseComponent === origin?.component) continue;
      const from = this.flat(before.schema, 'base');
      out.push(...propertyFlags(name, before.required, prop.required, from, to, dir, pointer));
      const inside = prefix(this.node(before.schema, prop.schema, scope, pointer, false), `.${name}`);
      const unseen = dir === 'request' ? to.readOnly === true : to.writeOnly === true;
      out.push(...(unseen ? inside.map((f) => ({ ...f, id: unseenId(f.id, dir) ?? f.id })) : inside));
    }
    return out;
  }

  private variants(
    keyword: 'oneOf' | 'anyOf',
    base: SchemaNode[] | undefined,
    head: SchemaNode[] | undefined,
    scope: Scope,
    root: boolean,
    at: string[],
  ): Finding[] {
    if (!base || !head) return [];
    const name = keyword === 'oneOf' ? 'one-of' : 'any-of';
    const key = (n: SchemaNode, i: number): string => n.ref ?? `#${i + 1}`;
    const bm = new Map(base.map((n, i) => [key(n, i), n]));
    const hm = new Map(head.map((n, i) => [key(n, i), { node: n, index: i }]));
    const out: Finding[] = [];
    for (const [k, node] of bm) {
      const counterpart = hm.get(k);
      if (counterpart) {
        out.push(...prefix(this.node(node, counterpart.node, scope, [...at, keyword, String(counterpart.index)], false), `(${keyword} ${k})`));
        continue;
      }
      out.push({
        id: keywordId(scope, root, `${name}-removed`),
        kind: 'variant-removed',
        path: '',
        pointer: [...at, keyword],
        say: (what) =>
          `${what} no longer allows the ${keyword} alternative ${k}${scope.dir === 'request' ? '; requests that send that shape will be rejected.' : '.'}`,
      });
    }
    for (const [k, { index }] of hm) {
      if (bm.has(k)) continue;
      out.push({
        id: keywordId(scope, root, `${name}-added`),
        kind: 'variant-added',
        path: '',
        pointer: [...at, keyword, String(index)],
        say: (what) =>
          `${what} gained the ${keyword} alternative ${k}${scope.dir === 'response' ? '; clients that only handle the known shapes will meet one they cannot read.' : '.'}`,
      });
    }
    return out;
  }
}

/** A finding about the field `name`, at `pointer` (the properties' pointer when it is gone). */
function fieldFinding(name: string, pointer: readonly string[], id: string, kind: ChangeKind, say: Finding['say']): Finding {
  return { id, kind, path: `.${name}`, pointer, say };
}

/** A field of base that head no longer has (`head` is head's merged node, `from` the field's merged schema in base). */
function propertyRemoved(name: string, required: boolean, from: SchemaNode, head: SchemaNode, dir: Direction, pointer: readonly string[]): Finding {
  if (dir === 'request') {
    if (from.readOnly)
      return fieldFinding(
        name,
        pointer,
        'request-read-only-property-removed',
        'property-removed',
        (what) => `${what} was removed; clients never sent it (read-only).`,
      );
    if (head.additionalProperties === false) {
      return fieldFinding(
        name,
        pointer,
        'request-property-removed-not-allowed',
        'property-removed',
        (what) => `${what} was removed and extra fields are not allowed; requests that still send it will be rejected.`,
      );
    }
    return fieldFinding(
      name,
      pointer,
      'request-property-removed',
      'property-removed',
      (what) => `${what} was removed; the server will ignore it if clients still send it.`,
    );
  }
  const level = required ? 'required' : 'optional';
  if (from.writeOnly)
    return fieldFinding(
      name,
      pointer,
      `response-${level}-write-only-property-removed`,
      'property-removed',
      (what) => `${what} was removed; clients never read it (write-only).`,
    );
  return fieldFinding(name, pointer, `response-${level}-property-removed`, 'property-removed', (what) =>
    required
      ? `${what} was removed; clients that read it will no longer get it.`
      : `${what} was removed; it was optional, so clients should already cope without it, but those that read it will no longer get it.`,
  );
}

/** A field head has that base did not (`to` is its merged schema in head). */
function propertyAdded(name: string, required: boolean, to: SchemaNode, dir: Direction, pointer: readonly string[]): Finding {
  if (dir !== 'request') {
    return fieldFinding(
      name,
      pointer,
      `response-${required ? 'required' : 'optional'}-${to.writeOnly ? 'write-only-' : ''}property-added`,
      'property-added',
      (what) => `${what} was added${required ? ' (always present)' : ' (optional)'}.`,
    );
  }
  if (to.readOnly)
    return fieldFinding(name, pointer, 'new-read-only-request-property', 'property-added', (what) => `${what} was added (read-only: clients do not send it).`);
  if (required) {
    return fieldFinding(
      name,
      pointer,
      `new-required-request-property${to.default !== undefined ? '-with-default' : ''}`,
      'required-property-added',
      (what) => `${what} was added as required; existing requests that do not send it will be rejected.`,
    );
  }
  return fieldFinding(name, pointer, 'new-optional-request-property', 'property-added', (what) => `${what} was added (optional).`);
}

/** Required, read-only, write-only and deprecated: what a field's own flags say to the clients of `dir`. */
function propertyFlags(
  name: string,
  wasRequired: boolean,
  isRequired: boolean,
  from: SchemaNode,
  to: SchemaNode,
  dir: Direction,
  pointer: readonly string[],
): Finding[] {
  const out: Finding[] = [];
  const add = (id: string, kind: ChangeKind, say: Finding['say']): void => {
    out.push({ id, kind, path: `.${name}`, pointer, say });
  };
  // Read-only fields never travel in requests, write-only ones never in responses.
  const absent = dir === 'request' ? to.readOnly === true : to.writeOnly === true;
  if (wasRequired !== isRequired && !(dir === 'request' && absent)) {
    const writeOnly = dir === 'response' && absent ? 'write-only-' : '';
    if (isRequired) {
      add(
        `${dir}-${writeOnly}property-became-required${dir === 'request' && to.default !== undefined ? '-with-default' : ''}`,
        'property-became-required',
        (what) => `${what} became required${dir === 'request' ? '; requests that leave it out will be rejected.' : '.'}`,
      );
    } else {
      add(
        `${dir}-${writeOnly}property-became-optional`,
        'property-became-optional',
        (what) => `${what} became optional${dir === 'response' && !absent ? '; clients that rely on it being present may fail.' : '.'}`,
      );
    }
  }
  const required = isRequired ? 'required' : 'optional';
  for (const [flag, word] of [
    ['readOnly', 'read-only'],
    ['writeOnly', 'write-only'],
  ] as const) {
    if (Boolean(from[flag]) === Boolean(to[flag])) continue;
    const now = to[flag] === true;
    add(`${dir}-${required}-property-became-${now ? '' : 'not-'}${word}`, 'access-changed', (what) => `${what} is ${now ? 'now' : 'no longer'} ${word}.`);
  }
  if (Boolean(from.deprecated) !== Boolean(to.deprecated)) {
    add(`${dir}-property-${to.deprecated ? 'deprecated' : 'reactivated'}`, 'property-deprecated', (what) =>
      to.deprecated ? `${what} is now deprecated; clients should stop relying on it.` : `${what} is no longer deprecated.`,
    );
  }
  return out;
}

/** Members of an `allOf` that are other components: one joined or left (their fields are compared merged). */
function allOfChanges(base: SchemaNode, head: SchemaNode, scope: Scope, root: boolean, at: string[]): Finding[] {
  const refs = (n: SchemaNode): string[] => (n.ref ? [] : (n.allOf ?? []).flatMap((m) => (m.ref ? [m.ref] : [])));
  const before = refs(base);
  const after = refs(head);
  // An allOf written where there was none (a field's schema moved into a component it now refers to) is the same
  // schema written another way: what it changes is found in the merged comparison, not here.
  if (!base.allOf || !head.allOf) return [];
  const out: Finding[] = [];
  for (const ref of after.filter((r) => !before.includes(r))) {
    out.push({
      id: keywordId(scope, root, 'all-of-added'),
      kind: 'variant-added',
      path: '',
      pointer: [...at, 'allOf'],
      say: (what) => `${what} now also has to be a ${ref} (allOf).`,
    });
  }
  for (const ref of before.filter((r) => !after.includes(r))) {
    out.push({
      id: keywordId(scope, root, 'all-of-removed'),
      kind: 'variant-removed',
      path: '',
      pointer: [...at, 'allOf'],
      say: (what) => `${what} no longer has to be a ${ref} (allOf).`,
    });
  }
  return out;
}
