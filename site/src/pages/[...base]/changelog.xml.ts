// The changelog as an Atom 1.0 feed (RFC 4287): one entry per version, newest first, its content
// the changes with their level, each linked to its anchor on the Changes page. Built with
// fast-xml-parser's builder, which escapes every value; the characters XML 1.0 cannot carry at all
// (most control characters) are dropped from the text. With the portal's address (`--site`) ids
// and links are absolute; without it links are relative to where the feed is served (the build
// warns) and ids are name-based UUIDs, never addresses on the machine that built it.
import type { APIRoute, GetStaticPaths } from 'astro';
import { XMLBuilder } from 'fast-xml-parser';
import { changelogView, type ChangelogEntryView } from '../../lib/changelog-view.ts';
// HTML inside the content is escaped as text by the junit report's escaper; the builder escapes the whole once more, as Atom's `html` content asks.
import { xml } from '#diff/format-junit.ts';
import { nameUuid } from '../../lib/name-uuid.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../lib/site-data.ts';
import { changelogUrl, feedUrl } from '../../lib/version-switch.ts';

export const getStaticPaths = (() =>
  portalDocuments
    .filter((doc) => (doc.context.changelog?.entries.length ?? 0) > 0)
    .map((doc) => ({ params: { base: baseParam(doc) }, props: { doc } }))) satisfies GetStaticPaths;

// XML 1.0's Char production: tab, line feed, carriage return and the printable ranges.
const xmlText = (text: string): string => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

const LEVEL = { breaking: 'BREAKING', warning: 'Warning', info: 'Change' } as const;
/** The portal's changelogs' namespace for name-based ids. */
const NAMESPACE = '1d05f6b4-0295-408e-af19-6b731f4b707d';

/** An entry's content as HTML: the notice, then each group's changes, each linked to its anchor on the Changes page. */
function entryHtml(entry: ChangelogEntryView, page: string, absolute: (path: string) => string): string {
  const parts: string[] = [];
  if (entry.notice) parts.push(`<p><strong>Breaking changes in a ${entry.notice.release} release.</strong> ${xml(entry.notice.text)}</p>`);
  for (const group of entry.groups) {
    parts.push(`<h3>${group.href ? `<a href="${xml(absolute(group.href))}">${xml(group.title)}</a>` : xml(group.title)}</h3>`);
    if (group.last) parts.push(`<p>Last in <a href="${xml(absolute(group.last.href))}">version ${xml(group.last.version)}</a>.</p>`);
    const items = group.changes.map(
      (c) => `<li><a href="${xml(`${page}#${c.anchor}`)}">${c.breaking ? 'BREAKING' : LEVEL[c.level]}</a>: ${xml(c.message)}</li>`,
    );
    parts.push(`<ul>${items.join('')}</ul>`);
  }
  return parts.join('\n') || '<p>No changes to the API.</p>';
}

export const GET: APIRoute = ({ props, site }) => {
  const { doc } = props as { doc: PortalDocument };
  const given = doc.context.siteGiven === true && site !== undefined;
  const absolute = (path: string): string => (given ? new URL(path, site).href : path);
  const page = absolute(changelogUrl(doc));
  const entries = changelogView(doc);
  const title = xmlText(doc.model.info.title);
  const id = (anchor?: string): string => (given ? `${page}${anchor ? `#${anchor}` : ''}` : nameUuid(NAMESPACE, `${doc.slug}\n${title}\n${anchor ?? ''}`));
  const feed = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: id(),
      title: `${title}: changes`,
      // The feed changed when its latest entry did: versions are in semver order, which need not be the order of their dates.
      updated: new Date(Math.max(...entries.map((e) => Date.parse(e.date)))).toISOString(),
      author: { name: title },
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': absolute(feedUrl(doc)) },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': page },
      ],
      entry: entries.map((entry) => ({
        id: id(entry.anchor),
        title: xmlText(`Version ${entry.version}: ${entry.notice ? `breaking changes in a ${entry.notice.release} release; ` : ''}${entry.headline}`),
        updated: new Date(entry.date).toISOString(),
        link: { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${page}#${entry.anchor}` },
        summary: xmlText(`Compared with ${entry.previous}: ${entry.headline}.${entry.notice ? ` ${entry.notice.text}` : ''}`),
        content: { '@_type': 'html', '#text': entryHtml(entry, page, absolute) },
      })),
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, processEntities: true, suppressEmptyNode: true });
  return new Response(builder.build(feed), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
