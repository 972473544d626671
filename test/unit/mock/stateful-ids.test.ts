// New ids follow their schema: the next number in an example's shape or written into the
// pattern, unique while the pattern has room; integer ids from a path are keyed by value.
import { describe, expect, it } from 'vitest';
import { highestId, newId, pathKey } from '../../../scripts/mock/stateful/ids.ts';
import { idFromPattern } from '../../../scripts/mock/stateful/pattern-id.ts';

describe('ids from a pattern', () => {
  it('writes the number into the classes from the right, matching the pattern', () => {
    expect(idFromPattern('^ORD-\\d{6}$', 43)).toBe('ORD-000043');
    expect(idFromPattern('^[A-Z]{3}-\\d{4}$', 7)).toBe('AAA-0007');
    expect(idFromPattern('^[A-Z]{2}-[0-9a-f]{4}$', 17)).toBe('AA-0011');
    expect(idFromPattern('^[a-z]+_[0-9]+$', 5)).toBe('a_5');
  });

  it('gives different ids for different numbers while the pattern has room, then none', () => {
    const ids = new Set(Array.from({ length: 500 }, (_, i) => idFromPattern('^[A-Z]{2}-[0-9a-f]{4}$', i + 1)));
    expect(ids.size).toBe(500);
    expect(idFromPattern('^\\d{2}$', 100)).toBeUndefined();
  });

  it('writes nothing for groups, alternatives, negated classes or a pattern RE2 cannot run', () => {
    for (const pattern of ['^(a|b)\\d$', '^[^a-z]{3}$', '^(?=x)\\d+$']) expect(idFromPattern(pattern, 3), pattern).toBeUndefined();
  });
});

describe('new ids', () => {
  it('are the next number, in an example id shape, padded to the minimum length, or by the pattern', () => {
    expect(newId('integer', 5, Math.random)).toBe(5);
    expect(newId({ field: 'id', kind: 'string' }, 5, Math.random)).toBe('5');
    expect(newId({ field: 'id', kind: 'string', template: 'inv_0042' }, 43, Math.random)).toBe('43');
    expect(newId({ field: 'id', kind: 'string', pattern: '^inv_\\d{4}$', template: 'inv_0042' }, 43, Math.random)).toBe('inv_0043');
    expect(newId({ field: 'id', kind: 'string', minLength: 4, pattern: '^\\d+$' }, 7, Math.random)).toBe('0007');
    expect(newId({ field: 'id', kind: 'string', pattern: '^[A-Z]{3}\\d{2}$' }, 7, Math.random)).toBe('AAA07');
    expect(newId('uuid', 0, () => 0.5)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('start above the examples, a text id counting by its last digits', () => {
    expect(highestId([{ id: 'ORD-000041' }, { id: 'ORD-000042' }], 'id')).toBe(42);
    expect(highestId([{ id: 3 }, { id: '12' }], 'id')).toBe(12);
  });
});

describe('ids from a path', () => {
  it('are keyed by value for integer ids, as sent otherwise', () => {
    expect(pathKey('integer', '044')).toBe('44');
    expect(pathKey('integer', '+7')).toBe('7');
    expect(pathKey('integer', '-0')).toBe('0');
    expect(pathKey('integer', '-012')).toBe('-12');
    expect(pathKey('integer', 'abc')).toBe('abc');
    expect(pathKey('string', '044')).toBe('044');
  });
});
