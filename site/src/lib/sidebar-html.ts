// A section's sidebar is the same HTML on every page of the section but for the link to the page
// itself: a build renders it once per section (components/starlight/Sidebar.astro) and marks that
// link here, as Starlight marks it (`aria-current="page"` right after the link's href).

const rendered = new Map<string, string>();

/** The kept rendering of a section's sidebar; none in development, where the model changes under it. */
export function renderedSidebar(key: string): string | undefined {
  return import.meta.env.DEV ? undefined : rendered.get(key);
}

export function keepSidebar(key: string, html: string): void {
  if (!import.meta.env.DEV) rendered.set(key, html);
}

const attribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/** The sidebar with its link to `pathname` (with or without its trailing slash) marked as the current page. */
export function markCurrent(html: string, pathname: string): string {
  const bare = pathname.replace(/\/+$/, '');
  const decoded = (() => {
    try {
      return decodeURI(bare);
    } catch {
      return bare;
    }
  })();
  for (const path of new Set([bare, decoded])) {
    for (const href of [`${path}/`, path || '/']) {
      // The closing quote makes it the whole value: `/tags/x/` never matches `/tags/x/y/`.
      const link = `<a href="${attribute(href)}"`;
      const at = html.indexOf(link);
      if (at !== -1) return `${html.slice(0, at + link.length)} aria-current="page"${html.slice(at + link.length)}`;
    }
  }
  return html;
}
