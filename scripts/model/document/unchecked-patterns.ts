// Which request patterns go unchecked: a schema `pattern` (or `patternProperties` key) that
// linear-pattern.ts cannot run on RE2 (a lookaround, a backreference), found where an operation's
// requests meet it (its parameters and request body, references followed once). The lint rule
// `portal/pattern-linear` says it at the pattern; the mock says it when it starts, by operation.
import { isObject } from './deref.ts';
import { operationObject, pathItemObject, resolveRef, type OpenApiDocument } from './document.ts';
import { linearPattern } from '../contract/linear-pattern.ts';
import { childPointer, escapeSegment, parentPointer } from './pointer.ts';
import type { Operation } from '../contract/types.ts';

export interface UncheckedPattern {
  /** The first operation whose requests the pattern would check. */
  operation: Operation;
  /** JSON pointer to the pattern: a `pattern` field, or a `patternProperties` key. */
  pointer: string;
  pattern: string;
  /** Why RE2 cannot run it (`RE2 has no lookahead`). */
  reason: string;
}

/** Values, not schemas: a `pattern` inside them is data. */
const NOT_SCHEMA = new Set(['example', 'examples', 'default', 'enum', 'const', 'responses', 'callbacks', 'links']);
/** A document nested deeper than this is not one a writer made; the rest is not searched. */
const MAX_DEPTH = 200;

/** The request patterns of these operations that are left unchecked, each once, in document order. */
export function uncheckedPatterns(document: OpenApiDocument, operations: Operation[]): UncheckedPattern[] {
  const found: UncheckedPattern[] = [];
  const seenRefs = new Set<string>();

  const check = (operation: Operation, pattern: string, pointer: string) => {
    const result = linearPattern(pattern);
    if (!result.ok) found.push({ operation, pointer, pattern, reason: result.reason });
  };

  const visit = (operation: Operation, node: unknown, pointer: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(operation, item, `${pointer}/${i}`, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#') && !seenRefs.has(node.$ref)) {
      seenRefs.add(node.$ref);
      visit(operation, resolveRef(document, node.$ref), node.$ref, depth + 1);
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_SCHEMA.has(key) || key.startsWith('x-')) continue;
      const at = `${pointer}/${escapeSegment(key)}`;
      if (key === 'pattern' && typeof value === 'string') check(operation, value, at);
      else if (key === 'patternProperties' && isObject(value)) {
        for (const [pattern, schema] of Object.entries(value)) {
          check(operation, pattern, `${at}/${escapeSegment(pattern)}`);
          visit(operation, schema, `${at}/${escapeSegment(pattern)}`, depth + 1);
        }
      } else visit(operation, value, at, depth + 1);
    }
  };

  for (const op of operations) {
    // Through the door (document.ts): a path item that is a reference is read where it leads.
    const pathItem = pathItemObject(document, op);
    const raw = operationObject(document, op);
    // A path item's parameters are every one of its operations': searched with the first.
    const shared = childPointer(parentPointer(op.pointer), 'parameters');
    if (pathItem && !seenRefs.has(shared)) {
      seenRefs.add(shared);
      visit(op, pathItem.parameters, shared, 0);
    }
    if (raw) {
      visit(op, raw.parameters, childPointer(op.pointer, 'parameters'), 0);
      visit(op, raw.requestBody, childPointer(op.pointer, 'requestBody'), 0);
    }
  }
  return found;
}
