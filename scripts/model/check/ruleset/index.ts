// The project's own lint rules, as an in-memory Redocly plugin: checks of what the portal and
// the mock do with a description that Redocly's rules do not know about. It is project code, so
// the config loader (scripts/model/load/config.ts) adds it to every configuration, trusted or not,
// and applies `portalRules` under whatever the configuration itself sets. A file per rule, named
// for it; rules are listed here without the `portal/` prefix, which the loader adds, as Redocly
// does for plugins it loads from files.
import type { NodeType, Oas3Rule } from '@redocly/openapi-core';
import { DocumentBudget } from './document-budget.ts';
import { HeaderValueSafe } from './header-value-safe.ts';
import { LifecycleDate } from './lifecycle-date.ts';
import { LifecycleOnDeprecated } from './lifecycle-on-deprecated.ts';
import { LifecycleOrder } from './lifecycle-order.ts';
import { PatternLinear } from './pattern-linear.ts';
import { ReplacedByExists } from './replaced-by-exists.ts';
import { StabilityValue } from './stability-value.ts';
import { TryItSwitch } from './try-it-switch.ts';

type Types = Record<string, NodeType>;

/** `portal/try-it-switch` checks `x-hideTryItPanel` wherever it is, so Redocly's `struct` no longer does on operations. */
function withoutStructTryIt(types: Types): Types {
  const operation = types.Operation;
  if (!operation?.properties || !Object.hasOwn(operation.properties, 'x-hideTryItPanel')) return types;
  const { 'x-hideTryItPanel': _checkedByTheRule, ...properties } = operation.properties;
  return { ...types, Operation: { ...operation, properties } };
}

export const portalPlugin: { id: 'portal'; rules: { oas3: Record<string, Oas3Rule> }; typeExtension: { oas3: (types: Types) => Types } } = {
  id: 'portal',
  rules: {
    oas3: {
      'pattern-linear': PatternLinear,
      'header-value-safe': HeaderValueSafe,
      'stability-value': StabilityValue,
      'lifecycle-date': LifecycleDate,
      'lifecycle-order': LifecycleOrder,
      'lifecycle-on-deprecated': LifecycleOnDeprecated,
      'replaced-by-exists': ReplacedByExists,
      'try-it-switch': TryItSwitch,
      'document-budget': DocumentBudget,
    },
  },
  typeExtension: { oas3: withoutStructTryIt },
};

/** Severity of each rule above, by its full name (`portal/<rule>`). */
export const portalRules: Record<string, 'error' | 'warn'> = {
  'portal/pattern-linear': 'warn',
  'portal/header-value-safe': 'error',
  'portal/stability-value': 'error',
  'portal/lifecycle-date': 'error',
  'portal/lifecycle-order': 'error',
  'portal/lifecycle-on-deprecated': 'error',
  'portal/replaced-by-exists': 'error',
  'portal/try-it-switch': 'error',
  'portal/document-budget': 'error',
};

/** The rules of the portal's vocabulary: what the portal reads in any description. The mock checks these alone (vocabulary.ts). */
export const VOCABULARY_RULES: readonly string[] = [
  'portal/stability-value',
  'portal/lifecycle-date',
  'portal/lifecycle-order',
  'portal/lifecycle-on-deprecated',
  'portal/replaced-by-exists',
  'portal/try-it-switch',
];
