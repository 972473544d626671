// The portal's vocabulary (scripts/model/ruleset/vocabulary.ts) in the description the mock serves:
// checked on the model worker once a version is served, so neither the start nor a reload waits for
// it and no request does, then printed at `file:line:col` like the build's problems. The mock serves
// the version all the same; when versions follow quickly, only the newest one's problems are printed.
import { formatDiagnostics } from '../diagnostics.ts';
import type { ModelBuilder } from '../model/isolated.ts';
import type { LoadOptions } from '../model/load.ts';

export function vocabularyCheck(builder: ModelBuilder, spec: string, access: LoadOptions, say: (text: string) => void): () => void {
  let latest = 0;
  return () => {
    const asked = ++latest;
    builder.vocabulary(spec, access).then(
      (found) => {
        if (asked !== latest || found.length === 0) return;
        say(`${formatDiagnostics(found)}\nThe portal would misread what is listed above; the mock serves this version as written.`);
      },
      // A version that does not load is reported by the reload that tried it; the worker closing ends the check.
      () => undefined,
    );
  };
}
