import { describe, expect, it } from 'vitest';
import { childPointer, formatPointer, parentPointer, parsePointer, resolvePointer } from '../../../scripts/model/document/pointer.ts';

describe('JSON pointers', () => {
  it('round-trips keys holding ~, / and %', () => {
    const keys = ['paths', '/rate/100%', 'a~b', 'get', '', '%7B'];
    expect(parsePointer(formatPointer(keys))).toEqual(keys);
  });

  it('reads the root as no segments', () => {
    expect(parsePointer('#')).toEqual([]);
    expect(parsePointer('#/')).toEqual([]);
    expect(parsePointer('')).toEqual([]);
  });

  it('percent-decodes the fragment form only, and keeps a segment that is no valid percent-encoding as written', () => {
    expect(parsePointer('#/paths/~1pets~1%7BpetId%7D/get')).toEqual(['paths', '/pets/{petId}', 'get']);
    expect(parsePointer('#/paths/~1rate~1100%')).toEqual(['paths', '/rate/100%']);
    expect(parsePointer('/paths/%7B')).toEqual(['paths', '%7B']);
    // `~1` is unescaped before decoding, as Redocly reads the $refs it bundles: `%7E1` stays `~1`.
    expect(parsePointer('#/a%7E1b')).toEqual(['a~1b']);
  });

  it('walks own members only, arrays by index', () => {
    const doc = { components: { schemas: { Pet: { type: 'object' } } }, list: ['a', 'b'] };
    expect(resolvePointer(doc, '#/components/schemas/Pet')).toEqual({ type: 'object' });
    expect(resolvePointer(doc, '#/list/1')).toBe('b');
    expect(resolvePointer(doc, '#/components/schemas/constructor')).toBeUndefined();
    expect(resolvePointer(doc, '#/components/schemas/Pet/type/length')).toBeUndefined();
    expect(resolvePointer(doc, '#')).toBe(doc);
  });

  it('goes one key down and one key up without reparsing the rest', () => {
    expect(childPointer('#/paths/~1pets', 'get')).toBe('#/paths/~1pets/get');
    expect(childPointer('#', 'a/b')).toBe('#/a~1b');
    expect(parentPointer('#/paths/~1pets/get')).toBe('#/paths/~1pets');
    expect(parentPointer('#/paths')).toBe('#');
  });
});
