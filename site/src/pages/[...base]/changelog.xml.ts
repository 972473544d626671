// The changelog as an Atom 1.0 feed (RFC 4287): one entry per version, newest first, its text the
// changes with their level. Built with fast-xml-parser's builder, which escapes every value; the
// characters XML 1.0 cannot carry at all (most control characters) are dropped from the text.
import type { APIRoute, GetStaticPaths } from 'astro';
import { XMLBuilder } from 'fast-xml-parser';
import { DEFAULT_SITE } from '#defaults';
import { changelogView } from '../../lib/changelog-view.ts';
import { baseParam, portalDocuments, type PortalDocument } from '../../lib/site-data.ts';
import { changelogUrl, feedUrl } from '../../lib/version-switch.ts';

export const getStaticPaths = (() =>
  portalDocuments
    .filter((doc) => (doc.context.changelog?.entries.length ?? 0) > 0)
    .map((doc) => ({ params: { base: baseParam(doc) }, props: { doc } }))) satisfies GetStaticPaths;

// XML 1.0's Char production: tab, line feed, carriage return and the printable ranges.
const xmlText = (text: string): string => text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

const LEVEL = { breaking: 'BREAKING', warning: 'Warning', info: 'Change' } as const;

export const GET: APIRoute = ({ props, site }) => {
  const { doc } = props as { doc: PortalDocument };
  const origin = site ?? new URL(DEFAULT_SITE);
  const page = new URL(changelogUrl(doc), origin).href;
  const entries = changelogView(doc);
  const title = xmlText(doc.model.info.title);
  const feed = {
    '?xml': { '@_version': '1.0', '@_encoding': 'utf-8' },
    feed: {
      '@_xmlns': 'http://www.w3.org/2005/Atom',
      id: page,
      title: `${title}: changes`,
      // The feed changed when its latest entry did: versions are in semver order, which need not be the order of their dates.
      updated: new Date(Math.max(...entries.map((e) => Date.parse(e.date)))).toISOString(),
      author: { name: title },
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': new URL(feedUrl(doc), origin).href },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': page },
      ],
      entry: entries.map((entry) => ({
        id: `${page}#${entry.anchor}`,
        title: xmlText(`Version ${entry.version}: ${entry.headline}`),
        updated: new Date(entry.date).toISOString(),
        link: { '@_rel': 'alternate', '@_type': 'text/html', '@_href': `${page}#${entry.anchor}` },
        summary: xmlText(`Compared with ${entry.previous}: ${entry.headline}.`),
        content: {
          '@_type': 'text',
          '#text': xmlText(
            entry.groups
              .flatMap((group) => [group.title, ...group.changes.map((c) => `  ${c.breaking ? 'BREAKING' : LEVEL[c.level]}: ${c.message}`)])
              .join('\n') || 'No changes to the API.',
          ),
        },
      })),
    },
  };
  const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, processEntities: true, suppressEmptyNode: true });
  return new Response(builder.build(feed), { headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } });
};
