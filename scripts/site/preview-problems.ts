// Diagnostics as the browser shows them: same order and wording as the
// terminal, with a path a writer recognises.
import { dedupeDiagnostics, sortDiagnostics, type Diagnostic } from '../diagnostics.ts';
import { displayPath, type PreviewProblem } from './preview-channel.ts';

export function toProblems(diagnostics: readonly Diagnostic[], root: string): PreviewProblem[] {
  const sorted = sortDiagnostics(dedupeDiagnostics(diagnostics));
  const ordered = [...sorted.filter((d) => d.severity === 'error'), ...sorted.filter((d) => d.severity !== 'error')];
  return ordered.map((d) => {
    const display = displayPath(d.file, root);
    return { ...d, display, text: `${display}:${d.line}:${d.col} ${d.severity} ${d.rule} ${d.message}` };
  });
}
