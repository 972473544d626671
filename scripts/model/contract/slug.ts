// URL slugs: `getPetById` → `get-pet-by-id`, `repos/get-content` → `repos-get-content`.
// A slug names a folder of the built site, and file systems refuse names past 255 bytes.
// Hand-written rather than github-slugger, which keeps `getPetById` one word (`getpetbyid`) and would move every page's URL.
import { createHash } from 'node:crypto';

/** Longest slug: room for a page's folder name and a `-2` beside it, far below the file system's 255 bytes. */
export const MAX_SLUG_LENGTH = 80;

/** A long slug cut short, with a hash of the whole so two names alike at the start still differ. */
export function capSlug(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const hash = createHash('sha256').update(slug).digest('hex').slice(0, 8);
  return `${slug.slice(0, MAX_SLUG_LENGTH - hash.length - 1).replace(/-+$/, '')}-${hash}`;
}

export function kebabCase(input: string): string {
  return input
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Hands out unique slugs: the second `foo` becomes `foo-2`. */
export function createSlugger(): (base: string, fallback: string) => string {
  const used = new Set<string>();
  return (base, fallback) => {
    const root = capSlug(kebabCase(base) || kebabCase(fallback) || 'item');
    let slug = root;
    for (let n = 2; used.has(slug); n++) slug = `${root}-${n}`;
    used.add(slug);
    return slug;
  };
}

export function operationSlugBase(method: string, path: string): string {
  return `${method} ${path.replace(/[{}]/g, '')}`;
}
