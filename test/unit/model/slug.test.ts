// Slugs on their own: how an operationId or a method and path becomes a page's folder name.
import { describe, expect, it } from 'vitest';
import { capSlug, createSlugger, kebabCase, MAX_SLUG_LENGTH, operationSlugBase } from '../../../scripts/model/contract/slug.ts';

describe('kebabCase', () => {
  it('splits camelCase, acronyms and separators, and drops accents', () => {
    expect(kebabCase('getPetById')).toBe('get-pet-by-id');
    expect(kebabCase('listHTTPRoutes')).toBe('list-http-routes');
    expect(kebabCase('repos/get-content')).toBe('repos-get-content');
    expect(kebabCase('  Créer une commande!  ')).toBe('creer-une-commande');
    expect(kebabCase('日本')).toBe('');
  });
});

describe('createSlugger', () => {
  it('hands out each slug once, numbering repeats', () => {
    const slug = createSlugger();
    expect(slug('getPet', 'get /pets/{id}')).toBe('get-pet');
    expect(slug('get_pet', 'get /pets/{id}')).toBe('get-pet-2');
    expect(slug('GetPet', 'x')).toBe('get-pet-3');
  });

  it('falls back to method and path, then to `item`, when a name has no letters or digits', () => {
    const slug = createSlugger();
    expect(slug('', operationSlugBase('get', '/pets/{petId}'))).toBe('get-pets-pet-id');
    expect(slug('日本', '')).toBe('item');
    expect(slug('', '')).toBe('item-2');
  });
});

describe('capSlug', () => {
  it('keeps short slugs, and cuts long ones with a hash so that two alike at the start differ', () => {
    expect(capSlug('get-pet')).toBe('get-pet');
    const long = 'a'.repeat(200);
    const cut = capSlug(`${long}-x`);
    expect(cut.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(cut).toMatch(/^a+-[0-9a-f]{8}$/);
    expect(capSlug(`${long}-y`)).not.toBe(cut);
  });
});
