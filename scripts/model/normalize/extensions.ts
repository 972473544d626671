// Vendor extensions for stability, try-it and deprecation, including the
// names other portals use for the same ideas, so documents written for them
// render the same here.
import { isoDate, optionalString } from '../document/deref.ts';
import type { Deprecation, Stability } from '../contract/types.ts';

/** The stability words the model understands (in any case), and what each means. */
export const STABILITY_WORDS: Readonly<Record<string, Stability>> = {
  experimental: 'experimental',
  alpha: 'experimental',
  preview: 'experimental',
  // oasdiff's `x-stability-level` words are draft, alpha, beta and stable.
  draft: 'experimental',
  beta: 'beta',
  stable: 'stable',
  ga: 'stable',
};

/** Where the model reads a stability word: ours first, then the names other portals use. */
export const STABILITY_KEYS = ['x-stability', 'x-stability-level', 'x-scalar-stability'] as const;

/** `x-stability` (ours), `x-stability-level`, `x-scalar-stability`, `x-beta: true`. */
export function readStability(operation: Record<string, any>): Stability {
  for (const key of STABILITY_KEYS) {
    const value = operation[key];
    const word = typeof value === 'string' && Object.hasOwn(STABILITY_WORDS, value.toLowerCase()) ? STABILITY_WORDS[value.toLowerCase()] : undefined;
    if (word) return word;
  }
  if (operation['x-beta'] === true) return 'beta';
  return 'stable';
}

/** `x-scalar-stability: deprecated` marks deprecation the way `deprecated: true` does. */
export function readDeprecated(operation: Record<string, any>): boolean {
  return operation.deprecated === true || String(operation['x-scalar-stability'] ?? '').toLowerCase() === 'deprecated';
}

/** The try-it switches, each with the value that turns the panel off. */
export const TRY_IT_SWITCHES: Readonly<Record<string, boolean>> = {
  'x-hideTryItPanel': true,
  'x-hideReplay': true,
  'x-explorer-enabled': false,
  'x-zudoku-playground-enabled': false,
};

/**
 * Try-it is off when any of the known switches says so, on the operation, its
 * path item or the document: `x-hideTryItPanel: true`, `x-hideReplay: true`,
 * `x-explorer-enabled: false`, `x-zudoku-playground-enabled: false`.
 */
export function readTryIt(...holders: (Record<string, any> | undefined)[]): boolean {
  for (const holder of holders) {
    if (!holder) continue;
    for (const [name, off] of Object.entries(TRY_IT_SWITCHES)) if (holder[name] === off) return false;
  }
  return true;
}

export function readDeprecation(operation: Record<string, any>, slugByOperationId: Map<string, string>): Deprecation | undefined {
  const deprecation: Deprecation = {};
  const deprecatedAt = isoDate(operation['x-deprecated-at']);
  if (deprecatedAt) deprecation.deprecatedAt = deprecatedAt;
  const sunset = isoDate(operation['x-sunset']);
  if (sunset) deprecation.sunset = sunset;
  const replacedBy = optionalString(operation['x-replaced-by']);
  if (replacedBy) {
    deprecation.replacedByOperationId = replacedBy;
    const slug = slugByOperationId.get(replacedBy);
    if (slug) deprecation.replacedBy = slug;
  }
  return Object.keys(deprecation).length > 0 ? deprecation : undefined;
}
