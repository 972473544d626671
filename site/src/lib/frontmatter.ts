// Complete Starlight frontmatter for a generated page. The docs collection's schema is a
// pass-through (content.config.ts), so every field Starlight reads is set here.
export interface PageFrontmatter {
  title: string;
  description?: string;
  editUrl: false;
  head: [];
  tableOfContents: false | { minHeadingLevel: number; maxHeadingLevel: number };
  template: 'doc';
  prev: false;
  next: false;
  pagefind: boolean;
  draft: false;
  sidebar: { hidden: false; attrs: Record<string, never> };
}

export function frontmatter(title: string, options: { description?: string; toc?: boolean; search?: boolean } = {}): PageFrontmatter {
  return {
    title,
    ...(options.description ? { description: options.description } : {}),
    editUrl: false,
    head: [],
    tableOfContents: options.toc === false ? false : { minHeadingLevel: 2, maxHeadingLevel: 2 },
    template: 'doc',
    prev: false,
    next: false,
    pagefind: options.search !== false,
    draft: false,
    sidebar: { hidden: false, attrs: {} },
  };
}
