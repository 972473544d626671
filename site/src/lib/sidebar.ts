// The navigation of one page: home, the tags, the schemas index, and only the open tag's
// operations. No page carries every operation link, and past a hundred tags or 150 operations in
// one tag a page lists the part of the list it sits in, with links to the parts before and after:
// a page's navigation has a bounded size whatever the API's (an API of 800 tags otherwise wrote
// every tag on each of its 1,600 pages). GitHub's 47 tags are listed whole, the 204 operations of
// its largest tag in two parts: Starlight's sidebar markup takes about 180 bytes a link, and
// listed whole they made GitHub's operation and tag pages 80 MiB instead of 73.
// Written as Starlight's route data, once per section (site-data.ts): Starlight would otherwise
// check and convert a sidebar given to each page, every page again (GitHub's: 2,242 times).
import type { StarlightRouteData } from '@astrojs/starlight/route-data';
import { pageUrl } from '#model/contract/pages.ts';
import type { ApiModel, Operation, Tag } from '#model/contract/types.ts';
import { operationLabel, operationMark } from '#reference/labels.ts';
import type { PortalContext } from '#site-build/versions/context.ts';
import type { SiteUrls } from './urls.ts';

/** What the sidebar reads of a document the portal shows (site-data.ts, PortalDocument). */
export interface SidebarDocument {
  model: ApiModel;
  navUrls: SiteUrls;
  operationBySlug: Map<string, Operation>;
  context: PortalContext;
}

export type SidebarSection = { tag: string; operation?: string } | { webhooks: true; operation?: string } | { schemas: true } | { home: true };

export type SidebarEntry =
  | { label: string; link: string; badge?: { text: string; variant: 'caution' | 'note' | 'danger' | 'default' } }
  | { label: string; items: SidebarEntry[]; collapsed?: boolean };

type RouteEntry = StarlightRouteData['sidebar'][number];

/** One section's navigation: what a page shows, none of it marked as the current page yet. */
export interface Navigation {
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

// As Starlight compares a sidebar link with the page: the href as a URL writes it, without a trailing slash.
const pagePath = (path: string) => path.replace(/\/+$/, '');

/**
 * A page's sidebar: the section's entries with the link to `pathname` marked current, as Starlight
 * marks its own. The groups are new for each page (Starlight caches per group whether it holds the
 * current page) and the link marked is a copy; every other link is the section's own, shared.
 */
export function withCurrent(entries: readonly RouteEntry[], pathname: string): RouteEntry[] {
  const current = pagePath(pathname);
  let found = false;
  const mark = (list: readonly RouteEntry[]): RouteEntry[] =>
    list.map((entry) => {
      if (entry.type === 'group') return { ...entry, entries: mark(entry.entries) };
      if (found || pagePath(encodeURI(entry.href)) !== current) return entry;
      found = true;
      return { ...entry, isCurrent: true };
    });
  return mark(entries);
}

function operationLink(doc: SidebarDocument, op: Operation): SidebarEntry {
  const mark = operationMark(op);
  // A summary that already says "(deprecated)" needs no second mark beside it.
  const badge = mark && !new RegExp(`\\b${mark.text}\\b`, 'i').test(operationLabel(op)) ? mark : undefined;
  return badge ? { label: operationLabel(op), link: doc.navUrls.operation(op), badge } : { label: operationLabel(op), link: doc.navUrls.operation(op) };
}

/** A page lists at most this many tags, and of its own tag (or the webhooks) this many operations. */
export const TAGS_LISTED = 100;
export const OPERATIONS_LISTED = 150;

/** The size of each part of a list of `length` items, at most `most`, the parts as even as they can be. */
const partSize = (length: number, most: number): number => Math.ceil(length / Math.ceil(length / most)) || 1;

interface ListPart<T> {
  items: readonly T[];
  /** The position of the page's own item. */
  at: number;
  size: number;
  /** What the items are, for the links to the other parts ("Tags 101 to 200 of 800"). */
  noun: string;
  entry(item: T): SidebarEntry;
  link(item: T): string;
}

/**
 * The whole list, or past `size` items the part holding position `at`, between links to the first
 * item of the parts before and after it. The parts are as even as they can be (GitHub's 204
 * operations of one tag: two of 102, not 150 and 54).
 */
export function listPart<T>({ items, at, size: most, noun, entry, link }: ListPart<T>): SidebarEntry[] {
  if (items.length <= most) return items.map(entry);
  const size = partSize(items.length, most);
  const start = Math.floor(Math.min(Math.max(at, 0), items.length - 1) / size) * size;
  const range = (from: number): SidebarEntry => ({
    label: `${noun} ${from + 1} to ${Math.min(from + size, items.length)} of ${items.length}`,
    link: link(items[from]!),
  });
  return [
    ...(start > 0 ? [range(start - size)] : []),
    ...items.slice(start, start + size).map(entry),
    ...(start + size < items.length ? [range(start + size)] : []),
  ];
}

/** Where a page sits in the navigation: the tag (or the webhooks) it opens, and its position there. */
export interface Place {
  /** The tags that have operations, each with them. */
  tags: readonly TagOperations[];
  /** The open tag's position among them, if a tag is open. */
  tagAt?: number;
  webhooks: boolean;
  /** The page's position among the open tag's operations or the webhooks. */
  operationAt: number;
}

interface TagOperations {
  tag: Tag;
  operations: Operation[];
}

/** The navigation of each section of a document, made once per section and part (site-data.ts). */
export function sectionNavigation(doc: SidebarDocument, base: string): (section: SidebarSection) => Navigation {
  const tags = doc.model.tags
    .filter((tag) => tag.operations.length > 0)
    .map((tag) => ({ tag, operations: tag.operations.map((slug) => doc.operationBySlug.get(slug)).filter((op): op is Operation => op !== undefined) }));
  const tagAt = new Map(tags.map(({ tag }, i) => [tag.name, i]));
  const operationAt = new Map(tags.flatMap(({ operations }) => operations.map((op, i): [string, number] => [op.slug, i])));
  const webhookAt = new Map(doc.model.webhooks.map((op, i) => [op.slug, i]));
  const kept = new Map<string, Navigation>();
  return (section) => {
    const webhooks = 'webhooks' in section;
    const at = 'tag' in section ? tagAt.get(section.tag) : undefined;
    const tag = at === undefined ? undefined : tags[at]?.tag;
    const page = 'operation' in section ? section.operation : undefined;
    const position = (page === undefined ? undefined : (webhooks ? webhookAt : operationAt).get(page)) ?? 0;
    // Every page of a part of a section shows the same navigation.
    const listed = webhooks ? doc.model.webhooks.length : at !== undefined ? (tags[at]?.operations.length ?? 0) : 0;
    const part = Math.floor(position / partSize(listed, OPERATIONS_LISTED));
    const key = tag ? `tag:${tag.name}:${part}` : webhooks ? `webhooks:${part}` : 'none';
    let navigation = kept.get(key);
    if (!navigation) {
      const place = { tags, ...(tag ? { tagAt: at } : {}), webhooks, operationAt: position };
      kept.set(key, (navigation = { entries: routeEntries(buildSidebar(doc, place), base) }));
    }
    return navigation;
  };
}

function tagEntries(doc: SidebarDocument, place: Place): SidebarEntry[] {
  const urls = doc.navUrls;
  const { tags } = place;
  const open = ({ tag, operations }: TagOperations): SidebarEntry => {
    const listed = listPart({
      items: operations,
      at: place.operationAt,
      size: OPERATIONS_LISTED,
      noun: 'Operations',
      entry: (op) => operationLink(doc, op),
      link: (op) => urls.operation(op),
    });
    return { label: tag.name, collapsed: false, items: [{ label: 'About this tag', link: urls.tag(tag.slug) }, ...listed] };
  };
  const openTag = place.tagAt === undefined ? undefined : tags[place.tagAt];
  const listed = listPart({
    items: tags,
    at: place.tagAt ?? 0,
    size: TAGS_LISTED,
    noun: 'Tags',
    entry: (item) => (item === openTag ? open(item) : { label: item.tag.name, link: urls.tag(item.tag.slug) }),
    link: ({ tag }) => urls.tag(tag.slug),
  });
  // Every tag, with what each holds, is on the home page.
  return tags.length > TAGS_LISTED ? [...listed, { label: `All ${tags.length} tags`, link: `${urls.home}#tags` }] : listed;
}

export function buildSidebar(doc: SidebarDocument, place: Place): SidebarEntry[] {
  // Starlight puts the site's base in front of sidebar links: they are written without it.
  const { model, navUrls: urls } = doc;
  const tags = tagEntries(doc, place);
  const entries: SidebarEntry[] = [{ label: 'Overview', link: urls.home }];
  if (tags.length > 0) entries.push({ label: 'Operations', items: tags });
  if (model.webhooks.length > 0) {
    const webhooks = listPart({
      items: model.webhooks,
      at: place.operationAt,
      size: OPERATIONS_LISTED,
      noun: 'Webhooks',
      entry: (op) => operationLink(doc, op),
      link: (op) => urls.operation(op),
    });
    entries.push(
      place.webhooks
        ? { label: 'Webhooks', collapsed: false, items: [{ label: 'All webhooks', link: urls.webhooks }, ...webhooks] }
        : { label: 'Webhooks', link: urls.webhooks },
    );
  }
  if (model.schemas.length > 0) entries.push({ label: 'Schemas', link: urls.schemas });
  if (doc.context.changelog?.entries.length) entries.push({ label: 'Changes', link: pageUrl(urls.base, 'changelog/') });
  return entries;
}
