// The mock's router on its own: exact segments before templates, backtracking, parameters
// decoded (and their raw form kept), mixed segments, and each method's own parameter names.
import { describe, expect, it } from 'vitest';
import { namedFor, Router } from '../../../scripts/mock/router.ts';

function router(...routes: [string, string][]): Router<string> {
  const r = new Router<string>();
  for (const [method, template] of routes) r.add(template, method, `${method} ${template}`);
  return r;
}

describe('Router', () => {
  it('prefers an exact segment to a template, and falls back to the template past a dead end', () => {
    const r = router(['get', '/pets/mine'], ['get', '/pets/{petId}'], ['get', '/pets/mine/toys'], ['get', '/pets/{petId}/photos']);
    expect(r.match('/pets/mine')?.entry.template).toBe('/pets/mine');
    expect(r.match('/pets/42')?.entry.template).toBe('/pets/{petId}');
    expect(r.match('/pets/mine/toys')?.entry.template).toBe('/pets/mine/toys');
    // `/pets/mine/photos` has no exact route under `mine`: the template takes it, with `mine` as the id.
    const fallback = r.match('/pets/mine/photos');
    expect(fallback?.entry.template).toBe('/pets/{petId}/photos');
    expect(fallback?.params).toEqual({ petId: 'mine' });
  });

  it('decodes parameters, keeps their raw form, and names the ones that are not valid UTF-8', () => {
    const r = router(['get', '/files/{name}']);
    const match = r.match('/files/a%2Fb%20c');
    expect({ ...match?.params }).toEqual({ name: 'a/b c' });
    expect({ ...match?.raw }).toEqual({ name: 'a%2Fb%20c' });
    expect(match?.badEncoding).toBeUndefined();
    const bad = r.match('/files/%E0%A4%A');
    expect(bad?.badEncoding).toEqual(['name']);
    expect({ ...bad?.params }).toEqual({ name: '%E0%A4%A' });
  });

  it('never matches a parameter to an empty segment, nor an unknown path', () => {
    const r = router(['get', '/pets/{petId}']);
    expect(r.match('/pets/')).toBeUndefined();
    expect(r.match('/owners/1')).toBeUndefined();
    expect(r.match('/pets/1/extra')).toBeUndefined();
  });

  it('matches segments that mix text and parameters', () => {
    const r = router(['get', '/reports/{year}-{month}.json']);
    expect({ ...r.match('/reports/2026-11.json')?.params }).toEqual({ year: '2026', month: '11' });
    expect(r.match('/reports/2026-11.xml')).toBeUndefined();
  });

  it('collects the methods of a path and says them in Allow', () => {
    const r = router(['get', '/pets'], ['post', '/pets']);
    const entry = r.match('/pets')?.entry;
    expect([...(entry?.methods.keys() ?? [])]).toEqual(['GET', 'POST']);
    expect(entry?.allow).toContain('GET');
    expect(entry?.allow).toContain('POST');
  });

  it('names parameters as the operation answering the method names them', () => {
    const r = router(['get', '/pets/{id}'], ['delete', '/pets/{petId}']);
    const match = r.match('/pets/7');
    expect(match).toBeDefined();
    if (!match) return;
    expect({ ...namedFor(match, 'GET').params }).toEqual({ id: '7' });
    expect({ ...namedFor(match, 'DELETE').params }).toEqual({ petId: '7' });
  });

  it('holds a parameter named like an Object property as any other', () => {
    const r = router(['get', '/things/{__proto__}/{constructor}']);
    const params = r.match('/things/a/b')?.params;
    expect(Object.keys(params ?? {})).toEqual(['__proto__', 'constructor']);
    expect(params?.constructor).toBe('b');
  });
});
