// Changes to beta and experimental operations are reported at their own level:
// what would break a stable operation's clients is a warning for a beta one and
// information for an experimental one, marked and explained.
import { describe, expect, it } from 'vitest';
import { diff, one, op, pets } from './documents.ts';

/** A new required query parameter: breaking for any stable operation. */
const requireParameter = (path: string, method: string) => (d: Record<string, any>) => {
  op(d, path, method).parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } });
};

describe('stability levels', () => {
  it('a stable operation: breaking', () => {
    const c = one(diff(requireParameter('/pets', 'get')), 'required-parameter-added');
    expect(c).toMatchObject({ breaking: true, level: 'breaking', operation: { operationId: 'listPets' } });
    expect(c.stability).toBeUndefined();
    expect(c.message).toBe('New required query parameter "owner"; existing requests that do not send it will be rejected.');
  });

  it("by default (oasdiff's threshold, beta) a beta operation's breaking change is breaking", () => {
    const changes = diff(requireParameter('/search', 'get'));
    expect(one(changes, 'required-parameter-added')).toMatchObject({ breaking: true, level: 'breaking' });
    expect(one(changes, 'required-parameter-added').stability).toBeUndefined();
  });

  it('with the threshold at stable, a beta operation: a warning, marked beta, saying why it does not count as breaking', () => {
    const changes = diff(requireParameter('/search', 'get'), { settings: { stabilityLevel: 'stable' } });
    const c = one(changes, 'required-parameter-added');
    expect(c).toMatchObject({ breaking: false, level: 'warning', stability: 'beta', operation: { operationId: 'searchPets' } });
    expect(c.message).toBe(
      'New required query parameter "owner"; existing requests that do not send it will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change.',
    );
    expect(changes.summary).toMatchObject({ breaking: 0, warnings: 1 });
  });

  it('an experimental operation: info, marked experimental', () => {
    const changes = diff(requireParameter('/labs/match', 'post'));
    const c = one(changes, 'required-parameter-added');
    expect(c).toMatchObject({ breaking: false, level: 'info', stability: 'experimental' });
    expect(c.message).toMatch(/Not counted as breaking: the operation is experimental, and experimental operations may change or go away at any time\.$/);
    expect(changes.summary).toMatchObject({ breaking: 0, warnings: 0 });
  });

  it('with the threshold at stable, removing a beta operation is a warning, an experimental one info', () => {
    const changes = diff(
      (d) => {
        delete d.paths['/search'];
        delete d.paths['/labs/match'];
      },
      { settings: { stabilityLevel: 'stable' } },
    );
    const removed = changes.changes.filter((c) => c.kind === 'operation-removed');
    expect(removed.map((c) => [c.operation?.operationId, c.level, c.stability, c.breaking])).toEqual([
      ['searchPets', 'warning', 'beta', false],
      ['matchPets', 'info', 'experimental', false],
    ]);
  });

  it('changes that are not breaking keep their level and carry no stability', () => {
    const c = one(
      diff((d) => {
        op(d, '/search', 'get').parameters.push({ name: 'sort', in: 'query', schema: { type: 'string' } });
      }),
      'parameter-added',
    );
    expect(c).toMatchObject({ level: 'info', breaking: false });
    expect(c.stability).toBeUndefined();
  });

  it('the base version decides: demoting an operation to beta does not excuse a breaking change made with it', () => {
    const changes = diff((d) => {
      op(d, '/pets', 'get')['x-stability'] = 'beta';
      requireParameter('/pets', 'get')(d);
    });
    expect(one(changes, 'required-parameter-added')).toMatchObject({ breaking: true, level: 'breaking' });
    // oasdiff's api-stability-decreased: clients built on the stable promise lose it.
    expect(one(changes, 'stability-changed')).toMatchObject({ id: 'api-stability-decreased', level: 'breaking' });
  });

  it('the stability aliases other portals use count the same', () => {
    const base = pets();
    delete op(base, '/search', 'get')['x-stability'];
    op(base, '/search', 'get')['x-beta'] = true;
    delete op(base, '/labs/match', 'post')['x-stability'];
    op(base, '/labs/match', 'post')['x-stability-level'] = 'alpha';
    const changes = diff(
      (d) => {
        requireParameter('/search', 'get')(d);
        requireParameter('/labs/match', 'post')(d);
      },
      { settings: { stabilityLevel: 'stable' } },
      base,
    );
    expect(changes.changes.map((c) => [c.operation?.operationId, c.level, c.stability])).toEqual([
      ['searchPets', 'warning', 'beta'],
      ['matchPets', 'info', 'experimental'],
    ]);
  });
});

describe('component schemas reached through several operations', () => {
  it('breaking when any stable operation uses the schema, even if beta ones use it too; reported once, with its users', () => {
    const changes = diff(
      (d) => {
        delete d.components.schemas.Pet.properties.name;
        d.components.schemas.Pet.required = ['id'];
      },
      { settings: { stabilityLevel: 'stable' } },
    );
    const component = one(changes, 'property-removed');
    expect(component).toMatchObject({ schema: 'Pet', breaking: true, level: 'breaking', id: 'response-required-property-removed' });
    expect(component.users?.map((u) => u.operationId)).toEqual(['listPets', 'getPet', 'searchPets']);
    expect(component.message).toBe(
      'Field "name" of schema Pet (used by listPets, getPet, searchPets) was removed; clients that read it will no longer get it.',
    );
    expect(changes.summary.breaking).toBe(1);
  });

  it('with the threshold at stable, a warning when only beta and experimental operations use it', () => {
    const base = pets();
    op(base, '/labs/match', 'post').responses['200'].content['application/json'].schema = { $ref: '#/components/schemas/Pet' };
    op(base, '/pets', 'get').responses['200'].content = {};
    op(base, '/pets/{petId}', 'get').responses['200'].content = {};
    const changes = diff(
      (d) => {
        delete d.components.schemas.Pet.properties.name;
        d.components.schemas.Pet.required = ['id'];
      },
      { settings: { stabilityLevel: 'stable' } },
      base,
    );
    const c = one(changes, 'property-removed', (x) => x.subject === 'schema');
    expect(c).toMatchObject({ schema: 'Pet', breaking: false, level: 'warning', stability: 'beta' });
    expect(c.message).toBe(
      'Field "name" of schema Pet (used by searchPets, matchPets) was removed; clients that read it will no longer get it. Not counted as breaking: no stable operation uses it, and beta operations may still change.',
    );
  });

  it('info when only experimental operations use it', () => {
    const changes = diff((d) => {
      d.components.schemas.Match.properties.score = { type: 'string' };
    });
    const c = one(changes, 'type-changed', (x) => x.subject === 'schema');
    expect(c).toMatchObject({ schema: 'Match', breaking: false, level: 'info', stability: 'experimental' });
    expect(c.message).toMatch(/Not counted as breaking: only experimental operations use it, and they may change or go away at any time\.$/);
  });

  it('a schema no operation uses stays breaking: it is still published', () => {
    const base = pets();
    base.components.schemas.Owner = { type: 'object', properties: { name: { type: 'string' } } };
    const c = one(
      diff(
        (d) => {
          d.components.schemas.Owner.properties.name = { type: 'integer' };
        },
        {},
        base,
      ),
      'type-changed',
    );
    expect(c).toMatchObject({ schema: 'Owner', breaking: true });
  });
});
