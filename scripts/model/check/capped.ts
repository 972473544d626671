// `example-capped` warnings: each schema an example was cut short at, once, at its place in the
// files the writer edits. Schemas are known by identity (the sampler saw the document's objects), so
// their pointers are found by one walk of the document, made only when something was cut.
import type { Diagnostic } from '../../diagnostics.ts';
import type { CappedExample } from '../normalize/examples.ts';
import type { Locator } from '../load/locate.ts';
import { formatPointer } from '../document/pointer.ts';
import type { OpenApiDocument } from '../document/openapi.ts';

/** The pointers of these objects of the document, each where a walk in document order first meets it. */
export function pointersOf(document: OpenApiDocument, targets: Set<object>): Map<object, string> {
  const found = new Map<object, string>();
  const seen = new Set<object>();
  const stack: { node: unknown; path: string[] }[] = [{ node: document, path: [] }];
  while (stack.length > 0 && found.size < targets.size) {
    const { node, path } = stack.pop()!;
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (targets.has(node) && !found.has(node)) found.set(node, formatPointer(path));
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, child] of entries.toReversed()) stack.push({ node: child, path: [...path, key] });
  }
  return found;
}

export function cappedDiagnostics(document: OpenApiDocument, capped: readonly CappedExample[], locate: Locator): Diagnostic[] {
  if (capped.length === 0) return [];
  const pointers = pointersOf(document, new Set(capped.flatMap((c) => [c.schema, c.root])));
  const byPlace = new Map<string, Diagnostic>();
  for (const cut of capped) {
    // A schema openapi-sampler merged (allOf) is no object of the document: the one being sampled stands for it.
    const pointer = pointers.get(cut.schema) ?? pointers.get(cut.root) ?? '#';
    const at = locate(pointer);
    const key = `${at.file}:${at.line}:${at.col}:${cut.reason}`;
    if (byPlace.has(key)) continue;
    byPlace.set(key, {
      severity: 'warning',
      rule: 'example-capped',
      message: cut.reason.endsWith('so none is shown')
        ? `No example could be generated from this schema within the bounds (${cut.reason}); the portal and the mock show none`
        : `An example generated from this schema was cut short (${cut.reason}); the portal and the mock show the shorter one`,
      ...at,
    });
  }
  return [...byPlace.values()];
}
