// The portal's title, from the model rather than the site's config: the site build then starts
// before the model is written (scripts/build.ts), and the preview's title follows a save.
export const DEFAULT_TITLE = 'API reference';

interface TitledDocument {
  slug: string;
  model: { info: { title?: string } };
}

/** The API's title when one document is published, or one at the root with its earlier versions beside it; else a generic one. */
export function portalTitle(documents: readonly TitledDocument[]): string {
  const main = documents.length === 1 ? documents[0] : documents.find((d) => d.slug === '');
  return main?.model.info.title || DEFAULT_TITLE;
}

interface HeadEntry {
  tag: string;
  attrs?: Record<string, string | boolean | undefined>;
  content?: string;
}

/** A page's head with the site's title `from` (in `<title>` after the page's own, and og:site_name) changed `to`. */
export function retitledHead(head: HeadEntry[], from: string, to: string): void {
  for (const entry of head) {
    if (entry.tag === 'title' && entry.content?.endsWith(from)) entry.content = entry.content.slice(0, -from.length) + to;
    if (entry.tag === 'meta' && entry.attrs?.property === 'og:site_name') entry.attrs.content = to;
  }
}
