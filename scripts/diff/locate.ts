// Each change at the source line of the node that changed, in whichever file of a split
// description holds it: the model's process maps the change's pointer back through the `$ref`s
// the bundler followed (scripts/model/load/locate.ts). A change with no node left in the head
// document (a removed operation) keeps its subject only.
import { relative } from 'node:path';
import type { SourceLocation } from '../model/contract/types.ts';
import type { ApiChange } from './types.ts';

/** Past this many changes the rest are reported without a line: each lookup costs a walk of a file. */
export const MAX_LOCATED = 2000;

export type PointerLocator = (pointers: string[]) => Promise<(SourceLocation | undefined)[]>;

/** The changes with `source` set, paths relative to `cwd` (where CI runs). */
export async function locateChanges(changes: ApiChange[], locate: PointerLocator, cwd = process.cwd()): Promise<ApiChange[]> {
  const wanted = changes.slice(0, MAX_LOCATED).filter((c) => c.pointer !== undefined);
  if (!wanted.length) return changes;
  const places = await locate(wanted.map((c) => c.pointer!));
  const found = new Map<ApiChange, SourceLocation>();
  wanted.forEach((c, i) => {
    const place = places[i];
    if (place) found.set(c, { file: relative(cwd, place.file).split('\\').join('/') || place.file, line: place.line, col: place.col });
  });
  return changes.map((c) => {
    const source = found.get(c);
    return source ? { ...c, source } : c;
  });
}
