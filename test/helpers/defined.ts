// Reading a list or a match by index gives `T | undefined` (noUncheckedIndexedAccess): in a test a
// missing entry is a failed expectation naming what was missing, never a TypeError further on.
import { expect } from 'vitest';

export function defined<T>(value: T | undefined, what: string): T {
  expect(value, `${what} is missing`).toBeDefined();
  return value as T;
}
