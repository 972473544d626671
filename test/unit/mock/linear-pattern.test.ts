// Schema patterns on RE2: each translated pattern decides every sample exactly
// as ECMA-262 does with the `u` flag (ajv's reading), in time linear in the
// value; what RE2 cannot express is reported with its reason, never run.
import { describe, expect, it } from 'vitest';
import { linearPattern } from '../../../scripts/model/contract/linear-pattern.ts';

const SAMPLES = [
  '',
  'a',
  'abc',
  'ABC-123',
  '2024-01-31',
  'x y',
  'a\nb',
  'a\rb',
  'a\u2028b',
  'tab\there',
  'nbsp\u00a0',
  'ideo\u3000space',
  '\ufeffbom',
  '😀',
  'a😀b',
  'über',
  'Ωmega',
  'foo@example.com',
  '@-12',
  '#+/=?',
  '[]{}()',
  'back\\slash',
  '\u0000nul',
  '\b',
];

const PATTERNS = [
  '^[a-z]+$',
  '^\\d{3}-\\d{4}$',
  '^\\d{4}-\\d{2}-\\d{2}$',
  '^@-?[0-9]+$',
  '\\s',
  '^\\S+$',
  '^[\\s\\d]+$',
  '^[^\\s]+$',
  '^[\\S]+$',
  '^[\\w.+-]+@[\\w-]+\\.[\\w.]+$',
  '^.$',
  '^a.b$',
  '^[^]$',
  '[]',
  '^[^a-z]*$',
  '\\bfoo\\b',
  'x\\B',
  '^\\u00fcber$',
  '^\\u{1F600}$',
  '^\\uD83D\\uDE00$',
  '^[\\u{1F600}-\\u{1F64F}]$',
  '\\x41',
  '^\\cJ?a',
  '\\0',
  '^\\p{L}+$',
  '^\\p{Lu}',
  '^\\p{Script=Greek}',
  '^\\P{L}',
  '^[\\p{L}\\p{N}]+$',
  '^(?:ab|cd)+$',
  '^(?<year>\\d{4})-',
  '^a{2,3}$',
  '^a*?b',
  '^[\\-\\]\\[]+$',
  '^[#+/=?]+$',
  '^[\\b]$',
  '\\\\',
  '^\\/\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$',
  '^[\\t ]+$',
  '(a+)+$',
];

describe('linearPattern', () => {
  for (const pattern of PATTERNS) {
    it(`decides ${JSON.stringify(pattern)} as ECMA-262 does`, () => {
      const check = linearPattern(pattern);
      if (!check.ok) throw new Error(`unsupported: ${check.reason}`);
      const native = new RegExp(pattern, 'u');
      for (const sample of SAMPLES) expect(check.regexp.test(sample), `${JSON.stringify(sample)} against ${check.source}`).toBe(native.test(sample));
    });
  }

  it('reports what RE2 cannot express, with the reason', () => {
    const reasons: Record<string, string> = {
      '^(?=.*\\d)\\w+$': 'RE2 has no lookahead',
      '^(?!admin)': 'RE2 has no lookahead',
      '(?<=@)\\w+': 'RE2 has no lookbehind',
      '(?<!x)y': 'RE2 has no lookbehind',
      '^(a)\\1$': 'RE2 has no backreference',
      '^(?<q>["\'])\\w*\\k<q>$': 'RE2 has no backreference',
      '(?i:abc)': 'RE2 has no modifier group',
      '^\\uD800$': 'RE2 has no lone surrogate',
      '^a{1,5000}$': 'RE2 cannot compile it (invalid repeat count: `{1,5000}`)',
      '^\\d{3}\\-\\d{4}$': 'it is not a valid ECMA-262 regular expression',
      '([a-z]': 'it is not a valid ECMA-262 regular expression',
    };
    for (const [pattern, reason] of Object.entries(reasons)) {
      const check = linearPattern(pattern);
      expect(check.ok, pattern).toBe(false);
      if (!check.ok) expect(check.reason, pattern).toBe(reason);
    }
  });

  it('decides a value built against nested quantifiers without backtracking', () => {
    const check = linearPattern('^(a+)+$');
    if (!check.ok) throw new Error(check.reason);
    // ECMA-262 engines take seconds on this at 30 characters and double with each one more; RE2 reads it once.
    expect(check.regexp.test(`${'a'.repeat(100_000)}!`)).toBe(false);
    expect(check.regexp.test('a'.repeat(100_000))).toBe(true);
  });
});
