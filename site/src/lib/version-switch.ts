// The version switch: for the page being read, the same page in each other version of its API.
// An operation is matched as `npm run diff` matches it (operationId, else method and path); a
// schema or tag by its name; anything not found there leads to that version's home.
import { pageUrl } from '#model/contract/pages.ts';
import type { Operation } from '#model/contract/types.ts';
import { documentBySlug, earlierVersionOf, type PortalDocument } from './site-data.ts';

export interface VersionChoice {
  version: string;
  href: string;
  current: boolean;
  /** Whether the same page exists there (else `href` is that version's home). */
  samePage: boolean;
}

const withSlash = (path: string): string => (path.endsWith('/') ? path : `${path}/`);

function sameOperation(op: Operation, in_: PortalDocument): Operation | undefined {
  const list = op.kind === 'webhook' ? in_.model.webhooks : in_.model.operations;
  return (op.operationId && list.find((o) => o.operationId === op.operationId)) || list.find((o) => o.method === op.method && o.path === op.path);
}

/** The same page as `pathname` (a page of `from`) in `to`, or undefined when `to` has no such page. */
function samePage(from: PortalDocument, to: PortalDocument, pathname: string): string | undefined {
  const path = withSlash(pathname);
  if (path === withSlash(from.urls.home)) return to.urls.home;
  for (const op of [...from.model.operations, ...from.model.webhooks]) {
    if (withSlash(from.urls.operation(op)) !== path) continue;
    const found = sameOperation(op, to);
    return found ? to.urls.operation(found) : undefined;
  }
  for (const schema of from.model.schemas) if (withSlash(from.urls.schemaBySlug(schema.slug)) === path) return to.urls.schema(schema.name);
  for (const tag of from.model.tags)
    if (withSlash(from.urls.tag(tag.slug)) === path) return to.model.tags.some((t) => t.slug === tag.slug) ? to.urls.tag(tag.slug) : undefined;
  if (path === withSlash(from.urls.schemas)) return to.model.schemas.length > 0 ? to.urls.schemas : undefined;
  if (path === withSlash(from.urls.webhooks)) return to.model.webhooks.length > 0 ? to.urls.webhooks : undefined;
  if (path === withSlash(changelogUrl(from))) return to.context.changelog?.entries.length ? changelogUrl(to) : undefined;
  return undefined;
}

// A page asks for its choices up to three times (the header, the phone's menu, an earlier version's notice): the last page's are kept.
let last: { doc: PortalDocument; pathname: string; choices: VersionChoice[] } | undefined;

/** Every version of the page's API, newest first, each with where the switch leads; empty when its API has one version in the portal. */
export function versionChoices(doc: PortalDocument, pathname: string): VersionChoice[] {
  if (last?.doc === doc && last.pathname === pathname) return last.choices;
  const choices = choicesFor(doc, pathname);
  last = { doc, pathname, choices };
  return choices;
}

/**
 * For a page of an earlier version published side by side: its version and the latest version's choice
 * (the same page there, or the latest's home when the page is gone). Undefined on the latest's pages.
 */
export function olderVersion(doc: PortalDocument, pathname: string): { version: string; latest: VersionChoice } | undefined {
  const version = earlierVersionOf(doc);
  if (version === undefined) return undefined;
  const latest = versionChoices(doc, pathname)[0];
  return latest ? { version, latest } : undefined;
}

function choicesFor(doc: PortalDocument, pathname: string): VersionChoice[] {
  const mounts = doc.context.versions ?? [];
  if (mounts.length < 2) return [];
  return mounts.flatMap((mount): VersionChoice[] => {
    const other = documentBySlug(mount.slug);
    if (!other) return [];
    if (other === doc) return [{ version: mount.version, href: withSlash(pathname), current: true, samePage: true }];
    const found = samePage(doc, other, pathname);
    return [{ version: mount.version, href: found ?? other.urls.home, current: false, samePage: found !== undefined }];
  });
}

/** The Changes page of a document, and its Atom feed. */
export const changelogUrl = (doc: PortalDocument): string => pageUrl(doc.urls.base, 'changelog/');
export const feedUrl = (doc: PortalDocument): string => pageUrl(doc.urls.base, 'changelog.xml');
