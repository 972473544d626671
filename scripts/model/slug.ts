// URL slugs: `getPetById` → `get-pet-by-id`, `repos/get-content` → `repos-get-content`.

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
    const root = kebabCase(base) || kebabCase(fallback) || 'item';
    let slug = root;
    for (let n = 2; used.has(slug); n++) slug = `${root}-${n}`;
    used.add(slug);
    return slug;
  };
}

export function operationSlugBase(method: string, path: string): string {
  return `${method} ${path.replace(/[{}]/g, '')}`;
}
