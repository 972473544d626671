import { describe, expect, it } from 'vitest';
import { joinPointer, splitPointer } from '../../../scripts/model/locate.ts';

describe('JSON pointers', () => {
  it('round-trips keys holding ~, / and %', () => {
    const keys = ['paths', '/rate/100%', 'a~b', 'get'];
    expect(splitPointer(joinPointer(keys))).toEqual(keys);
  });

  it('reads the root as no segments', () => {
    expect(splitPointer('#')).toEqual([]);
    expect(splitPointer('#/')).toEqual([]);
  });
});
