import { describe, expect, it } from 'vitest';
import { markCurrent } from '../../../site/src/lib/sidebar-html.ts';
import { routeEntries } from '../../../site/src/lib/sidebar.ts';

const html =
  '<ul><li><a href="/docs/" class="large"><span>Overview</span></a></li><li><a href="/docs/tags/pets/" class="x">Pets</a><a href="/docs/tags/pets/about/" class="x">About</a><a href="/docs/q?a=1&amp;b=&quot;2&quot;" class="x">Q</a></li></ul>';

describe('markCurrent', () => {
  it('marks the link to the page, with or without its trailing slash, right after its href', () => {
    expect(markCurrent(html, '/docs/tags/pets/')).toContain('<a href="/docs/tags/pets/" aria-current="page" class="x">Pets');
    expect(markCurrent(html, '/docs/tags/pets')).toContain('<a href="/docs/tags/pets/" aria-current="page" class="x">Pets');
    expect(markCurrent(html, '/docs/').match(/aria-current/g)).toHaveLength(1);
    expect(markCurrent(html, '/docs/')).toContain('<a href="/docs/" aria-current="page" class="large">');
  });

  it('marks only a whole href, and an escaped one as it is written', () => {
    expect(markCurrent(html, '/docs/tags/pets/about/').match(/aria-current/g)).toHaveLength(1);
    expect(markCurrent(html, '/docs/tags/pets/about/')).toContain('<a href="/docs/tags/pets/about/" aria-current="page"');
    expect(markCurrent(html, '/docs/q?a=1&b="2"')).toContain('<a href="/docs/q?a=1&amp;b=&quot;2&quot;" aria-current="page"');
  });

  it('leaves a sidebar without a link to the page as it was', () => {
    expect(markCurrent(html, '/docs/schemas/pet/')).toBe(html);
  });
});

describe('routeEntries', () => {
  it('writes links under the base, none current, and groups open unless collapsed', () => {
    expect(
      routeEntries(
        [
          { label: 'Overview', link: '/' },
          { label: 'Operations', items: [{ label: 'Get a pet', link: '/operations/get-pet/', badge: { text: 'Beta', variant: 'caution' } }] },
          { label: 'Closed', items: [], collapsed: true },
        ],
        '/docs',
      ),
    ).toEqual([
      { type: 'link', label: 'Overview', href: '/docs/', isCurrent: false, badge: undefined, attrs: {} },
      {
        type: 'group',
        label: 'Operations',
        collapsed: false,
        badge: undefined,
        entries: [
          { type: 'link', label: 'Get a pet', href: '/docs/operations/get-pet/', isCurrent: false, badge: { text: 'Beta', variant: 'caution' }, attrs: {} },
        ],
      },
      { type: 'group', label: 'Closed', entries: [], collapsed: true, badge: undefined },
    ]);
  });
});
