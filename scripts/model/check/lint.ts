// Redocly lint with the description's config (config.ts: ours adds house rules; a foreign one
// gives its rules only), reading through the description's resolver like the bundle does.
import { lint } from '@redocly/openapi-core';
import type { Diagnostic } from '../../diagnostics.ts';
import { loadDescriptionConfig } from '../load/config.ts';
import { createResolver, type LoadedDocument, type LoadOptions } from '../load/load.ts';
import { problemToDiagnostic, type RedoclyProblem } from '../load/problems.ts';
import { refusalDiagnostic } from '../load/refusals.ts';
import { DOCUMENT_BUDGET_RULE, LintRefused } from './ruleset/document-budget.ts';

// A rule that throws on an unusual document (Redocly's own rules call `obj.hasOwnProperty` on maps
// whose keys a description chooses) would otherwise stop the whole lint.
const MAX_FAILED_RULES = 5;
// Frames of a rule's own file: Redocly's `rules/<set>/<id>.js`, or ours `ruleset/<id>.ts` (`portal/<id>`).
const RULE_FRAME = /[\\/](rules[\\/][\w-]+|ruleset)[\\/]([a-z0-9-]+)\.[jt]s:/g;

/**
 * Redocly's lint. `bounded` (the default) runs `portal/document-budget` first whatever the config says, so a description
 * that would make Redocly's rules walk past WORK_LIMITS is not linted, with that one located error instead.
 */
export async function lintDocument(loaded: Pick<LoadedDocument, 'entry' | 'config' | 'resolver'>, { bounded = true } = {}): Promise<Diagnostic[]> {
  const failed: Diagnostic[] = [];
  if (bounded) setRule(loaded.config, DOCUMENT_BUDGET_RULE, 'error');
  for (;;) {
    // A fresh resolver: the bundler rewrote the parsed trees it cached, and lint must see the files as written.
    const resolver = loaded.resolver.fresh();
    try {
      const problems = await lint({ ref: loaded.entry, config: loaded.config, externalRefResolver: resolver });
      return [
        ...failed,
        ...problems.filter((p) => !p.ignored).map((p) => refusalDiagnostic(p as RedoclyProblem, resolver.refusals) ?? problemToDiagnostic(p as never)),
      ];
    } catch (error) {
      if (error instanceof LintRefused) return [...failed, problemToDiagnostic(error.problem)];
      const candidates = [...String((error as Error)?.stack ?? '').matchAll(RULE_FRAME)].map((m) => (m[1] === 'ruleset' ? `portal/${m[2]}` : m[2]));
      const rule = failed.length < MAX_FAILED_RULES ? candidates.find((id) => id !== undefined && turnOff(loaded.config, id)) : undefined;
      if (!rule) throw error;
      const message = printableMessage(error);
      failed.push({
        severity: 'warning',
        rule: 'lint-rule-failed',
        message: `Redocly's rule ${rule} failed on this description (${message}) and was turned off; the other rules ran.`,
        file: loaded.entry,
        line: 1,
        col: 1,
      });
    }
  }
}

/** Turns a rule off in a loaded config, for every OpenAPI version; false when it was not on. */
function turnOff(config: LoadedDocument['config'], rule: string): boolean {
  const byVersion = (config as unknown as { rules?: Record<string, Record<string, unknown>> }).rules ?? {};
  const on = ['oas3_0', 'oas3_1'].some((version) => {
    const rules = byVersion[version];
    return rules !== undefined && Object.hasOwn(rules, rule) && rules[rule] !== 'off';
  });
  if (on) setRule(config, rule, 'off');
  return on;
}

/** Sets a rule's severity in a loaded config, for every OpenAPI 3 version. */
function setRule(config: LoadedDocument['config'], rule: string, severity: 'off' | 'error'): void {
  const byVersion = (config as unknown as { rules?: Record<string, Record<string, unknown>> }).rules ?? {};
  for (const version of ['oas3_0', 'oas3_1']) {
    const rules = byVersion[version];
    if (rules) rules[rule] = severity;
  }
}

function printableMessage(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 200);
}

/** Lint alone (beside a site build), with the config's own problems. */
export async function lintDescription(entry: string, options: LoadOptions = {}): Promise<Diagnostic[]> {
  const resolver = await createResolver(entry, options);
  const { config, diagnostics } = await loadDescriptionConfig(entry, options, resolver, { checkStructure: true });
  return [...diagnostics, ...(await lintDocument({ entry, config, resolver }))];
}
