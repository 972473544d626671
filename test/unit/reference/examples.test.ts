// Example text cut to a limit: the same value cut for a page (8 KB) and for its Markdown (2 KB) is cut at each one's own.
import { describe, expect, it } from 'vitest';
import { EXAMPLE_LIMIT, exampleText } from '../../../scripts/reference/examples.ts';

describe('exampleText', () => {
  it('cuts one value at each limit asked for, whichever was asked first', () => {
    const value = { items: Array.from({ length: 400 }, (_, i) => ({ id: i, name: `item ${i}` })) };
    const short = exampleText(value, 2048);
    const long = exampleText(value);
    expect(short.truncated && long.truncated).toBe(true);
    expect(short.text.length).toBeLessThanOrEqual(2048 + 2);
    expect(long.text.length).toBeGreaterThan(EXAMPLE_LIMIT / 2);
    expect(exampleText(value, 2048)).toBe(short);
  });
});
