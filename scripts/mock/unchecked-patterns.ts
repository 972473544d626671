// The request patterns the mock leaves unchecked (the model finds them: model/unchecked-patterns.ts),
// said once per version of the document, so the writer reads which ones when the mock starts or
// reloads, not on a request.
import type { OpenApiDocument } from '../model/document/document.ts';
import type { Operation } from '../model/contract/types.ts';
import { uncheckedPatterns as findUnchecked } from '../model/document/unchecked-patterns.ts';
import { printable } from './log.ts';

/** More than this many lines say how many more instead. */
const MAX_LINES = 20;

/** One line per unchecked pattern, naming the first operation whose requests it would check. */
export function uncheckedPatterns(document: OpenApiDocument, operations: Operation[]): string[] {
  const found = findUnchecked(document, operations);
  const lines = found.slice(0, MAX_LINES).map((u) => {
    const operation = `${u.operation.method.toUpperCase()} ${u.operation.path}`;
    const where = u.pointer.startsWith('#') ? u.pointer : `#${u.pointer}`;
    return `Not checked by the mock: ${printable(operation, 120)}: pattern ${printable(JSON.stringify(u.pattern), 120)} at ${printable(where, 160)} (${u.reason}).`;
  });
  if (found.length > MAX_LINES) lines.push(`…and ${found.length - MAX_LINES} more patterns the mock does not check.`);
  return lines;
}
