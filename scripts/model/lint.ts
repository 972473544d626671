// Redocly lint with the description's config (config.ts: ours adds house rules; a foreign one
// gives its rules only), reading through the description's resolver like the bundle does.
import { lint } from '@redocly/openapi-core';
import type { Diagnostic } from '../diagnostics.ts';
import { loadDescriptionConfig } from './config.ts';
import { createResolver, type LoadedDocument, type LoadOptions } from './load.ts';
import { problemToDiagnostic, type RedoclyProblem } from './problems.ts';
import { refusalDiagnostic } from './refusals.ts';

export async function lintDocument(loaded: Pick<LoadedDocument, 'entry' | 'config' | 'resolver'>): Promise<Diagnostic[]> {
  // A fresh resolver: the bundler rewrote the parsed trees it cached, and lint must see the files as written.
  const resolver = loaded.resolver.fresh();
  const problems = await lint({ ref: loaded.entry, config: loaded.config, externalRefResolver: resolver });
  return problems.filter((p) => !p.ignored).map((p) => refusalDiagnostic(p as RedoclyProblem, resolver.refusals) ?? problemToDiagnostic(p as never));
}

/** Lint alone (beside a site build), with the config's own problems. */
export async function lintDescription(entry: string, options: LoadOptions = {}): Promise<Diagnostic[]> {
  const resolver = await createResolver(entry, options);
  const { config, diagnostics } = await loadDescriptionConfig(entry, options, resolver, { checkStructure: true });
  return [...diagnostics, ...(await lintDocument({ entry, config, resolver }))];
}
