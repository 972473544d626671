// `portal/pattern-linear` (warn): a schema `pattern` the mock cannot check in
// linear time (a lookaround, a backreference, a count past RE2's limit) is
// left unchecked by the mock; the writer hears it here, at the pattern.
import type { Oas3Rule } from '@redocly/openapi-core';
import { linearPattern } from '../../contract/linear-pattern.ts';

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

export const PatternLinear: Oas3Rule = () => ({
  Schema(node, ctx) {
    // Read as written: 3.0's and 3.1's schema types differ in what they allow, not in these two fields.
    const schema = node as unknown as Record<string, unknown>;
    if (typeof schema.pattern === 'string') {
      const check = linearPattern(schema.pattern);
      if (!check.ok) {
        ctx.report({
          message: `The mock cannot check this pattern in linear time and leaves it unchecked: ${check.reason}.`,
          location: ctx.location.child(['pattern']),
        });
      }
    }
    if (isRecord(schema.patternProperties)) {
      for (const key of Object.keys(schema.patternProperties)) {
        const check = linearPattern(key);
        if (!check.ok) {
          ctx.report({
            message: `The mock cannot check this pattern in linear time and leaves the fields it names unchecked: ${check.reason}.`,
            location: ctx.location.child(['patternProperties', key]).key(),
          });
        }
      }
    }
  },
});
