// `portal/lifecycle-on-deprecated` (error): `x-deprecated-at`, `x-sunset` and `x-replaced-by`
// describe a deprecation, so they belong on a deprecated operation (`deprecated: true`, or
// `x-scalar-stability: deprecated`, as the model reads it). On any other operation the portal
// shows no deprecation notice, while the mock would still announce a sunset in its headers.
import type { Oas3Rule } from '@redocly/openapi-core';
import { readDeprecated } from '../../normalize/extensions.ts';
import { LIFECYCLE_FIELDS } from './lifecycle-dates.ts';

export const LifecycleOnDeprecated: Oas3Rule = () => ({
  Operation(node, ctx) {
    const operation = node as unknown as Record<string, unknown>;
    if (readDeprecated(operation)) return;
    for (const field of LIFECYCLE_FIELDS) {
      if (!Object.hasOwn(operation, field)) continue;
      ctx.report({
        message: `\`${field}\` is only read on a deprecated operation: add \`deprecated: true\`, or remove \`${field}\`.`,
        location: ctx.location.child([field]).key(),
      });
    }
  },
});
