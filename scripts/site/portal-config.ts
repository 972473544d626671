// The portal's own config (`--portal portal.config.json`): which APIs one portal holds, each under
// its own folder, and for each which earlier versions it publishes. Project config, so trusted,
// but checked: each mistake is a problem at the file, and the build stops before it starts.
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';

export interface PortalApi {
  slug: string;
  /** The description's entry file (relative paths are read from the config's folder). */
  spec: string;
  /** Earlier versions: `"tags"` (the git tags that hold the description) or git refs and files, oldest first; none by default. */
  versions?: 'tags' | string[];
  /** Publish a changelog of those versions (default true when there are any). */
  changelog?: boolean;
  /** Put each earlier version's pages beside the latest under `/<slug>/<version>/` (default true when there are versions). */
  sideBySide?: boolean;
}

const SLUG = /^[a-z0-9][a-z0-9-]{0,62}$/;
const RESERVED = new Set(['operations', 'webhooks', 'tags', 'schemas', 'changelog', 'pagefind', '_astro']);
const KEYS = new Set(['slug', 'spec', 'versions', 'changelog', 'sideBySide']);

/** The config's APIs with their paths resolved; rejects with every problem found. */
export async function readPortalConfig(file: string): Promise<{ apis: PortalApi[]; problems: Diagnostic[] }> {
  const problems: Diagnostic[] = [];
  const problem = (message: string) => problems.push({ severity: 'error', rule: 'portal-config', message, file, line: 1, col: 1 });
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    problem(`cannot be read as JSON: ${(error as Error).message}`);
    return { apis: [], problems };
  }
  const list = (raw as { apis?: unknown })?.apis;
  if (!Array.isArray(list) || list.length === 0) {
    problem('must be an object with "apis": a list of { "slug", "spec", "versions"? }');
    return { apis: [], problems };
  }
  const apis: PortalApi[] = [];
  const seen = new Set<string>();
  for (const [i, item] of (list as unknown[]).entries()) {
    const at = `apis[${i}]`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) {
      problem(`${at} must be an object`);
      continue;
    }
    const api = item as Record<string, unknown>;
    for (const key of Object.keys(api)) if (!KEYS.has(key)) problem(`${at} has an unknown key "${key}" (known: ${[...KEYS].join(', ')})`);
    const { slug, spec, versions, changelog, sideBySide } = api;
    if (typeof slug !== 'string' || !SLUG.test(slug) || RESERVED.has(slug))
      problem(
        `${at}.slug must be lower-case letters, digits and dashes, not one of the site's own folders (${[...RESERVED].join(', ')}); got ${JSON.stringify(slug)}`,
      );
    else if (seen.has(slug)) problem(`${at}.slug "${slug}" is used twice`);
    else seen.add(slug);
    if (typeof spec !== 'string' || spec === '') problem(`${at}.spec must be the path of a description`);
    if (
      versions !== undefined &&
      versions !== 'tags' &&
      !(Array.isArray(versions) && versions.every((v) => typeof v === 'string' && v !== '' && !v.startsWith('-')))
    )
      problem(`${at}.versions must be "tags" or a list of git refs and files`);
    for (const [key, value] of [
      ['changelog', changelog],
      ['sideBySide', sideBySide],
    ] as const)
      if (value !== undefined && typeof value !== 'boolean') problem(`${at}.${key} must be true or false`);
    if (typeof slug === 'string' && typeof spec === 'string' && spec !== '') {
      const base = dirname(resolve(file));
      apis.push({
        slug,
        spec: resolve(base, spec),
        ...(versions === 'tags'
          ? { versions }
          : Array.isArray(versions)
            ? { versions: (versions as string[]).map((v) => (/\.(ya?ml|json)$/i.test(v) ? resolve(base, v) : v)) }
            : {}),
        ...(typeof changelog === 'boolean' ? { changelog } : {}),
        ...(typeof sideBySide === 'boolean' ? { sideBySide } : {}),
      });
    }
  }
  return { apis, problems };
}
