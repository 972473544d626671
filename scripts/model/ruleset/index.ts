// The portal's own lint rules, as one Redocly plugin: checks of what the
// portal and the mock do with a description that Redocly's rules do not know
// about. A file per rule, named for it.
import type { Plugin } from '@redocly/openapi-core';
import { HeaderValueSafe } from './header-value-safe.ts';
import { PatternLinear } from './pattern-linear.ts';

export const portalPlugin = {
  id: 'portal',
  rules: {
    oas3: {
      'pattern-linear': PatternLinear,
      'header-value-safe': HeaderValueSafe,
    },
  },
} satisfies Plugin;

/** Every rule of the plugin at its severity, for a lint configuration's `rules`. */
export const portalRules = {
  'portal/pattern-linear': 'warn',
  'portal/header-value-safe': 'error',
} as const;
