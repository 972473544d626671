// The project's own lint rules, as an in-memory Redocly plugin: checks of what the portal and
// the mock do with a description that Redocly's rules do not know about. It is project code, so
// the config loader (scripts/model/config.ts) adds it to every configuration, trusted or not,
// and applies `portalRules` under whatever the configuration itself sets. A file per rule, named
// for it; rules are listed here without the `portal/` prefix, which the loader adds, as Redocly
// does for plugins it loads from files.
import type { Oas3Rule } from '@redocly/openapi-core';
import { HeaderValueSafe } from './header-value-safe.ts';
import { PatternLinear } from './pattern-linear.ts';

export const portalPlugin: { id: 'portal'; rules: { oas3: Record<string, Oas3Rule> } } = {
  id: 'portal',
  rules: {
    oas3: {
      'pattern-linear': PatternLinear,
      'header-value-safe': HeaderValueSafe,
    },
  },
};

/** Severity of each rule above, by its full name (`portal/<rule>`). */
export const portalRules: Record<string, 'error' | 'warn'> = {
  'portal/pattern-linear': 'warn',
  'portal/header-value-safe': 'error',
};
