// The path the portal is served under (`/` at a domain's root, `/docs/` for a GitHub Pages
// project site or behind a proxy), decided once from `--site` and `--base`: it becomes Astro's
// `base`, which every link, asset, search index and sitemap entry the portal writes starts with.

export interface SiteAddress {
  /** The absolute URL of the portal's home, ending in `/` (origin and base). */
  site: string;
  /** The path under the origin, `/` or `/a/b/`: always with a leading and a trailing slash. */
  base: string;
}

// Plain path segments only: a base is written verbatim into every href, so nothing that a URL
// would encode, resolve (`.`/`..`) or read as a query or fragment.
const SEGMENT = /^[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/** `/docs`, `docs/`, `/docs/` → `/docs/`; an error message for anything that is not a plain path. */
export function normalizeBase(base: string): string | { problem: string } {
  const segments = base.split('/').filter((s, i, all) => s !== '' || (i !== 0 && i !== all.length - 1));
  if (segments.some((s) => !SEGMENT.test(s) || s === '.' || s === '..'))
    return { problem: `--base must be a plain path such as /docs/ (letters, digits, "-", "_", ".", "~" between slashes), got "${base}"` };
  return segments.length === 0 ? '/' : `/${segments.join('/')}/`;
}

/**
 * The portal's address from `--site` (an absolute URL, which may carry a path) and `--base`
 * (optional; when both carry a path they must agree, since the links could not honour both).
 */
export function siteAddress(site: string, base?: string): SiteAddress | { problem: string } {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return { problem: `--site must be an absolute URL, got "${site}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { problem: `--site must be an http or https URL, got "${site}"` };
  if (url.search || url.hash) return { problem: `--site must not have a query or fragment, got "${site}"` };
  const fromSite = normalizeBase(url.pathname);
  if (typeof fromSite !== 'string') return { problem: `--site's path must be a plain path such as /docs/, got "${url.pathname}"` };
  let chosen = fromSite;
  if (base !== undefined) {
    const explicit = normalizeBase(base);
    if (typeof explicit !== 'string') return explicit;
    if (fromSite !== '/' && explicit !== fromSite)
      return { problem: `--site's path (${fromSite}) and --base (${explicit}) disagree: give one, or the same path in both` };
    chosen = explicit;
  }
  return { site: `${url.origin}${chosen}`, base: chosen };
}
