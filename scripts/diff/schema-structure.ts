// The keywords of a schema that hold other schemas: items and tuples, additionalProperties,
// and JSON Schema 2020-12's containment, pattern properties, property names, dependencies,
// unevaluated items and properties, conditions and `not`. A keyword that appears adds a
// condition (narrows what is valid), one that goes removes it (widens); the same keyword on
// both sides is compared inside.
import type { SchemaNode } from '../model/contract/types.ts';
import { keywordId, type Scope } from './check-id.ts';
import type { Finding } from './types.ts';

/** Compares two schemas inside this one; `keepRoot`: their changes are this node's own (a parameter's array items are its values). */
type Nested = (base: SchemaNode, head: SchemaNode, path: string, pointer: string[], keepRoot?: boolean) => Finding[];

const NARROWS = { request: '; requests valid before may now be rejected.', response: '.' } as const;
const WIDENS = { request: '.', response: '; clients may now receive values that were not allowed before.' } as const;

type SubSchema = SchemaNode | boolean | undefined;
/** A schema that constrains anything: `true` and absent allow all. */
const present = (s: SubSchema): boolean => s !== undefined && s !== true;

export function structureChanges(b: SchemaNode, h: SchemaNode, scope: Scope, root: boolean, at: string[], nested: Nested): Finding[] {
  const out: Finding[] = [];
  const change: Change = (suffix, pointer, say) => {
    out.push({ id: keywordId(scope, root, suffix), kind: 'keyword-changed', path: '', pointer, say });
  };
  /** A keyword holding one schema: added, removed, or compared inside. */
  const single = (key: string, name: string, from: SubSchema, to: SubSchema, label: string): void => {
    const pointer = [...at, key];
    if (present(from) && present(to)) {
      if (typeof from === 'object' && typeof to === 'object') out.push(...nested(from, to, `(${label})`, pointer));
      else if (from !== to)
        change(
          `${name}-${to === false ? 'added' : 'removed'}`,
          pointer,
          (what) => `${what} changed its ${label}${to === false ? NARROWS[scope.dir] : WIDENS[scope.dir]}`,
        );
    } else if (present(to)) change(`${name}-added`, pointer, (what) => `${what} now has ${label}${NARROWS[scope.dir]}`);
    else if (present(from)) change(`${name}-removed`, at, (what) => `${what} no longer has ${label}${WIDENS[scope.dir]}`);
  };

  if (b.items && h.items) out.push(...nested(b.items, h.items, '[]', [...at, 'items'], scope.where === 'parameter'));
  const from = b.additionalProperties;
  const to = h.additionalProperties;
  if (typeof from === 'object' && typeof to === 'object') out.push(...nested(from, to, '.*', [...at, 'additionalProperties']));
  else additionalProperties(from, to, scope, at, change);
  const bt = b.prefixItems ?? [];
  const ht = h.prefixItems ?? [];
  for (let i = 0; i < Math.min(bt.length, ht.length); i++) out.push(...nested(bt[i]!, ht[i]!, `[${i}]`, [...at, 'prefixItems', String(i)]));
  tuple(bt.length, ht.length, at, change);
  single('contains', 'contains', b.contains, h.contains, 'a contains condition');
  single('propertyNames', 'property-names', b.propertyNames, h.propertyNames, 'a condition on property names');
  single('unevaluatedItems', 'unevaluated-items', b.unevaluatedItems, h.unevaluatedItems, 'a condition on unevaluated items');
  single('unevaluatedProperties', 'unevaluated-properties', b.unevaluatedProperties, h.unevaluatedProperties, 'a condition on unevaluated properties');
  for (const key of ['if', 'then', 'else'] as const) single(key, key, b[key], h[key], `an "${key}" condition`);
  single('contentSchema', 'content-schema', b.contentSchema, h.contentSchema, 'a schema for its encoded content');
  for (const [key, name, label] of [
    ['contentMediaType', 'content-media-type', 'media type'],
    ['contentEncoding', 'content-encoding', 'encoding'],
  ] as const) {
    if (b[key] === h[key]) continue;
    change(
      `${name}-changed`,
      [...at, key],
      (what) =>
        `${what} changed the ${label} of its encoded content from ${b[key] ?? 'none'} to ${h[key] ?? 'none'}${scope.dir === 'request' ? '; requests encoded the old way will be misread.' : '; clients that decode it the old way will fail.'}`,
    );
  }
  // Inside `not` the direction turns over, so only its coming and going is judged.
  if (Boolean(b.not) !== Boolean(h.not)) single('not', 'not', b.not, h.not, 'a "not" condition');
  for (const [key, name, label] of [
    ['patternProperties', 'pattern-property', 'pattern'],
    ['dependentSchemas', 'dependent-schema', 'dependent schema for'],
  ] as const) {
    const bm = b[key] ?? {};
    const hm = h[key] ?? {};
    for (const k of Object.keys(bm)) if (k in hm) out.push(...nested(bm[k]!, hm[k]!, `(${label} ${k})`, [...at, key, k]));
    keyed(key, name, bm, hm, at, change, scope, label);
  }
  dependentRequired(b.dependentRequired ?? {}, h.dependentRequired ?? {}, at, change, scope);
  return out;
}

type Change = (suffix: string, pointer: string[], say: Finding['say']) => void;

function additionalProperties(from: SubSchema, to: SubSchema, scope: Scope, at: string[], change: Change): void {
  const pointer = [...at, 'additionalProperties'];
  if (from !== false && to === false) {
    change(
      'additional-properties-closed',
      pointer,
      (what) => `${what} no longer allows fields it does not list${scope.dir === 'request' ? '; requests that send other fields will be rejected.' : '.'}`,
    );
  } else if (from === false && to !== false) {
    change(
      'additional-properties-opened',
      pointer,
      (what) => `${what} now allows fields it does not list${scope.dir === 'response' ? '; clients that reject unknown fields will fail on them.' : '.'}`,
    );
  }
}

/** A tuple's length: items it describes one by one (`prefixItems`). */
function tuple(from: number, to: number, at: string[], change: Change): void {
  if (to === from) return;
  change(`prefix-items-${to > from ? 'added' : 'removed'}`, [...at, 'prefixItems'], (what) => `${what} now describes ${to} leading items instead of ${from}.`);
}

/** Schemas under names (patterns, property names): one added narrows, one removed widens. */
function keyed(
  key: string,
  name: string,
  bm: Record<string, SchemaNode>,
  hm: Record<string, SchemaNode>,
  at: string[],
  change: Change,
  scope: Scope,
  label: string,
): void {
  for (const k of Object.keys(bm)) {
    if (!(k in hm)) change(`${name}-removed`, [...at, key], (what) => `${what} no longer has a ${label} ${k}${WIDENS[scope.dir]}`);
  }
  for (const k of Object.keys(hm)) {
    if (!(k in bm)) change(`${name}-added`, [...at, key, k], (what) => `${what} now has a ${label} ${k}${NARROWS[scope.dir]}`);
  }
}

function dependentRequired(from: Record<string, string[]>, to: Record<string, string[]>, at: string[], change: Change, scope: Scope): void {
  const pointer = [...at, 'dependentRequired'];
  for (const [k, list] of Object.entries(from)) {
    const now = to[k];
    if (!now) change('dependent-required-removed', pointer, (what) => `${what} no longer requires ${list.join(', ')} when ${k} is present${WIDENS[scope.dir]}`);
    else if (now.length !== list.length || !now.every((n) => list.includes(n))) {
      change(
        'dependent-required-changed',
        [...pointer, k],
        (what) => `${what} now requires ${now.join(', ')} instead of ${list.join(', ')} when ${k} is present${NARROWS[scope.dir]}`,
      );
    }
  }
  for (const [k, list] of Object.entries(to)) {
    if (!(k in from))
      change('dependent-required-added', [...pointer, k], (what) => `${what} now requires ${list.join(', ')} when ${k} is present${NARROWS[scope.dir]}`);
  }
}
