import { describe, expect, it } from 'vitest';
import type { ApiModel, Operation, Tag } from '../../../scripts/model/contract/types.ts';
import type { PortalDocument } from '../../../site/src/lib/site-data.ts';
import { OPERATIONS_LISTED, routeEntries, sectionNavigation, type SidebarSection, TAGS_LISTED, withCurrent } from '../../../site/src/lib/sidebar.ts';
import { urlsFor } from '../../../site/src/lib/urls.ts';

const section = routeEntries(
  [
    { label: 'Overview', link: '/' },
    {
      label: 'Operations',
      items: [
        {
          label: 'Pets',
          items: [
            { label: 'About this tag', link: '/tags/pets/' },
            { label: 'List pets', link: '/operations/list-pets/' },
          ],
        },
      ],
    },
    { label: 'Schemas', link: '/schemas/' },
  ],
  '/docs',
);
const currentLinks = (entries: ReturnType<typeof withCurrent>): string[] =>
  entries.flatMap((e) => (e.type === 'link' ? (e.isCurrent ? [e.href] : []) : currentLinks(e.entries)));

describe('withCurrent', () => {
  it("marks the page's own link, with or without its trailing slash, and only it", () => {
    expect(currentLinks(withCurrent(section, '/docs/operations/list-pets/'))).toEqual(['/docs/operations/list-pets/']);
    expect(currentLinks(withCurrent(section, '/docs/operations/list-pets'))).toEqual(['/docs/operations/list-pets/']);
    expect(currentLinks(withCurrent(section, '/docs/'))).toEqual(['/docs/']);
    // `/docs/tags/pets/` is not the current page of `/docs/tags/pets/x/`.
    expect(currentLinks(withCurrent(section, '/docs/tags/pets/x/'))).toEqual([]);
  });

  it("compares an href as the page's URL writes it", () => {
    const accented = routeEntries([{ label: 'Café', link: '/tags/café/' }], '');
    expect(currentLinks(withCurrent(accented, '/tags/caf%C3%A9/'))).toEqual(['/tags/café/']);
  });

  it("leaves the section's own entries unmarked, and gives each page groups of its own", () => {
    const page = withCurrent(section, '/docs/operations/list-pets/');
    expect(currentLinks(section)).toEqual([]);
    expect(page[1]).not.toBe(section[1]);
    // Links other than the current one are the section's own objects.
    expect(page[0]).toBe(section[0]);
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

/** A document's navigation data with `sizes[i]` operations in tag `i` (and `webhooks` webhooks): what the sidebar reads, no more. */
function documentOf(sizes: number[], webhooks = 0): PortalDocument {
  const operation = (kind: Operation['kind'], tag: string, slug: string): Operation =>
    ({ kind, method: 'get', path: `/${slug}`, slug, page: `${kind}s/${slug}/`, tag, tags: [tag], deprecated: false, stability: 'stable' }) as Operation;
  const tags: Tag[] = sizes.map((size, t) => ({
    name: `tag${t}`,
    slug: `tag${t}`,
    page: `tags/tag${t}/`,
    operations: Array.from({ length: size }, (_, i) => `op-${t}-${i}`),
  }));
  const operations = tags.flatMap((tag) => tag.operations.map((slug) => operation('operation', tag.name, slug)));
  const hooks = Array.from({ length: webhooks }, (_, i) => operation('webhook', 'default', `hook-${i}`));
  const model = { tags, operations, webhooks: hooks, schemas: [] } as unknown as ApiModel;
  return { model, navUrls: urlsFor('', model), operationBySlug: new Map(operations.map((op) => [op.slug, op])), context: {} } as unknown as PortalDocument;
}

const links = (entries: ReturnType<typeof routeEntries>): { label: string; href: string }[] =>
  entries.flatMap((e) => (e.type === 'link' ? [{ label: e.label, href: e.href }] : links(e.entries)));

describe('sectionNavigation', () => {
  it("lists GitHub's 47 tags whole, and the 204 operations of its largest tag in two even parts", () => {
    const sizes = Array.from({ length: 47 }, (_, i) => (i === 0 ? 204 : 3));
    const nav = sectionNavigation(documentOf(sizes), '');
    const shown = links(nav({ tag: 'tag0', operation: 'op-0-150' }).entries);
    for (let t = 1; t < 47; t++) expect(shown).toContainEqual({ label: `tag${t}`, href: `/tags/tag${t}/` });
    const operations = shown.filter((l) => l.href.startsWith('/operations/op-0-'));
    expect(operations.slice(1).map((l) => l.href)).toEqual(Array.from({ length: 102 }, (_, i) => `/operations/op-0-${102 + i}/`));
    expect(operations[0]).toEqual({ label: 'Operations 1 to 102 of 204', href: '/operations/op-0-0/' });
    expect(shown.some((l) => l.label.startsWith('All ') || l.label.startsWith('Tags '))).toBe(false);
    // A tag of three lists them all, with no links to other parts.
    expect(links(nav({ tag: 'tag1', operation: 'op-1-0' }).entries).filter((l) => / of \d+$/.test(l.label))).toEqual([]);
  });

  it("bounds every page's navigation whatever the number of tags and operations, each page listed on its own", () => {
    // 3,000 tags, the first with 1,000 operations, and 600 webhooks.
    const sizes = Array.from({ length: 3000 }, (_, i) => (i === 0 ? 1000 : 1));
    const doc = documentOf(sizes, 600);
    const nav = sectionNavigation(doc, '');
    const sections: [SidebarSection, string][] = [
      ...doc.model.operations.map((op): [SidebarSection, string] => [{ tag: op.tag, operation: op.slug }, `/operations/${op.slug}/`]),
      ...doc.model.webhooks.map((op): [SidebarSection, string] => [{ webhooks: true, operation: op.slug }, `/webhooks/${op.slug}/`]),
      ...doc.model.tags.map((tag): [SidebarSection, string] => [{ tag: tag.name }, `/tags/${tag.slug}/`]),
      [{ home: true }, '/'],
    ];
    const limit = TAGS_LISTED + OPERATIONS_LISTED + 10;
    let largest = 0;
    for (const [section, own] of sections) {
      const shown = links(nav(section).entries);
      expect(shown.length).toBeLessThanOrEqual(limit);
      // The page's own link is there, so Starlight marks it.
      expect(
        shown.some((l) => l.href === own),
        own,
      ).toBe(true);
      largest = Math.max(largest, JSON.stringify(nav(section).entries).length);
    }
    // A page's navigation data, whatever the API: a few tens of kilobytes.
    expect(largest).toBeLessThan(64 * 1024);
  });

  it("links the parts before and after the page's own, and every tag from the home page", () => {
    const sizes = Array.from({ length: 250 }, (_, i) => (i === 120 ? 600 : 1));
    const nav = sectionNavigation(documentOf(sizes), '');
    const entries = nav({ tag: 'tag120', operation: 'op-120-300' }).entries;
    const shown = links(entries);
    // 250 tags in three parts of 84, 600 operations in four of 150.
    expect(shown).toContainEqual({ label: 'Tags 1 to 84 of 250', href: '/tags/tag0/' });
    expect(shown).toContainEqual({ label: 'Tags 169 to 250 of 250', href: '/tags/tag168/' });
    expect(shown).toContainEqual({ label: 'All 250 tags', href: '/#tags' });
    expect(shown).toContainEqual({ label: 'Operations 151 to 300 of 600', href: '/operations/op-120-150/' });
    expect(shown).toContainEqual({ label: 'Operations 451 to 600 of 600', href: '/operations/op-120-450/' });
    expect(shown.filter((l) => l.href.startsWith('/operations/op-120-')).length).toBe(OPERATIONS_LISTED + 2);
    // The tags around the page's own (a group, open), by name.
    const operations = entries.find((e) => e.label === 'Operations');
    const names = (operations?.type === 'group' ? operations.entries : []).map((e) => e.label).filter((label) => /^tag\d+$/.test(label));
    expect(names).toEqual(Array.from({ length: 84 }, (_, i) => `tag${84 + i}`));
  });

  it('makes each part of a section once, for every page in it', () => {
    const nav = sectionNavigation(documentOf([600]), '');
    expect(nav({ tag: 'tag0', operation: 'op-0-1' })).toBe(nav({ tag: 'tag0', operation: 'op-0-149' }));
    expect(nav({ tag: 'tag0', operation: 'op-0-1' })).toBe(nav({ tag: 'tag0' }));
    expect(nav({ tag: 'tag0', operation: 'op-0-150' })).not.toBe(nav({ tag: 'tag0', operation: 'op-0-1' }));
  });
});
