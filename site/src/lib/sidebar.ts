// The navigation of one page: home, every tag, the schemas index, and only the open
// tag's operations. No page carries every operation link, so a page's size does not
// grow with the API (GitHub's 1,223 operations would otherwise weigh on each page).
// Written as Starlight's route data, once per section (site-data.ts): Starlight would otherwise
// check and convert a sidebar given to each page, every page again (GitHub's: 2,242 times).
import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { pageUrl } from '../../../scripts/model/pages.ts';
import type { Operation } from '../../../scripts/model/types.ts';
import { operationLabel, operationMark } from '../../../scripts/reference/labels.ts';
import type { PortalDocument, SidebarSection } from './site-data.ts';

export type SidebarEntry =
  | { label: string; link: string; badge?: { text: string; variant: 'caution' | 'note' | 'danger' | 'default' } }
  | { label: string; items: SidebarEntry[]; collapsed?: boolean };

/** One section's navigation: what a page shows, none of it marked as the current page yet. */
export interface Navigation {
  /** The same for every page of the section: its rendering is kept under it (components/starlight/Sidebar.astro). */
  key: string;
  entries: StarlightRouteData['sidebar'];
}

/** Starlight's route form of the entries: each link under the site's base (`base`), as Starlight writes a sidebar given to a page. */
export function routeEntries(entries: SidebarEntry[], base: string): StarlightRouteData['sidebar'] {
  return entries.map((entry) =>
    'link' in entry
      ? { type: 'link', label: entry.label, href: `${base}${entry.link}`, isCurrent: false, badge: entry.badge, attrs: {} }
      : { type: 'group', label: entry.label, entries: routeEntries(entry.items, base), collapsed: entry.collapsed ?? false, badge: undefined },
  );
}

function operationLink(doc: PortalDocument, op: Operation): SidebarEntry {
  const mark = operationMark(op);
  // A summary that already says "(deprecated)" needs no second mark beside it.
  const badge = mark && !new RegExp(`\\b${mark.text}\\b`, 'i').test(operationLabel(op)) ? mark : undefined;
  return badge ? { label: operationLabel(op), link: doc.navUrls.operation(op), badge } : { label: operationLabel(op), link: doc.navUrls.operation(op) };
}

export function buildSidebar(doc: PortalDocument, section: SidebarSection): SidebarEntry[] {
  // Starlight puts the site's base in front of sidebar links: they are written without it.
  const { model, navUrls: urls } = doc;
  const openTag = 'tag' in section ? section.tag : undefined;
  const tags: SidebarEntry[] = model.tags
    .filter((tag) => tag.operations.length > 0)
    .map((tag) => {
      if (tag.name !== openTag) return { label: tag.name, link: urls.tag(tag.slug) };
      const operations = tag.operations.map((slug) => doc.operationBySlug.get(slug)).filter((op): op is Operation => op !== undefined);
      return {
        label: tag.name,
        collapsed: false,
        items: [{ label: 'About this tag', link: urls.tag(tag.slug) }, ...operations.map((op) => operationLink(doc, op))],
      };
    });

  const entries: SidebarEntry[] = [{ label: 'Overview', link: urls.home }];
  if (tags.length > 0) entries.push({ label: 'Operations', items: tags });
  if (model.webhooks.length > 0) {
    entries.push(
      'webhooks' in section
        ? {
            label: 'Webhooks',
            collapsed: false,
            items: [{ label: 'All webhooks', link: urls.webhooks }, ...model.webhooks.map((op) => operationLink(doc, op))],
          }
        : { label: 'Webhooks', link: urls.webhooks },
    );
  }
  if (model.schemas.length > 0) entries.push({ label: 'Schemas', link: urls.schemas });
  if (doc.context.changelog?.entries.length) entries.push({ label: 'Changes', link: pageUrl(urls.base, 'changelog/') });
  return entries;
}
