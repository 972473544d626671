// The keywords of one schema node that limit its values: type and format, null, enum, const,
// default, bounds, multipleOf, uniqueItems and pattern. Each change names its check (a suffix the
// caller puts under its scope, check-id.ts) and says which clients it affects, by direction.
import type { SchemaNode } from '../model/contract/types.ts';
import type { Direction } from './check-id.ts';
import type { ChangeKind } from './types.ts';

/** A keyword change before its scope is known: the suffix of its check id, and its sentence. */
export interface KeywordChange {
  suffix: string;
  kind: ChangeKind;
  say: (what: string) => string;
}

export const quote = (v: unknown): string => JSON.stringify(v) ?? String(v);
const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);
/** Same JSON value, whatever the order of an object's keys. */
const same = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** What a client of this direction meets when the values allowed narrow or widen. */
const NARROWS: Record<Direction, string> = {
  request: '; requests with values valid before may now be rejected.',
  response: '.',
};
const WIDENS: Record<Direction, string> = {
  request: '; requests valid before are still accepted.',
  response: '; clients that relied on the old limit may receive values they do not expect.',
};

function typeLabel(types: readonly string[]): string {
  return types.length ? types.join(' or ') : 'any type';
}

/**
 * How a value is written: `json` keeps its type on the wire; in a `parameter` every scalar travels as
 * text, so a `string` takes numbers and booleans too; in a `loose` body (XML, text, a form) or header
 * anything can be read as a string (oasdiff's loosely typed media).
 */
export type Writing = 'json' | 'parameter' | 'loose';

/** Does a value of JSON type `t` fit in a schema typed `set`? (`integer` values are also `number`s.) */
function accepts(set: readonly string[], t: string, writing: Writing): boolean {
  if (set.length === 0 || set.includes(t) || (t === 'integer' && set.includes('number'))) return true;
  if (!set.includes('string')) return false;
  return writing === 'loose' || (writing === 'parameter' && ['number', 'integer', 'boolean'].includes(t));
}

export function typeChanges(b: SchemaNode, h: SchemaNode, dir: Direction, writing: Writing = 'json'): KeywordChange[] {
  const from = b.type ?? [];
  const to = h.type ?? [];
  const out: KeywordChange[] = [];
  if (from.length && to.length && !(from.length === to.length && from.every((t) => to.includes(t)))) {
    const widened = from.every((t) => accepts(to, t, writing));
    const narrowed = to.every((t) => accepts(from, t, writing));
    const list = from.length > 1 || to.length > 1;
    // Compatible only because the body or header is read as text: oasdiff's `*-type-compatible`.
    const loosely = writing === 'loose' && !list && !from.every((t) => accepts(to, t, 'json')) && !to.every((t) => accepts(from, t, 'json'));
    const suffix =
      loosely && (dir === 'request' ? widened : narrowed)
        ? 'type-compatible'
        : list
          ? widened
            ? 'list-of-types-widened'
            : narrowed
              ? 'list-of-types-narrowed'
              : 'type-changed'
          : widened
            ? 'type-generalized'
            : narrowed
              ? 'type-specialized'
              : 'type-changed';
    const breaks = dir === 'request' ? !widened : !narrowed;
    out.push({
      suffix,
      kind: 'type-changed',
      say: (what) =>
        `${what} changed type from ${typeLabel(from)} to ${typeLabel(to)}` +
        (breaks
          ? dir === 'request'
            ? '; requests that send the old type will be rejected.'
            : '; clients that parse the old type will fail.'
          : '; every value valid before is still valid.'),
    });
    return out;
  }
  if (b.format !== h.format) {
    // A format added narrows what is valid (a specialization); one dropped widens it.
    const suffix = b.format === undefined ? 'type-specialized' : h.format === undefined ? 'type-generalized' : 'type-changed';
    const change =
      b.format === undefined
        ? `now has format ${h.format}`
        : h.format === undefined
          ? `no longer has format ${b.format}`
          : `changed format from ${b.format} to ${h.format}`;
    const breaks = suffix === 'type-changed' || (dir === 'request') === (suffix === 'type-specialized');
    out.push({
      suffix,
      kind: 'format-changed',
      say: (what) =>
        `${what} ${change}` +
        (breaks ? (dir === 'request' ? '; requests with values in the old format will be rejected.' : '; clients that parse the old format will fail.') : '.'),
    });
  }
  return out;
}

export function nullableChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  if (Boolean(b.nullable) === Boolean(h.nullable)) return [];
  return h.nullable
    ? [
        {
          suffix: 'became-nullable',
          kind: 'nullable-changed',
          say: (what) => `${what} can now be null${dir === 'response' ? '; clients that do not expect null will fail.' : '.'}`,
        },
      ]
    : [
        {
          suffix: 'became-not-nullable',
          kind: 'nullable-changed',
          say: (what) => `${what} can no longer be null${dir === 'request' ? '; requests that send null will be rejected.' : '.'}`,
        },
      ];
}

export function enumChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  if (!b.enum && !h.enum) return [];
  if (!b.enum) {
    const values = h.enum!.map(quote).join(', ');
    return [
      {
        suffix: 'became-enum',
        kind: 'enum-added',
        say: (what) => `${what} is now limited to ${values}${dir === 'request' ? '; requests with any other value will be rejected.' : '.'}`,
      },
    ];
  }
  if (!h.enum) {
    return [
      {
        suffix: 'became-not-enum',
        kind: 'enum-removed',
        say: (what) =>
          `${what} is no longer limited to a list of values${dir === 'response' ? '; clients that only handle the listed values should expect others.' : '.'}`,
      },
    ];
  }
  const bs = new Set(b.enum.map(canonical));
  const hs = new Set(h.enum.map(canonical));
  const removed = b.enum.filter((v) => !hs.has(canonical(v))).map(quote);
  const added = h.enum.filter((v) => !bs.has(canonical(v))).map(quote);
  const out: KeywordChange[] = [];
  if (removed.length) {
    out.push({
      suffix: 'enum-value-removed',
      kind: 'enum-value-removed',
      say: (what) =>
        `${what} no longer allows ${plural(removed.length, 'the value', 'the values')} ${removed.join(', ')}` +
        (dir === 'request' ? '; requests that send it will be rejected.' : '.'),
    });
  }
  if (added.length) {
    out.push({
      suffix: 'enum-value-added',
      kind: 'enum-value-added',
      say: (what) =>
        `${what} now also allows ${plural(added.length, 'the value', 'the values')} ${added.join(', ')}` +
        (dir === 'response' ? '; clients that only handle the old values should be ready for it.' : '.'),
    });
  }
  return out;
}

export function constChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  const had = b.const !== undefined;
  const has = h.const !== undefined;
  if (!had && !has) return [];
  if (had && has && same(b.const, h.const)) return [];
  if (!had) {
    return [
      {
        suffix: 'const-added',
        kind: 'const-changed',
        say: (what) => `${what} must now be ${quote(h.const)}${dir === 'request' ? '; requests with any other value will be rejected.' : '.'}`,
      },
    ];
  }
  if (!has) {
    return [
      {
        suffix: 'const-removed',
        kind: 'const-changed',
        say: (what) => `${what} is no longer always ${quote(b.const)}${dir === 'response' ? '; clients that rely on that value will receive others.' : '.'}`,
      },
    ];
  }
  return [
    {
      suffix: 'const-changed',
      kind: 'const-changed',
      say: (what) =>
        `${what} changed its constant value from ${quote(b.const)} to ${quote(h.const)}` +
        (dir === 'request' ? '; requests that send the old value will be rejected.' : '; clients that check for the old value will fail.'),
    },
  ];
}

export function defaultChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  const had = b.default !== undefined;
  const has = h.default !== undefined;
  if ((!had && !has) || (had && has && same(b.default, h.default))) return [];
  const suffix = !had ? 'default-value-added' : !has ? 'default-value-removed' : 'default-value-changed';
  const change = !had
    ? `now defaults to ${quote(h.default)}`
    : !has
      ? `no longer defaults to ${quote(b.default)}`
      : `changed its default from ${quote(b.default)} to ${quote(h.default)}`;
  // A default is what the server assumes when a client leaves the value out: requests that relied on it now mean something else.
  const effect = dir === 'request' ? '; requests that leave it out now get a different behaviour.' : '.';
  return [{ suffix, kind: 'default-changed', say: (what) => `${what} ${change}${effect}` }];
}

type BoundKey =
  | 'minimum'
  | 'maximum'
  | 'exclusiveMinimum'
  | 'exclusiveMaximum'
  | 'minLength'
  | 'maxLength'
  | 'minItems'
  | 'maxItems'
  | 'minProperties'
  | 'maxProperties'
  | 'minContains'
  | 'maxContains';

/** Each bound, its check's name and whether it is a lower one (raising it narrows what is valid). */
const BOUNDS: readonly [BoundKey, string, boolean][] = [
  ['minimum', 'min', true],
  ['maximum', 'max', false],
  ['exclusiveMinimum', 'exclusive-min', true],
  ['exclusiveMaximum', 'exclusive-max', false],
  ['minLength', 'min-length', true],
  ['maxLength', 'max-length', false],
  ['minItems', 'min-items', true],
  ['maxItems', 'max-items', false],
  ['minProperties', 'min-properties', true],
  ['maxProperties', 'max-properties', false],
  ['minContains', 'min-contains', true],
  ['maxContains', 'max-contains', false],
];

/** The keyword a check is about, so a change points at its line (`maximum: 5`), or at the schema when the keyword is gone. */
const KEYWORD_OF: readonly [RegExp, string][] = [
  [/^(type|list-of-types)-/, 'type'],
  [/nullable$/, 'nullable'],
  [/^(became-(not-)?enum|enum-value)/, 'enum'],
  [/^const-/, 'const'],
  [/^default-value-/, 'default'],
  [/^multiple-of-/, 'multipleOf'],
  [/^unique-items-/, 'uniqueItems'],
  [/^pattern-/, 'pattern'],
  [/^discriminator-/, 'discriminator'],
  [/^x-extensible-enum-/, 'x-extensible-enum'],
  ...BOUNDS.map(([key, name]): [RegExp, string] => [new RegExp(`^${name}-(set|unset|increased|decreased)$`), key]),
];

export function keywordOf(suffix: string): string | undefined {
  return KEYWORD_OF.find(([pattern]) => pattern.test(suffix))?.[1];
}

export function boundChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  const out: KeywordChange[] = [];
  for (const [key, name, lower] of BOUNDS) {
    const from = b[key];
    const to = h[key];
    if (from === to) continue;
    const suffix = from === undefined ? `${name}-set` : to === undefined ? `${name}-unset` : `${name}-${to > from ? 'increased' : 'decreased'}`;
    const narrows = to !== undefined && (from === undefined || (lower ? to > from : to < from));
    const change = from === undefined ? `now has ${key} ${to}` : to === undefined ? `no longer has ${key} ${from}` : `changed ${key} from ${from} to ${to}`;
    out.push({ suffix, kind: 'constraint-changed', say: (what) => `${what} ${change}${narrows ? NARROWS[dir] : WIDENS[dir]}` });
  }
  return out;
}

/** Whether every multiple of `of` is a multiple of `by` (floating point forgiven). */
function divides(by: number, of: number): boolean {
  const q = of / by;
  return Math.abs(q - Math.round(q)) < 1e-9;
}

export function multipleOfChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  const from = b.multipleOf;
  const to = h.multipleOf;
  if (from === to) return [];
  const widens = to === undefined || (from !== undefined && divides(to, from));
  const narrows = from === undefined || (to !== undefined && divides(from, to));
  const suffix = widens ? 'multiple-of-widened' : narrows ? 'multiple-of-narrowed' : 'multiple-of-changed';
  const change =
    from === undefined
      ? `must now be a multiple of ${to}`
      : to === undefined
        ? `no longer needs to be a multiple of ${from}`
        : `changed multipleOf from ${from} to ${to}`;
  return [{ suffix, kind: 'constraint-changed', say: (what) => `${what} ${change}${widens ? WIDENS[dir] : NARROWS[dir]}` }];
}

export function uniqueItemsChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  if (Boolean(b.uniqueItems) === Boolean(h.uniqueItems)) return [];
  return h.uniqueItems
    ? [{ suffix: 'unique-items-added', kind: 'constraint-changed', say: (what) => `${what} must now hold unique items${NARROWS[dir]}` }]
    : [
        {
          suffix: 'unique-items-removed',
          kind: 'constraint-changed',
          say: (what) => `${what} may now hold the same item twice${dir === 'response' ? '; clients that read it as a set may meet duplicates.' : '.'}`,
        },
      ];
}

/** Patterns any text matches: the empty one included. */
const ANY_TEXT = new Set(['', '.*', '^.*$', '^.*', '.*$']);

export function patternChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  if (b.pattern === h.pattern) return [];
  const suffix =
    b.pattern === undefined
      ? 'pattern-added'
      : h.pattern === undefined
        ? 'pattern-removed'
        : ANY_TEXT.has(h.pattern)
          ? 'pattern-generalized'
          : 'pattern-changed';
  const change =
    b.pattern === undefined
      ? `now has pattern ${h.pattern}`
      : h.pattern === undefined
        ? `no longer has pattern ${b.pattern}`
        : `changed pattern from ${b.pattern} to ${h.pattern}`;
  const effect =
    suffix === 'pattern-added'
      ? NARROWS[dir]
      : suffix === 'pattern-changed' && dir === 'request'
        ? '; requests that match only the old pattern will be rejected.'
        : suffix === 'pattern-removed' || suffix === 'pattern-generalized'
          ? WIDENS[dir]
          : '.';
  return [{ suffix, kind: 'constraint-changed', say: (what) => `${what} ${change}${effect}` }];
}

export function discriminatorChanges(b: SchemaNode, h: SchemaNode): KeywordChange[] {
  const from = b.discriminator;
  const to = h.discriminator;
  if (!from && !to) return [];
  const kind: ChangeKind = 'discriminator-changed';
  if (!from) return [{ suffix: 'discriminator-added', kind, say: (what) => `${what} now tells its alternatives apart by "${to!.propertyName}".` }];
  if (!to) return [{ suffix: 'discriminator-removed', kind, say: (what) => `${what} no longer names a discriminator ("${from.propertyName}").` }];
  const out: KeywordChange[] = [];
  if (from.propertyName !== to.propertyName) {
    out.push({
      suffix: 'discriminator-property-name-changed',
      kind,
      say: (what) =>
        `${what} now tells its alternatives apart by "${to.propertyName}" instead of "${from.propertyName}"; clients that pick the type by the old field will pick wrongly.`,
    });
  }
  const bm = from.mapping ?? {};
  const hm = to.mapping ?? {};
  for (const [value, target] of Object.entries(bm)) {
    const now = hm[value];
    if (now === undefined) {
      out.push({
        suffix: 'discriminator-mapping-deleted',
        kind,
        say: (what) => `${what} no longer maps the discriminator value ${quote(value)} (to ${target}).`,
      });
    } else if (now !== target) {
      out.push({
        suffix: 'discriminator-mapping-changed',
        kind,
        say: (what) => `${what} now maps the discriminator value ${quote(value)} to ${now} instead of ${target}; clients read that value as another type.`,
      });
    }
  }
  for (const [value, target] of Object.entries(hm)) {
    if (!(value in bm))
      out.push({ suffix: 'discriminator-mapping-added', kind, say: (what) => `${what} now maps the discriminator value ${quote(value)} to ${target}.` });
  }
  return out;
}

/** `x-extensible-enum`: a value removed is one requests may no longer send; values added are what it is for. */
export function extensibleEnumChanges(b: SchemaNode, h: SchemaNode, dir: Direction): KeywordChange[] {
  if (!b.extensibleEnum || !h.extensibleEnum) return [];
  const now = new Set(h.extensibleEnum.map(canonical));
  const before = new Set(b.extensibleEnum.map(canonical));
  const removed = b.extensibleEnum.filter((v) => !now.has(canonical(v))).map(quote);
  const added = h.extensibleEnum.filter((v) => !before.has(canonical(v))).map(quote);
  const out: KeywordChange[] = [];
  if (removed.length) {
    out.push({
      suffix: 'x-extensible-enum-value-removed',
      kind: 'enum-value-removed',
      say: (what) =>
        `${what} no longer lists the extensible value${removed.length === 1 ? '' : 's'} ${removed.join(', ')}${dir === 'request' ? '; requests that send it may be rejected.' : '.'}`,
    });
  }
  if (added.length) {
    out.push({
      suffix: 'x-extensible-enum-value-added',
      kind: 'enum-value-added',
      say: (what) => `${what} now also lists the extensible value${added.length === 1 ? '' : 's'} ${added.join(', ')}.`,
    });
  }
  return out;
}

/** Every keyword of a node that limits its values, compared, as its value is written. */
export function valueChanges(b: SchemaNode, h: SchemaNode, dir: Direction, writing: Writing = 'json'): KeywordChange[] {
  const typed = typeChanges(b, h, dir, writing);
  // Only types that share no values: a type widened or narrowed keeps its bounds comparable.
  const typeBroke = typed.some((c) => c.suffix === 'type-changed' || c.suffix === 'list-of-types-changed');
  return [
    ...typed,
    ...nullableChanges(b, h, dir),
    ...enumChanges(b, h, dir),
    ...extensibleEnumChanges(b, h, dir),
    ...constChanges(b, h, dir),
    ...defaultChanges(b, h, dir),
    // Bounds of another type mean nothing once the type changed.
    ...(typeBroke ? [] : [...boundChanges(b, h, dir), ...multipleOfChanges(b, h, dir), ...uniqueItemsChanges(b, h, dir), ...patternChanges(b, h, dir)]),
    ...discriminatorChanges(b, h),
  ];
}
