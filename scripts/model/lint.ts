// Redocly lint with the document's own redocly.yaml (ours adds house rules),
// reusing the files the loader already parsed.
import { lint } from '@redocly/openapi-core';
import type { Diagnostic } from '../diagnostics.ts';
import type { LoadedDocument } from './load.ts';
import { problemToDiagnostic } from './problems.ts';

export async function lintDocument(loaded: LoadedDocument): Promise<Diagnostic[]> {
  const problems = await lint({ ref: loaded.entry, config: loaded.config, externalRefResolver: loaded.resolver });
  return problems.filter((p) => !p.ignored).map((p) => problemToDiagnostic(p as never));
}
