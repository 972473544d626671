// What a mounted document knows of its API over time, beside its model (PORTAL_MODEL's manifest
// names it as `context`): its version, the versions published side by side, its changelog.
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
}

/** A folder name for a version (`1.0.0`, `2024-01-15`): letters, digits, dots, dashes and underscores. */
export function versionFolder(version: string, taken: ReadonlySet<string>): string {
  let folder = version.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[.-]+|[.-]+$/g, '') || 'version';
  // The site's own folders stay the site's.
  if (/^(operations|webhooks|tags|schemas|changelog|pagefind|_astro)$/i.test(folder)) folder = `v-${folder}`;
  let unique = folder;
  for (let i = 2; taken.has(unique); i++) unique = `${folder}-${i}`;
  return unique;
}
