import { describe, expect, it } from 'vitest';
import { DEFAULT_TITLE, portalTitle, retitledHead } from '../../../site/src/lib/portal-title.ts';

const doc = (slug: string, title?: string) => ({ slug, model: { info: { title } } });

describe('portalTitle', () => {
  it('is the title of the one document published', () => {
    expect(portalTitle([doc('', 'Petstore API')])).toBe('Petstore API');
    expect(portalTitle([doc('pets', 'Petstore API')])).toBe('Petstore API');
  });

  it('is the root document’s when its earlier versions are beside it, else a generic one', () => {
    expect(portalTitle([doc('', 'Petstore API'), doc('v1', 'Petstore API (old)')])).toBe('Petstore API');
    expect(portalTitle([doc('pets', 'Petstore API'), doc('galaxy', 'Galaxy')])).toBe(DEFAULT_TITLE);
    expect(portalTitle([doc('', '')])).toBe(DEFAULT_TITLE);
  });
});

describe('retitledHead', () => {
  it('changes the site title after the page’s own and in og:site_name, and nothing else', () => {
    const head = [
      { tag: 'title', content: `Get a pet | ${DEFAULT_TITLE}` },
      { tag: 'meta', attrs: { property: 'og:site_name', content: DEFAULT_TITLE } },
      { tag: 'meta', attrs: { property: 'og:title', content: 'Get a pet' } },
    ];
    retitledHead(head, DEFAULT_TITLE, 'Petstore API');
    expect(head).toEqual([
      { tag: 'title', content: 'Get a pet | Petstore API' },
      { tag: 'meta', attrs: { property: 'og:site_name', content: 'Petstore API' } },
      { tag: 'meta', attrs: { property: 'og:title', content: 'Get a pet' } },
    ]);
  });
});
