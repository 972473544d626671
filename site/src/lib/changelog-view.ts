// The changelog as the Changes page and the Atom feed show it: newest version first, and in each
// version the report `npm run diff` prints (diff/format.ts: groups with breaking changes first),
// each group linked to its operation or schema page in this document when that page still exists.
import { groupChanges } from '#diff/format.ts';
import type { ApiChange } from '#diff/types.ts';
import type { PortalDocument } from './site-data.ts';

export interface ChangeGroupView {
  title: string;
  href?: string;
  breaking: number;
  changes: ApiChange[];
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
  groups: ChangeGroupView[];
}

/** `v-1-1-0` for `1.1.0`: a heading id for each version. */
export const versionAnchor = (version: string): string => `v-${version.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

function groupHref(doc: PortalDocument, change: ApiChange | undefined, removed: boolean): string | undefined {
  if (removed || !change) return undefined;
  if (change.operation) {
    const op = (change.subject === 'webhook' ? doc.webhookBySlug : doc.operationBySlug).get(change.operation.slug);
    return op ? doc.urls.operation(op) : undefined;
  }
  return change.schema !== undefined ? doc.urls.schema(change.schema) : undefined;
}

export function changelogView(doc: PortalDocument): ChangelogEntryView[] {
  return (doc.context.changelog?.entries ?? []).map((entry) => {
    const report = groupChanges(entry.changes);
    return {
      version: entry.version,
      previous: entry.previous,
      date: entry.date,
      anchor: versionAnchor(entry.version),
      headline: report.headline,
      breaking: report.summary.breaking,
      groups: report.groups.map((g) => ({
        title: g.title,
        href: groupHref(doc, g.changes[0], (g.subject === 'operation' || g.subject === 'webhook') && g.href === undefined),
        breaking: g.breaking,
        changes: g.changes,
      })),
    };
  });
}

/** `23 November 2026`: the day a version was released, in the reader's words. */
export function releaseDay(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : new Date(time).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}
