// A description's opening words, cut for a meta description, an index or an option: never past
// the length asked for, never in the middle of a word, and marked as cut with three dots.
import { describe, expect, it } from 'vitest';
import { markdownToText, summaryText } from '../../../site/src/lib/markdown.ts';

const LONG = 'Adds a repository to an organization secret when the visibility for repository access is set to selected, as the settings say.';

describe('markdownToText', () => {
  it('keeps a text that fits as it is', () => {
    expect(markdownToText('Returns **one** pet.', 40)).toBe('Returns one pet.');
  });

  it('cuts a longer one at a word boundary, within the length, with three dots', () => {
    for (const max of [20, 41, 60, 100]) {
      const text = markdownToText(LONG, max);
      expect(text.length, String(max)).toBeLessThanOrEqual(max);
      expect(text.endsWith('...'), text).toBe(true);
      expect(LONG.startsWith(text.slice(0, -3)), text).toBe(true);
      expect(LONG.charAt(text.length - 3), text).toMatch(/[ ,]/);
    }
  });

  it('cuts one word longer than the length rather than show nothing', () => {
    expect(markdownToText(`https://example.com/${'x'.repeat(100)}`, 30)).toBe(`https://example.com/${'x'.repeat(7)}...`);
  });
});

describe('summaryText', () => {
  it('takes the first sentence when it fits, the opening words otherwise', () => {
    expect(summaryText('Lists pets. Each page holds 20.', 40)).toBe('Lists pets.');
    expect(summaryText(LONG, 40)).toMatch(/^Adds a repository to an organization\.\.\.$/);
  });
});
