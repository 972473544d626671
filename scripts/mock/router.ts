// Path templates compiled into a segment tree. Hand-written because the
// lookup is the hot path: one walk over the request's segments, exact
// segments tried before templated ones (`/pets/mine` beats `/pets/{petId}`),
// with backtracking so a dead end under an exact segment still falls back to
// a template.
import { RE2JS } from 're2js';

export interface PathEntry<T> {
  /** The template as written in the document, e.g. `/pets/{petId}`. */
  template: string;
  /** Operations by upper-case method. */
  methods: Map<string, T>;
  /** Value of the `Allow` header for this path. */
  allow: string;
  /** Parameter names, in the order their values are captured. */
  names: string[];
  /** Names by method, where a template that differs only in them declares that method (`/pets/{id}` beside `/pets/{petId}`). */
  namesByMethod?: Map<string, string[]>;
}

export interface RouteMatch<T> {
  entry: PathEntry<T>;
  /** Path parameters, percent-decoded. */
  params: Record<string, string>;
  /** The same, as they arrived (still percent-encoded): a label or matrix value is split before it is decoded. */
  raw: Record<string, string>;
  /** Names of parameters whose raw value is not valid percent-encoded UTF-8. */
  badEncoding?: string[];
}

interface Pattern<T> {
  source: string;
  /** On RE2: `{a}-{b}.json` against a long segment of dashes would make a backtracking engine take polynomial time. */
  regex: RE2JS;
  node: TreeNode<T>;
}

interface TreeNode<T> {
  exact: Map<string, TreeNode<T>> | undefined;
  /** Segments mixing text and parameters, e.g. `{name}.json`. */
  patterns: Pattern<T>[] | undefined;
  /** A whole-segment parameter. */
  param: TreeNode<T> | undefined;
  entry: PathEntry<T> | undefined;
}

const NO_PARAMS: Record<string, string> = Object.freeze(Object.create(null));
const newNode = <T>(): TreeNode<T> => ({ exact: undefined, patterns: undefined, param: undefined, entry: undefined });
const WHOLE_PARAM = /^\{([^{}]+)\}$/;
const ANY_PARAM = /\{([^{}]+)\}/g;

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function decodeSegment(segment: string): string | undefined {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export class Router<T> {
  private readonly root: TreeNode<T> = newNode();
  /** Paths without parameters, looked up before walking the tree. */
  private readonly exactPaths = new Map<string, PathEntry<T>>();
  private readonly entries: PathEntry<T>[] = [];

  add(template: string, method: string, value: T): void {
    let node = this.root;
    const names: string[] = [];
    for (const segment of template.split('/').slice(1)) {
      const whole = WHOLE_PARAM.exec(segment);
      if (whole) {
        names.push(whole[1] ?? '');
        node = node.param ??= newNode();
      } else if (segment.includes('{')) {
        const source = segment.split(ANY_PARAM).map((part, i) => {
          if (i % 2 === 1) {
            names.push(part);
            return '(.+?)';
          }
          return escapeRegex(part);
        });
        const key = `^${source.join('')}$`;
        node.patterns ??= [];
        let pattern = node.patterns.find((p) => p.source === key);
        if (!pattern) {
          pattern = { source: key, regex: RE2JS.compile(key), node: newNode() };
          node.patterns.push(pattern);
        }
        node = pattern.node;
      } else {
        node.exact ??= new Map();
        let next = node.exact.get(segment);
        if (!next) node.exact.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (!node.entry) {
      node.entry = { template, methods: new Map(), allow: '', names };
      this.entries.push(node.entry);
      if (names.length === 0) this.exactPaths.set(template, node.entry);
    }
    // A method declared on two templates of one route is the first one's (the model reports the other as unreachable).
    const upper = method.toUpperCase();
    if (node.entry.methods.has(upper)) return;
    node.entry.methods.set(upper, value);
    if (names.some((name, i) => name !== node.entry!.names[i])) (node.entry.namesByMethod ??= new Map()).set(upper, names);
    const methods = [...node.entry.methods.keys()];
    // HEAD is answered wherever GET is; OPTIONS always (CORS preflight).
    if (methods.includes('GET') && !methods.includes('HEAD')) methods.push('HEAD');
    if (!methods.includes('OPTIONS')) methods.push('OPTIONS');
    node.entry.allow = methods.join(', ');
  }

  /** Every path, in the order first added. */
  paths(): readonly PathEntry<T>[] {
    return this.entries;
  }

  match(path: string): RouteMatch<T> | undefined {
    const exact = this.exactPaths.get(path);
    if (exact) return { entry: exact, params: NO_PARAMS, raw: NO_PARAMS };
    const raw = path.split('/');
    const segments: (string | undefined)[] = new Array(raw.length - 1);
    for (let i = 1; i < raw.length; i++) segments[i - 1] = decodeSegment(raw[i]!);
    const captures: string[] = [];
    const entry = walk(this.root, segments, raw, 0, captures);
    if (!entry) return undefined;
    // Null prototype: a parameter named `constructor` or `__proto__` is held like any other.
    const params = Object.create(null) as Record<string, string>;
    const rawParams = Object.create(null) as Record<string, string>;
    let badEncoding: string[] | undefined;
    // walk() captured one value per parameter name of the entry it found.
    for (const [i, name] of entry.names.entries()) {
      const value = captures[i] ?? '';
      const decoded = decodeSegment(value);
      if (decoded === undefined) (badEncoding ??= []).push(name);
      params[name] = decoded ?? value;
      rawParams[name] = value;
    }
    return badEncoding ? { entry, params, raw: rawParams, badEncoding } : { entry, params, raw: rawParams };
  }
}

/** The match with its parameters named as the operation answering `method` names them. */
export function namedFor<T>(match: RouteMatch<T>, method: string): RouteMatch<T> {
  const names = match.entry.namesByMethod?.get(method);
  if (!names) return match;
  const rename = (values: Record<string, string>) => {
    const out = Object.create(null) as Record<string, string>;
    for (const [i, name] of match.entry.names.entries()) {
      const renamed = names[i];
      if (renamed !== undefined && values[name] !== undefined) out[renamed] = values[name];
    }
    return out;
  };
  const badEncoding = match.badEncoding?.map((name) => names[match.entry.names.indexOf(name)] ?? name);
  return { entry: match.entry, params: rename(match.params), raw: rename(match.raw), ...(badEncoding ? { badEncoding } : {}) };
}

function walk<T>(node: TreeNode<T>, segments: (string | undefined)[], raw: string[], depth: number, captures: string[]): PathEntry<T> | undefined {
  if (depth === segments.length) return node.entry;
  const segment = segments[depth];
  const rawSegment = raw[depth + 1] ?? ''; // depth < segments.length = raw.length - 1
  if (node.exact && segment !== undefined) {
    const next = node.exact.get(segment);
    if (next) {
      const found = walk(next, segments, raw, depth + 1, captures);
      if (found) return found;
    }
  }
  if (node.patterns) {
    for (const pattern of node.patterns) {
      const m = pattern.regex.exec(rawSegment);
      if (!m) continue;
      const mark = captures.length;
      for (let i = 1; i < m.length; i++) captures.push(m[i] ?? '');
      const found = walk(pattern.node, segments, raw, depth + 1, captures);
      if (found) return found;
      captures.length = mark;
    }
  }
  // A parameter never matches an empty segment: `/pets/` is not `/pets/{petId}`.
  if (node.param && rawSegment !== '') {
    captures.push(rawSegment);
    const found = walk(node.param, segments, raw, depth + 1, captures);
    if (found) return found;
    captures.pop();
  }
  return undefined;
}
