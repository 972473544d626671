// A field's constraints as the facts beside it read them: bounds in ASCII, as Redoc writes them.
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../../scripts/model/types.ts';
import { constraintTexts } from '../../../scripts/reference/schema-text.ts';

const node = (fields: Partial<SchemaNode>) => fields as SchemaNode;

describe('constraintTexts', () => {
  it('writes inclusive bounds as >= and <=, exclusive ones as > and <', () => {
    expect(constraintTexts(node({ minimum: 1, maximum: 100 }))).toEqual(['>= 1', '<= 100']);
    expect(constraintTexts(node({ exclusiveMinimum: 0, exclusiveMaximum: 10 }))).toEqual(['> 0', '< 10']);
  });

  it('writes lengths and counts as a range, or the one bound there is', () => {
    expect(constraintTexts(node({ minLength: 1, maxLength: 100 }))).toEqual(['length 1 to 100']);
    expect(constraintTexts(node({ maxLength: 100 }))).toEqual(['length <= 100']);
    expect(constraintTexts(node({ minItems: 2 }))).toEqual(['items >= 2']);
  });
});
