// The request patterns the mock leaves unchecked (RE2 cannot express them:
// lookarounds, backreferences), found once per version of the document so the
// writer reads which ones when the mock starts or reloads, not on a request.
import { isObject } from '../model/document/deref.ts';
import { operationObject, pathItemObject, resolveRef, type OpenApiDocument } from '../model/document/document.ts';
import { linearPattern } from '../model/contract/linear-pattern.ts';
import { childPointer, escapeSegment, parentPointer } from '../model/document/pointer.ts';
import type { Operation } from '../model/contract/types.ts';
import { printable } from './log.ts';

/** Values, not schemas: a `pattern` inside them is data. */
const NOT_SCHEMA = new Set(['example', 'examples', 'default', 'enum', 'const', 'responses', 'callbacks', 'links']);
/** More than this many lines say how many more instead. */
const MAX_LINES = 20;

interface Unchecked {
  where: string;
  pattern: string;
  reason: string;
  operation: string;
}

/** One line per unchecked pattern, naming the first operation whose requests it would check. */
export function uncheckedPatterns(document: OpenApiDocument, operations: Operation[]): string[] {
  const found: Unchecked[] = [];
  const seenRefs = new Set<string>();
  let operation = '';

  const visit = (node: unknown, pointer: string, depth: number): void => {
    // A document nested this deep is not one a writer made; the rest is not searched.
    if (depth > 200) return;
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) visit(item, `${pointer}/${i}`, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#') && !seenRefs.has(node.$ref)) {
      seenRefs.add(node.$ref);
      visit(resolveRef(document, node.$ref), node.$ref, depth + 1);
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_SCHEMA.has(key) || key.startsWith('x-')) continue;
      const at = `${pointer}/${escapeSegment(key)}`;
      if (key === 'pattern' && typeof value === 'string') {
        const check = linearPattern(value);
        if (!check.ok) found.push({ where: at, pattern: value, reason: check.reason, operation });
      } else if (key === 'patternProperties' && isObject(value)) {
        for (const [pattern, schema] of Object.entries(value)) {
          const check = linearPattern(pattern);
          if (!check.ok) found.push({ where: `${at}/${escapeSegment(pattern)}`, pattern, reason: check.reason, operation });
          visit(schema, `${at}/${escapeSegment(pattern)}`, depth + 1);
        }
      } else visit(value, at, depth + 1);
    }
  };

  for (const op of operations) {
    operation = `${op.method.toUpperCase()} ${op.path}`;
    // Through the door (model/document/document.ts): a path item that is a reference is read where it leads.
    const pathItem = pathItemObject(document, op);
    const raw = operationObject(document, op);
    if (pathItem) visit(pathItem.parameters, childPointer(parentPointer(op.pointer), 'parameters'), 0);
    if (raw) {
      visit(raw.parameters, childPointer(op.pointer, 'parameters'), 0);
      visit(raw.requestBody, childPointer(op.pointer, 'requestBody'), 0);
    }
  }

  const lines = found
    .slice(0, MAX_LINES)
    .map(
      (u) =>
        `Not checked by the mock: ${printable(u.operation, 120)}: pattern ${printable(JSON.stringify(u.pattern), 120)} at ${printable(u.where.startsWith('#') ? u.where : `#${u.where}`, 160)} (${u.reason}).`,
    );
  if (found.length > MAX_LINES) lines.push(`…and ${found.length - MAX_LINES} more patterns the mock does not check.`);
  return lines;
}
