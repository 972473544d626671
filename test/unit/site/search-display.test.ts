// What a search result shows: Pagefind's excerpt read as text with its marked words (never as
// markup), and the line of an operation or of another page.
import { describe, expect, it } from 'vitest';
import { prepareEntries, searchEntry } from '../../../scripts/model/contract/search-rank.ts';
import { excerptParts, resultView } from '../../../site/src/lib/search-display.ts';

describe('excerptParts', () => {
  it('reads marks as marked words and everything else as text', () => {
    expect(excerptParts('Send a <mark>pull</mark> request &lt;script&gt; here')).toEqual([
      { text: 'Send a ', mark: false },
      { text: 'pull', mark: true },
      { text: ' request <script> here', mark: false },
    ]);
    expect(excerptParts('')).toEqual([]);
    // Whatever else looks like markup stays text.
    expect(excerptParts('<img src=x onerror=alert(1)>')).toEqual([{ text: '<img src=x onerror=alert(1)>', mark: false }]);
  });
});

describe('resultView', () => {
  const [entry] = prepareEntries([
    searchEntry(
      { method: 'post', path: '/pets', operationId: 'createPet', summary: 'Create a pet', deprecated: true },
      '/operations/create-pet/',
      'Adds a pet.',
    ),
  ]);

  it('shows an operation named by the rules with its method, path, summary and description', () => {
    expect(resultView({ url: entry!.url, entry })).toEqual({
      url: '/operations/create-pet/',
      method: 'POST',
      path: '/pets',
      title: 'Create a pet',
      deprecated: true,
      excerpt: [{ text: 'Adds a pet.', mark: false }],
    });
  });

  it('shows the full text’s excerpt for a page it found, an operation’s line from its entry', () => {
    const page = { url: entry!.url, excerpt: 'the <mark>pet</mark>', meta: { title: 'Create a pet' } };
    expect(resultView({ url: page.url, entry, page })).toMatchObject({
      method: 'POST',
      excerpt: [
        { text: 'the ', mark: false },
        { text: 'pet', mark: true },
      ],
    });
  });

  it('shows a page that is not an operation by its kind and title', () => {
    const page = { url: '/tags/pets/', excerpt: 'Pets', meta: { title: 'Pets', kind: 'Tag' } };
    expect(resultView({ url: page.url, page })).toEqual({
      url: '/tags/pets/',
      kind: 'Tag',
      title: 'Pets',
      deprecated: false,
      excerpt: [{ text: 'Pets', mark: false }],
    });
  });
});
