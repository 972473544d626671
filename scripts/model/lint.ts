// Redocly lint with the document's own redocly.yaml (ours adds house rules).
import { BaseResolver, lint } from '@redocly/openapi-core';
import type { Diagnostic } from '../diagnostics.ts';
import type { LoadedDocument } from './load.ts';
import { problemToDiagnostic } from './problems.ts';

export async function lintDocument(loaded: Pick<LoadedDocument, 'entry' | 'config'>): Promise<Diagnostic[]> {
  // A fresh resolver: the bundler rewrote the parsed trees it cached, and lint must see the files as written.
  const problems = await lint({ ref: loaded.entry, config: loaded.config, externalRefResolver: new BaseResolver() });
  return problems.filter((p) => !p.ignored).map((p) => problemToDiagnostic(p as never));
}
