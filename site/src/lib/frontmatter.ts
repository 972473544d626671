// Complete Starlight frontmatter for a generated page. The docs collection's schema is a
// pass-through (content.config.ts), so every field Starlight reads is set here.
/** A tag Starlight adds to the page's <head> (its attributes come from the site, never from a description). */
export interface HeadEntry {
  tag: 'link' | 'meta';
  attrs: Record<string, string>;
}

export interface PageFrontmatter {
  title: string;
  description?: string;
  editUrl: false;
  head: HeadEntry[];
  tableOfContents: false | { minHeadingLevel: number; maxHeadingLevel: number };
  template: 'doc';
  prev: false;
  next: false;
  pagefind: boolean;
  draft: false;
  sidebar: { hidden: false; attrs: Record<string, never> };
}

export function frontmatter(title: string, options: { description?: string; toc?: boolean; search?: boolean; head?: HeadEntry[] } = {}): PageFrontmatter {
  return {
    title,
    ...(options.description ? { description: options.description } : {}),
    editUrl: false,
    head: options.head ?? [],
    tableOfContents: options.toc === false ? false : { minHeadingLevel: 2, maxHeadingLevel: 2 },
    template: 'doc',
    prev: false,
    next: false,
    pagefind: options.search !== false,
    draft: false,
    sidebar: { hidden: false, attrs: {} },
  };
}
