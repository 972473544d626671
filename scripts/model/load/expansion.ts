// How large and how deep a description is once each reference is expanded where it is named: what a
// walk that follows a reference every time it meets one walks (swagger-parser's validation of the
// dereferenced document, ajv checking an example against an `allOf` that names a schema twice, several
// of Redocly's rules). Measured in one pass linear in the document: each node's expanded size and
// depth is computed once and added wherever the node is named; a reference back into a node being
// measured counts as one node, where every such walk stops. Iterative, so any depth is measured.
// When a bound is passed, `locateOverrun` walks one path down to the place where it was passed;
// `inPlaceLoop` finds a schema that applies itself to the same value, which no walk of values ends.
import { childPointer } from '../document/pointer.ts';

/** A reference's target, the file it is in, and its pointer there (`#/components/schemas/Pet`). */
export interface Followed<F> {
  node: unknown;
  file: F;
  pointer: string;
}

/** How references are followed: in one bundled document, or across files as Redocly resolved them. */
export type Follow<F> = (node: Record<string, unknown>, file: F) => Followed<F> | undefined;

export interface Expansion {
  /** Nodes as written: each object and array once, and the values in them. */
  written: number;
  /** Nodes with every reference expanded (saturating at 2^52). */
  expanded: number;
  /** Deepest nesting of objects and arrays, references expanded (a reference itself is no level). */
  depth: number;
  /** Objects and arrays the measure itself visited (and ends of targets): at most about twice those written, whatever they expand to. */
  visited: number;
}

/** A reference target's expanded size and depth once measured, and where it is (the first reference to it said). */
interface Known<F> {
  size: number;
  depth: number;
  file: F;
  pointer: string;
}

/** What a measure keeps, for locating an overrun afterwards. */
export interface Measured<F> extends Expansion {
  root: unknown;
  file: F;
  follow: Follow<F>;
  /** Per reference target: its expanded size and depth, or IN_PROGRESS while it is being measured. */
  known: Map<object, Known<F> | typeof IN_PROGRESS>;
}

const CAP = 2 ** 52;
const IN_PROGRESS = 0;
/** Past this many levels a walk stops descending: only a tree that contains itself gets there, and no reference is that deep. */
const WALK_LEVELS = 100_000;

/**
 * Expanded size and depth of `root` (a document or any node of one). The document as written is a tree,
 * walked once; what a reference names is measured the first time and added from then on. Written for
 * speed: every load runs it (about 70 ms on GitHub's API, a quarter of a million objects).
 */
export function measureExpansion<F>(root: unknown, file: F, follow: Follow<F>, known: Measured<F>['known'] = new Map()): Measured<F> {
  let written = 0;
  let total = 0;
  let deepest = 0;
  // The walk's stack: each value followed by its level; CLOSE for a value is the end of the innermost open target.
  const stack: unknown[] = [root, 1];
  const CLOSE = stack;
  // Reference targets being measured: the node, its file, the total and the deepest level when it was opened.
  // What the walk meets between a target's opening and its CLOSE is in the target's file.
  const openNodes: object[] = [];
  const openFiles: F[] = [];
  const openPointers: string[] = [];
  const openTotals: number[] = [];
  const openDeepest: number[] = [];
  let visited = 0;
  while (stack.length > 0) {
    const level = stack.pop() as number;
    const value = stack.pop();
    visited += 1;
    if (value === CLOSE) {
      const node = openNodes.pop()!;
      const size = Math.max(1, total - openTotals.pop()!);
      known.set(node, { size, depth: Math.max(1, deepest - level + 1), file: openFiles.pop()!, pointer: openPointers.pop()! });
      deepest = Math.max(deepest, openDeepest.pop()!);
      continue;
    }
    const outside = openNodes.length === 0;
    if (outside) written += 1;
    if (value === null || typeof value !== 'object') {
      total += 1;
      continue;
    }
    // Its members first, noting a `$ref` (read in the loop: one property lookup per object of any shape is slow).
    let reference = false;
    if (level < WALK_LEVELS && Array.isArray(value)) {
      // By index: for…in would make a string of each.
      for (let i = 0; i < value.length; i++) {
        const child: unknown = value[i];
        if (child === null || typeof child !== 'object') {
          total += 1;
          if (outside) written += 1;
        } else {
          stack.push(child, level + 1);
        }
      }
    } else if (level < WALK_LEVELS) {
      for (const key in value) {
        const child = (value as Record<string, unknown>)[key];
        if (key === '$ref' && typeof child === 'string') {
          reference = true;
          continue;
        }
        if (child === null || typeof child !== 'object') {
          total += 1;
          if (outside) written += 1;
          continue;
        }
        stack.push(child, level + 1);
      }
    }
    const at = openFiles.length > 0 ? openFiles[openFiles.length - 1]! : file;
    const target = reference ? follow(value as Record<string, unknown>, at) : undefined;
    if (!target) {
      // A `$ref` that does not resolve is a string like any other.
      total = Math.min(CAP, total + (reference ? 2 : 1));
      if (reference && outside) written += 1;
      if (level > deepest) deepest = level;
      continue;
    }
    // A reference is replaced by its target, beside its other keys (3.1): no node and no level of its own.
    const node = target.node;
    const sized = node !== null && typeof node === 'object' ? known.get(node) : undefined;
    if (node === null || typeof node !== 'object' || sized === IN_PROGRESS || level >= WALK_LEVELS) {
      total += 1;
      if (level > deepest) deepest = level;
    } else if (sized) {
      total = Math.min(CAP, total + sized.size);
      deepest = Math.max(deepest, level + sized.depth - 1);
    } else {
      known.set(node, IN_PROGRESS);
      openNodes.push(node);
      openFiles.push(target.file);
      openPointers.push(target.pointer);
      openTotals.push(total);
      openDeepest.push(deepest);
      deepest = level;
      stack.push(CLOSE, level, node, level);
    }
  }
  return { written, expanded: total, depth: deepest, visited, root, file, follow, known };
}

/** Where a bound was passed: the node, and the last reference on the way to it (the place a writer named it). */
export interface Overrun<F> {
  file: F;
  pointer: string;
  reference?: { file: F; pointer: string };
}

interface Step<F> {
  node: unknown;
  file: F;
  pointer: string;
}

const isNode = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';

/**
 * The place a walk in document order, references expanded, passes `limit` nodes (`kind: 'size'`) or
 * `limit` levels (`kind: 'depth'`); undefined when it does not. One path is walked down, each node's
 * children measured (what references name, from the measure already made) until the one that passes.
 */
export function locateOverrun<F>(measured: Measured<F>, kind: 'size' | 'depth', limit: number): Overrun<F> | undefined {
  if ((kind === 'size' ? measured.expanded : measured.depth) <= limit) return undefined;
  const { follow, known } = measured;
  let step: Step<F> = { node: measured.root, file: measured.file, pointer: '#' };
  let reference: Overrun<F>['reference'];
  let left = limit;
  const onPath = new Set<unknown>();
  const cost = (child: Step<F>): { size: number; depth: number } => {
    if (!isNode(child.node)) return { size: 1, depth: 0 };
    if (onPath.has(child.node)) return { size: 1, depth: 1 };
    const { expanded, depth } = measureExpansion(child.node, child.file, follow, known);
    return { size: expanded, depth };
  };
  for (;;) {
    const node = step.node;
    const target = isNode(node) && !Array.isArray(node) ? follow(node, step.file) : undefined;
    // A reference is replaced by its target: no node and no level of its own.
    if (target) reference = { file: step.file, pointer: step.pointer };
    else left -= 1;
    if (left < 0 || !isNode(node)) break;
    onPath.add(node);
    const children: Step<F>[] = target ? [{ node: target.node, file: target.file, pointer: target.pointer }] : [];
    for (const key of Object.keys(node)) {
      if (!(target && key === '$ref')) children.push({ node: node[key], file: step.file, pointer: childPointer(step.pointer, key) });
    }
    let next: Step<F> | undefined;
    for (const child of children) {
      const { size, depth } = cost(child);
      if (kind === 'depth' ? depth > left : size > left) {
        next = child;
        break;
      }
      if (kind === 'size') left -= size;
    }
    if (!next) break;
    step = next;
  }
  return { file: step.file, pointer: step.pointer, ...(reference ? { reference } : {}) };
}

/** Whether objects and arrays in `value` nest more than `levels` deep (references not followed); stops at the first such path. */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const node = values.pop();
    const depth = depths.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > levels) return true;
    for (const key in node) {
      const child = (node as Record<string, unknown>)[key];
      if (child !== null && typeof child === 'object') {
        values.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return false;
}

/** Nodes as written (references not followed): objects, arrays and the values in them. */
export function writtenNodes(value: unknown): number {
  let count = 0;
  const values: unknown[] = [value];
  while (values.length > 0) {
    const node = values.pop();
    count += 1;
    if (node === null || typeof node !== 'object') continue;
    for (const key in node) values.push((node as Record<string, unknown>)[key]);
  }
  return count;
}

/** Keywords whose schemas apply to the same value as the schema holding them: a loop through these alone never ends. */
const IN_PLACE_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_ONES = ['not', 'if', 'then', 'else'] as const;

interface Place<F> {
  node: Record<string, unknown>;
  file: F;
  pointer: string;
}

/** The schemas that apply to the same value as `at`: its reference's target, its allOf, anyOf and oneOf members, not, if, then, else. */
function inPlace<F>(at: Place<F>, follow: Follow<F>): Place<F>[] {
  const out: Place<F>[] = [];
  const target = follow(at.node, at.file);
  if (target && isNode(target.node)) out.push({ node: target.node, file: target.file, pointer: target.pointer });
  for (const key of IN_PLACE_LISTS) {
    const list = at.node[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (isNode(item)) out.push({ node: item, file: at.file, pointer: childPointer(at.pointer, key, String(i)) });
    });
  }
  for (const key of IN_PLACE_ONES) {
    const one = at.node[key];
    if (isNode(one)) out.push({ node: one, file: at.file, pointer: childPointer(at.pointer, key) });
  }
  return out;
}

/**
 * A schema that applies itself to the same value through references, allOf, anyOf, oneOf, not, if, then or else alone
 * (`Pet: {oneOf: [Cat]}`, `Cat: {allOf: [Pet]}`): checking any value against it never ends, and ajv, which Redocly's
 * rules check examples with, recurses into it until it runs out of stack, once per branch. Every such loop runs through
 * a reference's target, so the targets the measure met are where a search of these keywords alone starts; each schema
 * is searched once. The place is the reference (or member) that closes the loop.
 */
export function inPlaceLoop<F>(measured: Measured<F>): { file: F; pointer: string } | undefined {
  const state = new Map<object, 'open' | 'done'>();
  for (const [start, known] of measured.known) {
    if (known === IN_PROGRESS || state.has(start) || !isNode(start)) continue;
    const path: { place: Place<F>; next: Place<F>[]; i: number }[] = [];
    const enter = (place: Place<F>) => {
      state.set(place.node, 'open');
      path.push({ place, next: inPlace(place, measured.follow), i: 0 });
    };
    enter({ node: start, file: known.file, pointer: known.pointer });
    while (path.length > 0) {
      const top = path[path.length - 1]!;
      const next = top.next[top.i++];
      if (!next) {
        state.set(top.place.node, 'done');
        path.pop();
        continue;
      }
      const seen = state.get(next.node);
      if (seen === 'open') return { file: top.place.file, pointer: measured.follow(top.place.node, top.place.file) ? top.place.pointer : next.pointer };
      if (!seen) enter(next);
    }
  }
  return undefined;
}
