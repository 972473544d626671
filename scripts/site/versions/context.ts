// What a mounted document knows of its API over time, beside its model (PORTAL_MODEL's manifest
// names it as `context`): its version, the versions published side by side, its changelog.
import { capSlug } from '../../model/contract/slug.ts';
import type { Changelog } from './changelog.ts';

export interface VersionMount {
  version: string;
  /** Where that version's pages are mounted: '' at the root, else a folder. */
  slug: string;
}

export interface PortalContext {
  /** This document's version, when the portal publishes versions or a changelog. */
  version?: string;
  /** The versions of this API in the portal, newest first (this one included): the version switch's choices. */
  versions?: VersionMount[];
  /** The changes up to this version, newest first. */
  changelog?: Changelog;
  /**
   * Every earlier version of this API the portal publishes, newest first: its folder holds its description
   * (`openapi.json`, `openapi.yaml`), and its pages when versions are side by side. What a removed operation links to.
   */
  earlier?: VersionMount[];
  /** Whether the portal's address was given (`--site`): the Atom feed's ids and links are absolute only then. */
  siteGiven?: boolean;
}

// What the site writes at its root: its folders, and files named with these extensions (`openapi.json`,
// `llms.txt`, `index.html`, `404.html`, `sitemap-0.xml`, `favicon.svg`). A test compares them with a build.
const SITE_FOLDER = /^(operations|webhooks|tags|schemas|changelog|pagefind|_astro)$/i;
const SITE_FILE = /\.(html?|json|ya?ml|txt|xml|md|svg|ico|png|js|css|webmanifest)$/i;

/**
 * A folder name for a version (`1.0.0`, `2024-01-15`): letters, digits, dots, dashes and underscores,
 * never a name the site writes at its root (`v-openapi.json`), at most 80 characters (a longer one
 * keeps its start and a hash of the whole), and unique among `taken` whatever the case, as a file
 * system that ignores case would see them.
 */
export function versionFolder(version: string, taken: ReadonlySet<string>): string {
  let folder = version.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'version';
  if (SITE_FOLDER.test(folder) || SITE_FILE.test(folder)) folder = `v-${folder}`;
  folder = capSlug(folder);
  const used = new Set([...taken].map((name) => name.toLowerCase()));
  let unique = folder;
  for (let i = 2; used.has(unique.toLowerCase()); i++) unique = `${folder}-${i}`;
  return unique;
}
