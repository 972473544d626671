// One verdict on a version of a description, for every command that takes one: `npm run build`,
// the mock when it starts and at each reload, and the preview at each save. A version that does
// not parse, resolve or read as OpenAPI 3.0/3.1 has no model and is refused everywhere (the build
// fails, the mock and the preview keep their last good version). One that loads is built, served
// and previewed, its problems shown as they are, unless `strict` (`npm run build -- --strict`)
// makes an error refuse it. Each command shows the problems of the checks it runs (the build and
// the preview validate and lint; the mock, which starts fast, does not), and every one of them
// shows the problems that would make the mock answer wrongly (route-problems.ts), which the model
// build finds once.
import { hasErrors, type Diagnostic } from '../../diagnostics.ts';

export interface VersionOutcome {
  /** False when the document did not load: there is no model to build, serve or preview. */
  loaded: boolean;
  /** Every problem found while loading, checking and normalizing it. */
  diagnostics: readonly Diagnostic[];
}

export interface Verdict {
  /** This version may be built, served and previewed. */
  ok: boolean;
  /** Why not, when it is refused. */
  reason?: 'does-not-load' | 'errors-under-strict';
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
}

export function judgeVersion(outcome: VersionOutcome, options: { strict?: boolean } = {}): Verdict {
  const diagnostics = [...outcome.diagnostics];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  const counts = { diagnostics, errors, warnings: diagnostics.length - errors };
  if (!outcome.loaded) return { ok: false, reason: 'does-not-load', ...counts };
  if (options.strict && hasErrors(diagnostics)) return { ok: false, reason: 'errors-under-strict', ...counts };
  return { ok: true, ...counts };
}
