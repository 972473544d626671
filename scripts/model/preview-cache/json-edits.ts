// A save of a large JSON description usually changes a few strings (a summary, a description, an
// example's value). Parsing the whole text again, walking it for references and comparing it with
// the last document takes GitHub's 13 MB API about a quarter of a second on every save; here the
// new text is compared with the last one, and when every difference lies inside string values, the
// new document is the last one with those strings replaced: new objects on the paths to them, the
// last document's everywhere else. Anything else (a key, a number, a bracket, a reference, a string
// that would not parse) is left to the full parse, which also reports what is wrong. Hand-written:
// no JSON library maps a text offset to the value's path without parsing the whole text into a tree.

/** How many edited strings one save may have before the full parse is cheaper to trust. */
const MAX_EDITS = 64;
/** Compared a block at a time: equal blocks are one comparison of the engine's own. */
const BLOCK = 4096;
/** What a JSON text's structure is made of. */
const SIGNIFICANT = /[{}[\],"]/g;
/** Strings whose value is a reference, or changes how the document is read: never taken as a plain edit. */
const READ_AS_REFERENCE = new Set(['$ref', '$id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$schema', 'operationRef', 'externalValue', 'openapi']);

/** The first offset at which `a` from `ai` and `b` from `bi` differ; -1 when both end there equal. */
export function firstDifference(a: string, ai: number, b: string, bi: number): number {
  const length = Math.min(a.length - ai, b.length - bi);
  let k = 0;
  while (k + BLOCK <= length && a.slice(ai + k, ai + k + BLOCK) === b.slice(bi + k, bi + k + BLOCK)) k += BLOCK;
  while (k < length && a.charCodeAt(ai + k) === b.charCodeAt(bi + k)) k++;
  return k === length && a.length - ai === b.length - bi ? -1 : k;
}

/** The offset of the quote that closes the string opened at `start`. */
function stringEnd(text: string, start: number): number {
  let at = start;
  for (;;) {
    at = text.indexOf('"', at + 1);
    if (at < 0) return -1;
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

interface Frame {
  array: boolean;
  /** An object's key being read or last read (its string's offsets), or an array's index. */
  keyStart: number;
  keyEnd: number;
  index: number;
  /** An object expects a key next (after `{` or `,`). */
  expectKey: boolean;
  /** How many keys the object's text has. */
  keys: number;
  /** Its path, when an edit is inside it: its keys are counted against the document's once it closes. */
  path?: string[];
}

/** An object an edit is in: how many keys its text has (more than the document's means a key written twice). */
export interface KeyCount {
  path: string[];
  keys: number;
}

/** Deeper than this, a text is left to the full parse (the scan keeps a frame per level). */
const MAX_DEPTH = 1024;

/** Reads a JSON text's structure up to an offset: which container it is in, and where in it. */
class Scanner {
  at = 0;
  readonly stack: Frame[] = [];
  /** The objects edits are in, once closed. */
  readonly counted: KeyCount[] = [];
  /** The root object's keys, decoded: the document may have one more than its text (`components`, added). */
  readonly rootKeys: string[] = [];
  failed = false;
  private readonly text: string;
  constructor(text: string) {
    this.text = text;
  }

  /**
   * Reads up to `offset`; the string the offset falls in, or undefined when it falls outside a string or the text is
   * not JSON as far as it goes. `start` is the string's opening quote, `key` whether it is an object's key.
   */
  to(offset: number): { start: number; key: boolean } | undefined {
    const { text, stack } = this;
    while (this.at <= offset) {
      // Whitespace, numbers and literals say nothing of the structure: the next bracket, comma or quote is found natively.
      SIGNIFICANT.lastIndex = this.at;
      const next = SIGNIFICANT.exec(text);
      if (!next || next.index > offset) {
        this.at = offset + 1;
        return undefined;
      }
      this.at = next.index;
      const c = text.charCodeAt(this.at);
      if (c === 34) {
        const end = stringEnd(text, this.at);
        if (end < 0) return undefined;
        const top = stack.at(-1);
        const key = top !== undefined && !top.array && top.expectKey;
        if (end >= offset) return { start: this.at, key };
        if (key && top) {
          top.keyStart = this.at;
          top.keyEnd = end;
          top.expectKey = false;
          top.keys++;
          if (stack.length === 1) this.rootKeys.push(JSON.parse(text.slice(this.at, end + 1)) as string);
        }
        this.at = end + 1;
        continue;
      }
      if (c === 123 || c === 91) {
        if (stack.length === MAX_DEPTH) {
          this.failed = true;
          return undefined;
        }
        stack.push({ array: c === 91, keyStart: -1, keyEnd: -1, index: 0, expectKey: c === 123, keys: 0 });
      } else if (c === 125 || c === 93) {
        const closed = stack.pop();
        if (closed?.path && !closed.array) this.counted.push({ path: closed.path, keys: closed.keys });
      } else if (c === 44) {
        const top = stack.at(-1);
        if (top?.array) top.index++;
        else if (top) top.expectKey = true;
      }
      this.at++;
    }
    return undefined;
  }

  /** The path of the value being read, keys decoded. */
  path(): string[] | undefined {
    const path: string[] = [];
    for (const frame of this.stack) {
      if (frame.array) path.push(String(frame.index));
      else {
        if (frame.keyStart < 0) return undefined;
        path.push(JSON.parse(this.text.slice(frame.keyStart, frame.keyEnd + 1)) as string);
      }
    }
    return path;
  }
}

export interface StringEdit {
  path: string[];
  before: string;
  after: string;
}

/** The edits of a save, and the key counts of the objects they are in (withEdits checks them against the document). */
export interface EditPlan {
  edits: StringEdit[];
  objects: KeyCount[];
}

/**
 * The string values that changed from `before` to `after`, each at its path; undefined when anything else changed
 * (or nothing did), for the full parse to read. Both texts are JSON the caller parsed.
 */
export function stringEdits(before: string, after: string): EditPlan | undefined {
  const scanner = new Scanner(after);
  const edits: StringEdit[] = [];
  let ai = 0;
  let bi = 0;
  for (;;) {
    const k = firstDifference(after, ai, before, bi);
    if (k < 0) {
      if (edits.length === 0) return undefined;
      // Read to the end: the objects the edits are in close, with all their keys counted. A key written twice in one
      // of them makes JSON.parse keep its last value, which may not be the one edited.
      scanner.to(after.length);
      if (scanner.failed || new Set(scanner.rootKeys).size !== scanner.rootKeys.length) return undefined;
      return { edits, objects: scanner.counted.filter((object) => object.path.length > 0) };
    }
    if (edits.length === MAX_EDITS) return undefined;
    const inside = scanner.to(ai + k);
    // A difference outside a string, at its opening quote, or in a key changes the document's structure.
    if (!inside || inside.key || inside.start === ai + k) return undefined;
    const start = inside.start;
    const startBefore = start - ai + bi;
    const end = stringEnd(after, start);
    const endBefore = stringEnd(before, startBefore);
    if (end < 0 || endBefore < 0) return undefined;
    const path = scanner.path();
    const key = path?.at(-1);
    for (const [i, frame] of scanner.stack.entries()) frame.path ??= path?.slice(0, i);
    if (scanner.failed || !path || key === undefined || READ_AS_REFERENCE.has(key) || path.includes('__proto__') || path.includes('mapping')) return undefined;
    let value: unknown;
    let old: unknown;
    try {
      value = JSON.parse(after.slice(start, end + 1));
      old = JSON.parse(before.slice(startBefore, endBefore + 1));
    } catch {
      return undefined;
    }
    edits.push({ path, before: old as string, after: value as string });
    ai = end + 1;
    bi = endBefore + 1;
    scanner.at = ai;
  }
}

/**
 * `document` with each edit's string replaced, sharing every object no edit reaches; undefined when an edit's path
 * does not hold the string it replaced there (the text and the document do not match), or when an object an edit is
 * in has more keys in the text than in the document (one written twice).
 */
export function withEdits<T>(document: T, { edits, objects }: EditPlan): T | undefined {
  for (const { path, keys } of objects) {
    let node: unknown = document;
    for (const key of path) node = node !== null && typeof node === 'object' && Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
    if (node === null || typeof node !== 'object' || Object.keys(node).length < keys) return undefined;
  }
  const copies = new Map<object, Record<string, unknown> | unknown[]>();
  const copyOf = (node: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] => {
    let copy = copies.get(node);
    if (!copy) {
      copy = Array.isArray(node) ? [...node] : { ...node };
      copies.set(node, copy);
      copies.set(copy, copy);
    }
    return copy;
  };
  if (document === null || typeof document !== 'object') return undefined;
  const root = copyOf(document as Record<string, unknown>);
  for (const { path, before, after } of edits) {
    let node: Record<string, unknown> | unknown[] = root;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i] as string;
      const child = Object.hasOwn(node, key) ? (node as Record<string, unknown>)[key] : undefined;
      if (child === null || typeof child !== 'object') return undefined;
      const copy = copyOf(child as Record<string, unknown>);
      (node as Record<string, unknown>)[key] = copy;
      node = copy;
    }
    const last = path.at(-1) as string;
    if (!Object.hasOwn(node, last) || (node as Record<string, unknown>)[last] !== before) return undefined;
    (node as Record<string, unknown>)[last] = after;
  }
  return root as T;
}
