// Diagnostics as the browser shows them: same order and wording as the
// terminal, with a path a writer recognises.
import { isAbsolute, relative } from 'node:path';
import { dedupeDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import type { PreviewProblem } from './preview-channel.ts';

/** Relative to `root` when the file is inside it, else absolute (a `../../tmp/…` path helps nobody). */
export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

export function toProblems(diagnostics: readonly Diagnostic[], root: string): PreviewProblem[] {
  const sorted = sortDiagnostics(dedupeDiagnostics(diagnostics));
  const ordered = [...sorted.filter((d) => d.severity === 'error'), ...sorted.filter((d) => d.severity !== 'error')];
  return ordered.map((d) => {
    const display = displayPath(d.file, root);
    return { ...d, display, text: `${display}:${d.line}:${d.col} ${d.severity} ${d.rule} ${d.message}` };
  });
}
