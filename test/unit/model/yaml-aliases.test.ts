// The YAML alias bound: a file whose aliases expand past MAX_ALIAS_EXPANSION_BYTES is refused before
// anything walks it, at its first alias; text without an alias and its anchor is never walked at all.
// Texts are parsed with Redocly's YAML reader, as the resolver parses every file.
import { parseYaml } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { MAX_ALIAS_EXPANSION_BYTES } from '../../../scripts/model/limits.ts';
import { aliasProblem, expansion, firstAlias, mayHaveAliases } from '../../../scripts/model/load/yaml-aliases.ts';

/** `levels` levels of `width` aliases each to the level below: `width ** levels` copies of the first once expanded. */
function aliasBomb(levels: number, width: number): string {
  const lines = ['openapi: 3.1.0', 'x-bomb:', '  l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (let level = 1; level <= levels; level++) {
    lines.push(`  l${level}: &l${level} [${Array.from({ length: width }, () => `*l${level - 1}`).join(', ')}]`);
  }
  return `${lines.join('\n')}\n`;
}

describe('mayHaveAliases', () => {
  it('sees an alias only where an anchor of its name is written', () => {
    expect(mayHaveAliases('a: &x 1\nb: *x\n')).toBe(true);
    expect(mayHaveAliases('a: [&x 1, *x]')).toBe(true);
    expect(mayHaveAliases('a: 1\nb: *x\n')).toBe(false);
    expect(mayHaveAliases('{"a": 1, "b": [2, 3]}')).toBe(false);
  });

  it('takes a star or ampersand inside a word for no alias', () => {
    expect(mayHaveAliases('glob: files*.txt\nentity: AT&T')).toBe(false);
    expect(mayHaveAliases('glob: a*b&b')).toBe(false);
  });

  it('finds the anchor of a name used late among many alias-like words', () => {
    const noise = Array.from({ length: 20 }, (_, i) => `n${i}: *missing${i}`).join('\n');
    expect(mayHaveAliases(`${noise}\nz: *late\nlate: &late 1\n`)).toBe(true);
    expect(mayHaveAliases(`${noise}\nz: *late\n`)).toBe(false);
  });
});

describe('expansion', () => {
  it('counts a shared node each time it is used, and once as written', () => {
    const shared = { name: 'Rex' };
    const { expanded, unique } = expansion({ a: shared, b: shared, c: shared });
    expect(expanded - unique).toBe(2 * JSON.stringify(shared).length);
  });

  it('counts a tree without sharing the same both ways, about its JSON length', () => {
    const tree = {
      pets: [
        { name: 'Rex', tags: ['dog'] },
        { name: 'Tom', age: 3 },
      ],
      ok: true,
      none: null,
    };
    const { expanded, unique } = expansion(tree);
    expect(expanded).toBe(unique);
    expect(Math.abs(expanded - JSON.stringify(tree).length)).toBeLessThan(10);
    expect(expansion('text')).toEqual({ expanded: 6, unique: 6 });
  });

  it('counts a node inside itself once instead of without end', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(expansion(loop).expanded).toBeGreaterThan(0);
  });

  it('walks a nesting deeper than the call stack', () => {
    let deep: unknown[] = [];
    for (let i = 0; i < 50_000; i++) deep = [deep];
    const { expanded, unique } = expansion(deep);
    expect(expanded).toBe(unique);
    expect(expanded).toBe(3 * 50_000 + 2);
  });
});

describe('aliasProblem', () => {
  it('refuses a billion laughs at its first alias, with its size', () => {
    const text = aliasBomb(9, 9);
    const problem = aliasProblem(text, parseYaml(text));
    expect(problem).toMatch(/^YAML aliases expand this file to about [\d.]+ GB \(the most aliases may add is 4\.00 MB\): it was not loaded$/);
    expect(firstAlias(text)).toEqual({ line: 4, col: 12 });
  });

  it('names megabytes for a smaller expansion past the bound', () => {
    const text = aliasBomb(6, 9);
    const { expanded, unique } = expansion(parseYaml(text));
    expect(expanded - unique).toBeGreaterThan(MAX_ALIAS_EXPANSION_BYTES);
    expect(aliasProblem(text, parseYaml(text))).toMatch(/to about [\d.]+ MB/);
  });

  it('lets aliases through while they stay within the bound', () => {
    const text = 'components:\n  schemas:\n    Id: &id {type: integer}\n    Pet: {properties: {id: *id, owner: *id}}\n';
    expect(aliasProblem(text, parseYaml(text))).toBeUndefined();
    expect(aliasProblem(aliasBomb(3, 9), parseYaml(aliasBomb(3, 9)))).toBeUndefined();
  });

  it('does not walk a text without aliases', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(aliasProblem('a: 1', loop)).toBeUndefined();
    expect(firstAlias('a: 1')).toEqual({ line: 1, col: 1 });
  });
});
