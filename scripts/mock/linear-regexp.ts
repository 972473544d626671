// ajv's regular-expression engine for the mock: RE2 (re2js), linear in the
// value, so a pattern with nested quantifiers cannot stall the event loop.
// Patterns RE2 cannot express never reach it: the schema compiler leaves them
// out (schemas.ts), and one that still did would fail that schema's compile.
import type { RegExpEngine, RegExpLike } from 'ajv/dist/types/index.js';
import { linearPattern } from '../model/contract/linear-pattern.ts';

function compile(pattern: string): RegExpLike {
  const check = linearPattern(pattern);
  if (!check.ok) throw new Error(`pattern ${pattern} is not checked: ${check.reason}`);
  const { regexp } = check;
  // ajv keeps one compiled pattern per `toString()`: the source tells them apart.
  const compiled: RegExpLike & { toString(): string } = { test: (value: string) => regexp.test(value), toString: () => pattern };
  return compiled;
}

/** `code` names the engine in ajv's standalone output, which the mock does not use. */
export const linearRegExp: RegExpEngine = Object.assign(compile, { code: 're2js' });
