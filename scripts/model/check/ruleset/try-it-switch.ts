// `portal/try-it-switch` (error): the switches that turn the try-it panel off, ours and the names
// other portals use (extensions.ts), are booleans, on the document, a path item or an operation.
// The portal compares them with `true` or `false`, so `"yes"` or `"false"` leaves the panel on.
// Redocly's `struct` rule checks `x-hideTryItPanel` on operations only; this rule checks all of
// them, and index.ts takes that one out of `struct`, so it is reported once.
import type { Oas3Rule, UserContext } from '@redocly/openapi-core';
import { TRY_IT_SWITCHES } from '../../normalize/extensions.ts';
import { shown } from './shown.ts';

function check(node: unknown, ctx: UserContext): void {
  const holder = node as Record<string, unknown>;
  for (const [name, off] of Object.entries(TRY_IT_SWITCHES)) {
    if (!Object.hasOwn(holder, name) || typeof holder[name] === 'boolean') continue;
    ctx.report({
      message: `\`${name}\` is true or false; found ${shown(holder[name])}. The portal reads only a boolean, so the try-it panel stays on (\`${name}: ${off}\` turns it off).`,
      location: ctx.location.child([name]),
    });
  }
}

export const TryItSwitch: Oas3Rule = () => ({
  Root: check,
  PathItem: check,
  Operation: check,
});
