// Starlight's UI strings are looked up once per key and language; calls with options, and the
// helpers Starlight hangs on the function, reach i18next as before.
import { describe, expect, it, vi } from 'vitest';
import { keptTranslations } from '../../../site/src/lib/kept-translations.ts';

type Translate = Parameters<typeof keptTranslations>[0];

function fixedT(lang: string) {
  const lookup = vi.fn((key: string, options?: { count?: number }) => (options ? `${lang}:${key}:${options.count}` : `${lang}:${key}`));
  const t = Object.assign(lookup, { lng: lang, all: () => ({ lang }), exists: () => true, dir: () => 'ltr' });
  return { t: t as unknown as Translate, lookup };
}

describe('keptTranslations', () => {
  it('asks i18next once per key, across pages', () => {
    const first = fixedT('en');
    const second = fixedT('en');
    const a = keptTranslations(first.t);
    expect(a('search.label' as never)).toBe('en:search.label');
    expect(a('search.label' as never)).toBe('en:search.label');
    expect(keptTranslations(second.t)('search.label' as never)).toBe('en:search.label');
    expect(first.lookup).toHaveBeenCalledTimes(1);
    expect(second.lookup).not.toHaveBeenCalled();
  });

  it('keeps nothing for a function that does not name its language', () => {
    const t = Object.assign(() => 'x', { all: () => ({}), exists: () => true, dir: () => 'ltr' }) as unknown as Translate;
    expect(keptTranslations(t)).toBe(t);
  });

  it('keeps each language apart', () => {
    const fr = fixedT('fr');
    expect(keptTranslations(fr.t)('search.label' as never)).toBe('fr:search.label');
  });

  it('passes calls with options through every time, and keeps all, exists and dir', () => {
    const { t, lookup } = fixedT('de');
    const kept = keptTranslations(t);
    expect((kept as unknown as (k: string, o: object) => string)('items', { count: 2 })).toBe('de:items:2');
    expect((kept as unknown as (k: string, o: object) => string)('items', { count: 3 })).toBe('de:items:3');
    expect(lookup).toHaveBeenCalledTimes(2);
    expect(kept.all()).toEqual({ lang: 'de' });
    expect(kept.dir()).toBe('ltr');
    expect(keptTranslations(kept)).toBe(kept);
  });
});
