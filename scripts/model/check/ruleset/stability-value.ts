// `portal/stability-value` (error): the stability words the model reads (extensions.ts), under
// our name `x-stability` and the names other portals use, `x-stability-level` and
// `x-scalar-stability` (which also says `deprecated`); `x-beta` is a boolean. A word the model
// does not know (`experimnetal`) would make the portal show the operation as stable, without a
// word. A description's config may narrow the words one name takes, e.g. for our own description:
//   portal/stability-value: { severity: error, allowed: { x-stability: [experimental, beta] } }
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { STABILITY_KEYS, STABILITY_WORDS } from '../../normalize/extensions.ts';
import { isRecord, shown } from './shown.ts';

const WORDS = Object.keys(STABILITY_WORDS);
const code = (words: readonly string[]) => words.map((w) => `\`${w}\``).join(', ');

/** The words a name takes: `x-scalar-stability` also marks deprecation, as `deprecated: true` does. */
const known = (key: string): string[] => (key === 'x-scalar-stability' ? [...WORDS, 'deprecated'] : WORDS);

function checkWord(key: string, value: unknown, allowed: readonly string[] | undefined, ctx: UserContext): void {
  const at = ctx.location.child([key]);
  const words = known(key);
  if (typeof value !== 'string' || !words.includes(value.toLowerCase())) {
    const hint = typeof value === 'string' && value.toLowerCase() === 'deprecated' ? ' (a deprecated operation says `deprecated: true`)' : '';
    ctx.report({
      message: `\`${key}\` is one of ${code(words)} (in any case); found ${shown(value)}${hint}. The portal shows an operation with any other value as stable.`,
      location: at,
    });
    return;
  }
  if (allowed && !allowed.includes(value)) {
    const stableAllowed = allowed.some((word) => STABILITY_WORDS[word.toLowerCase()] === 'stable');
    ctx.report({
      message: `\`${key}: ${value}\` is not used in this description: its lint config allows ${code(allowed)}${stableAllowed ? '' : `; leave \`${key}\` out for a stable operation`}.`,
      location: at,
    });
  }
}

/** The narrowed words per name, from the rule's settings in a config (`allowed`); others are ignored. */
function narrowed(settings: unknown): Record<string, string[]> {
  const allowed = isRecord(settings) && isRecord(settings.allowed) ? settings.allowed : {};
  const out: Record<string, string[]> = {};
  for (const [key, words] of Object.entries(allowed)) if (Array.isArray(words)) out[key] = words.map(String);
  return out;
}

export const StabilityValue: Oas3Rule = (settings: unknown) => {
  const allowed = narrowed(settings);
  return {
    Operation(node, ctx) {
      const operation = node as unknown as Record<string, unknown>;
      for (const key of STABILITY_KEYS) if (Object.hasOwn(operation, key)) checkWord(key, operation[key], allowed[key], ctx);
      if (Object.hasOwn(operation, 'x-beta') && typeof operation['x-beta'] !== 'boolean') {
        ctx.report({
          message: `\`x-beta\` is true or false; found ${shown(operation['x-beta'])}. The portal shows the operation as beta only for \`true\`.`,
          location: ctx.location.child(['x-beta']),
        });
      }
    },
  };
};
