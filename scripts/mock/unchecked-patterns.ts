// The request patterns the mock leaves unchecked (RE2 cannot express them:
// lookarounds, backreferences), found once per version of the document so the
// writer reads which ones when the mock starts or reloads, not on a request.
import { createDeref, getByPointer, isObject } from '../model/deref.ts';
import { linearPattern } from '../model/linear-pattern.ts';
import type { OpenApiDocument } from '../model/load.ts';
import type { Operation } from '../model/types.ts';
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

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function decodePointer(ref: string): string {
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return ref.slice(1);
  }
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
      node.forEach((item, i) => visit(item, `${pointer}/${i}`, depth + 1));
      return;
    }
    if (!isObject(node)) return;
    if (typeof node.$ref === 'string' && node.$ref.startsWith('#') && !seenRefs.has(node.$ref)) {
      seenRefs.add(node.$ref);
      const target = decodePointer(node.$ref);
      visit(getByPointer(document, target), target, depth + 1);
    }
    for (const [key, value] of Object.entries(node)) {
      if (NOT_SCHEMA.has(key) || key.startsWith('x-')) continue;
      const at = `${pointer}/${escapePointer(key)}`;
      if (key === 'pattern' && typeof value === 'string') {
        const check = linearPattern(value);
        if (!check.ok) found.push({ where: at, pattern: value, reason: check.reason, operation });
      } else if (key === 'patternProperties' && isObject(value)) {
        for (const [pattern, schema] of Object.entries(value)) {
          const check = linearPattern(pattern);
          if (!check.ok) found.push({ where: `${at}/${escapePointer(pattern)}`, pattern, reason: check.reason, operation });
          visit(schema, `${at}/${escapePointer(pattern)}`, depth + 1);
        }
      } else visit(value, at, depth + 1);
    }
  };

  const deref = createDeref(document);
  for (const op of operations) {
    operation = `${op.method.toUpperCase()} ${op.path}`;
    const itemPointer = op.pointer.slice(0, op.pointer.lastIndexOf('/'));
    // The path item may itself be a reference: its operation is read through it, as the request checks read it.
    const pathItem = deref(getByPointer(document, itemPointer));
    const raw = isObject(pathItem) ? deref(pathItem[op.method]) : undefined;
    if (isObject(pathItem)) visit(pathItem.parameters, `${itemPointer}/parameters`, 0);
    if (isObject(raw)) {
      visit(raw.parameters, `${op.pointer}/parameters`, 0);
      visit(raw.requestBody, `${op.pointer}/requestBody`, 0);
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
