// Starlight's UI strings (`Astro.locals.t`), each looked up once per process: i18next resolves a
// key afresh on every call, a few dozen calls on every page (about a quarter of a second of
// GitHub's 2,242 pages). The strings come from the site's config, so a key's text never changes
// while the process runs. A call with options (interpolation, plurals) goes to i18next as it is.
type Translate = App.Locals['t'];

const texts = new Map<string, string>();
const wrappers = new WeakSet<Translate>();

export function keptTranslations(t: Translate): Translate {
  if (wrappers.has(t)) return t;
  const translate = t as unknown as (key: unknown, options?: unknown) => unknown;
  // i18next's fixed function carries its language; without one, nothing is kept.
  const lang = (t as unknown as { lng?: unknown }).lng;
  if (typeof lang !== 'string') return t;
  const kept = ((key: unknown, options?: unknown) => {
    if (options !== undefined || typeof key !== 'string') return translate(key, options);
    const id = `${lang}\u0000${key}`;
    let text = texts.get(id);
    if (text === undefined) {
      text = String(translate(key));
      texts.set(id, text);
    }
    return text;
  }) as unknown as Translate;
  wrappers.add(kept);
  return Object.assign(kept, { all: t.all, exists: t.exists, dir: t.dir });
}
