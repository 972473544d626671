// The changelog as the Changes page and the Atom feed show it: newest version first, and in each
// version the report `npm run diff` prints (diff/format.ts: groups with breaking changes first),
// each group linked to its operation or schema page where that page exists (in this version, else
// in the version that last had it), each change with an anchor of its own the feed links to.
import { groupChanges } from '#diff/format.ts';
import type { ApiChange } from '#diff/types.ts';
import { pageUrl } from '#model/contract/pages.ts';
import { createSlugger } from '#model/contract/slug.ts';
import type { ChangelogEntry } from '#site-build/versions/changelog.ts';
import { documentBySlug, SITE_BASE, type PortalDocument } from './site-data.ts';

export interface ChangeView extends ApiChange {
  /** Its id on the Changes page: the version's anchor, its group and its check, unique in the version. */
  anchor: string;
}

/** The last version that had a removed operation, webhook or schema, and where to read it there. */
export interface LastVersion {
  version: string;
  /** Its page in that version when that version's pages are published, else that version's description. */
  href: string;
  page: boolean;
}

export interface ChangeGroupView {
  title: string;
  href?: string;
  /** Set on a removal: the version before it, which still had the subject. */
  last?: LastVersion;
  breaking: number;
  changes: ChangeView[];
}

export interface ChangelogEntryView {
  version: string;
  previous: string;
  /** RFC 3339. */
  date: string;
  /** The id of the version's heading on the Changes page. */
  anchor: string;
  headline: string;
  breaking: number;
  /** Said when the version broke clients under a minor or patch bump (semver). */
  notice?: { release: 'minor' | 'patch'; text: string };
  groups: ChangeGroupView[];
}

/** `v-1-1-0` for `1.1.0`: a heading id for each version. */
export const versionAnchor = (version: string): string => `v-${version.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

const REMOVALS = new Set<ApiChange['kind']>(['operation-removed', 'operation-removed-after-sunset', 'schema-removed']);

/** The page of a change's operation, webhook or schema in `doc`, when it has one. */
function subjectPage(doc: PortalDocument, change: ApiChange): string | undefined {
  if (change.operation) {
    const op = (change.subject === 'webhook' ? doc.webhookBySlug : doc.operationBySlug).get(change.operation.slug);
    return op ? doc.urls.operation(op) : undefined;
  }
  return change.schema !== undefined ? doc.urls.schema(change.schema) : undefined;
}

/**
 * Where a group links: its page in this version; when this version does not have it, its page in the
 * version of the entry (the one before, for a removal) when that version's pages are published; and for
 * a removal, that last version's description when they are not.
 */
function groupLinks(doc: PortalDocument, entry: ChangelogEntry, changes: ApiChange[]): Pick<ChangeGroupView, 'href' | 'last'> {
  const [first] = changes;
  if (!first || (!first.operation && first.schema === undefined)) return {};
  const removed = changes.some((c) => REMOVALS.has(c.kind));
  const here = removed ? undefined : subjectPage(doc, first);
  if (here) return { href: here };
  const version = removed ? entry.previous : entry.version;
  const mount = doc.context.earlier?.find((m) => m.version === version);
  if (!mount) return {};
  const there = documentBySlug(mount.slug);
  const page = there ? subjectPage(there, first) : undefined;
  if (!removed) return page ? { href: page } : {};
  return { last: page ? { version, href: page, page: true } : { version, href: pageUrl(`${SITE_BASE}/${mount.slug}`, 'openapi.yaml'), page: false } };
}

/** What the Changes page and the feed say of a version that broke clients under a minor or patch bump. */
export function breakingReleaseNotice(entry: Pick<ChangelogEntry, 'breakingIn' | 'changes'>): string | undefined {
  if (!entry.breakingIn) return undefined;
  const { base, head } = entry.changes;
  return (
    `${head.version} is a ${entry.breakingIn} release after ${base.version}, but it has breaking changes: ` +
    `clients whose version range accepts it (^${base.version}) take it without notice. Semantic versioning asks for a new major version.`
  );
}

export function changelogView(doc: PortalDocument): ChangelogEntryView[] {
  return (doc.context.changelog?.entries ?? []).map((entry) => {
    const report = groupChanges(entry.changes);
    const anchor = versionAnchor(entry.version);
    const slugger = createSlugger();
    const text = breakingReleaseNotice(entry);
    return {
      version: entry.version,
      previous: entry.previous,
      date: entry.date,
      anchor,
      headline: report.headline,
      breaking: report.summary.breaking,
      ...(text && entry.breakingIn ? { notice: { release: entry.breakingIn, text } } : {}),
      groups: report.groups.map((g) => ({
        title: g.title,
        ...groupLinks(doc, entry, g.changes),
        breaking: g.breaking,
        changes: g.changes.map((change) => ({ ...change, anchor: `${anchor}-${slugger(`${g.id} ${change.id}`, 'change')}` })),
      })),
    };
  });
}

/** `23 November 2026`: the day a version was released, in the reader's words. */
export function releaseDay(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
