// Vendor extensions for stability, try-it and deprecation, including the
// names other portals use for the same ideas, so documents written for them
// render the same here.
import { isoDate, optionalString } from './deref.ts';
import type { Deprecation, Stability } from './types.ts';

const STABILITY_WORDS: Record<string, Stability> = {
  experimental: 'experimental',
  alpha: 'experimental',
  preview: 'experimental',
  beta: 'beta',
  stable: 'stable',
  ga: 'stable',
};

/** `x-stability` (ours), `x-stability-level`, `x-scalar-stability`, `x-beta: true`. */
export function readStability(operation: Record<string, any>): Stability {
  for (const key of ['x-stability', 'x-stability-level', 'x-scalar-stability']) {
    const value = operation[key];
    if (typeof value === 'string' && STABILITY_WORDS[value.toLowerCase()]) return STABILITY_WORDS[value.toLowerCase()];
  }
  if (operation['x-beta'] === true) return 'beta';
  return 'stable';
}

/** `x-scalar-stability: deprecated` marks deprecation the way `deprecated: true` does. */
export function readDeprecated(operation: Record<string, any>): boolean {
  return operation.deprecated === true || String(operation['x-scalar-stability'] ?? '').toLowerCase() === 'deprecated';
}

/**
 * Try-it is off when any of the known switches says so, on the operation, its
 * path item or the document: `x-hideTryItPanel: true`, `x-hideReplay: true`,
 * `x-explorer-enabled: false`, `x-zudoku-playground-enabled: false`.
 */
export function readTryIt(...holders: (Record<string, any> | undefined)[]): boolean {
  for (const holder of holders) {
    if (!holder) continue;
    if (holder['x-hideTryItPanel'] === true || holder['x-hideReplay'] === true) return false;
    if (holder['x-explorer-enabled'] === false || holder['x-zudoku-playground-enabled'] === false) return false;
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
