// Tool and argument names from a description's names: safe characters, bounded, unique.
import { describe, expect, it } from 'vitest';
import { NAME_MAX, safeName, UniqueNames } from '../../../scripts/mcp/names.ts';
import { page } from '../../../scripts/mcp/pages.ts';

describe('safeName', () => {
  it('keeps a safe name as it is, and writes any other character as `_`', () => {
    expect(safeName('listPets', 'x')).toBe('listPets');
    expect(safeName('repos/get-content', 'x')).toBe('repos_get-content');
    expect(safeName('  a b\u0000c\u202e.d ', 'x')).toBe('a_b_c_d');
    expect(safeName('///', 'operation')).toBe('operation');
  });

  it('cuts a long name with a hash of the whole, so two alike at the start still differ', () => {
    const a = safeName(`${'a'.repeat(100)}1`, 'x');
    const b = safeName(`${'a'.repeat(100)}2`, 'x');
    expect(a).toHaveLength(NAME_MAX);
    expect(a).toMatch(/^a{55}_[0-9a-f]{8}$/);
    expect(a).not.toBe(b);
  });
});

describe('UniqueNames', () => {
  it('numbers a name taken before, whatever its case, within the bound, and keeps reserved names', () => {
    const names = new UniqueNames(['search_operations']);
    expect(names.take('search_operations')).toBe('search_operations_2');
    expect(names.take('twin')).toBe('twin');
    expect(names.take('Twin')).toBe('Twin_2');
    const long = 'x'.repeat(NAME_MAX);
    expect(names.take(long)).toBe(long);
    expect(names.take(long)).toBe(`${'x'.repeat(NAME_MAX - 2)}_2`);
  });
});

describe('page', () => {
  it('gives a hundred items a page and the next page’s cursor, and refuses a cursor it did not give', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    expect(page(items, undefined)).toEqual({ items: items.slice(0, 100), nextCursor: '100' });
    expect(page(items, '200')).toEqual({ items: items.slice(200) });
    for (const cursor of ['abc', '-1', '1e2', '251', '']) expect(() => page(items, cursor)).toThrow(/Invalid cursor/);
  });
});
