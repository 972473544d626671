// The portal's vocabulary (scripts/model/check/ruleset/vocabulary.ts) in the description the mock serves:
// checked on the model worker once a version is served, so neither the start nor a reload waits for
// it and no request does, then printed at `file:line:col` like the build's problems. The mock serves
// the version all the same; when versions follow quickly, only the newest one's problems are printed.
import { formatDiagnostics } from '../diagnostics.ts';
import type { ModelBuilder } from '../model/process/isolated.ts';
import type { LoadOptions } from '../model/load/load.ts';

/** More problems than this are counted, not listed: `npm run lint` lists them all. */
const MAX_LINES = 20;

function report(found: Parameters<typeof formatDiagnostics>[0]): string {
  const lines = formatDiagnostics(found).split('\n');
  const summary = lines.pop();
  const more = lines.length > MAX_LINES ? [`… and ${lines.length - MAX_LINES} more (npm run lint lists them all)`] : [];
  return [...lines.slice(0, MAX_LINES), ...more, summary, 'The portal would misread what is listed above; the mock serves this version as written.'].join('\n');
}

export function vocabularyCheck(builder: ModelBuilder, spec: string, access: LoadOptions, say: (text: string) => void): () => void {
  let latest = 0;
  return () => {
    const asked = ++latest;
    builder.vocabulary(spec, access).then(
      (found) => {
        if (asked === latest && found.length > 0) say(report(found));
      },
      // A version that does not load is reported by the reload that tried it; the worker closing ends the check.
      () => undefined,
    );
  };
}
