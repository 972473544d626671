// Pagefind's interface texts, from Starlight's translations. Gathering them walks every
// translation key, so it is done once per language rather than on each of thousands of pages.
const cache = new Map<string, string>();

interface Translator {
  (key: 'search.label'): string;
  all(): Record<string, unknown>;
}

export function translationsFor(t: Translator, lang: string): string {
  let json = cache.get(lang);
  if (json === undefined) {
    json = JSON.stringify({
      placeholder: t('search.label'),
      ...Object.fromEntries(
        Object.entries(t.all())
          .filter(([key]) => key.startsWith('pagefind.'))
          .map(([key, value]) => [key.replace('pagefind.', ''), value]),
      ),
    });
    cache.set(lang, json);
  }
  return json;
}
