// The diff's model process: the model's own (scripts/model/process/worker.ts) plus the two requests the
// diff makes, a build that keeps the document's locator, and the places of the changes found in it.
import { buildModel } from '../model/index.ts';
import type { Locator } from '../model/load/locate.ts';
import { serve } from '../model/process/worker.ts';

/** The locator of each description built here, by entry file, until the process ends with the command. */
const locators = new Map<string, Locator>();

serve('diff-build', async ({ spec, options }) => {
  const { model, diagnostics } = await buildModel(spec, { ...options, onLocator: (locate) => locators.set(spec, locate) });
  return { model, diagnostics };
});

/** `file:line:col` of each pointer (RFC 6901, URI fragment form), in whichever file of the description holds it. */
serve('locate', async ({ spec, payload }) => {
  const locate = locators.get(spec);
  return (payload as string[]).map((pointer) => {
    try {
      return locate?.(pointer);
    } catch {
      return undefined;
    }
  });
});
