// The project's own lint rules, as an in-memory Redocly plugin. It is project code, so the
// config loader (scripts/model/config.ts) adds it to every configuration, trusted or not,
// and applies `portalRules` under whatever the configuration itself sets.
// Rules are listed here without the `portal/` prefix; the loader adds it, as Redocly does for
// plugins it loads from files.
import type { Oas3Rule } from '@redocly/openapi-core';

export const portalPlugin: { id: 'portal'; rules: { oas3: Record<string, Oas3Rule> } } = {
  id: 'portal',
  rules: {
    oas3: {},
  },
};

/** Severity of each rule above, by its full name (`portal/<rule>`). */
export const portalRules: Record<string, 'error' | 'warn'> = {};
