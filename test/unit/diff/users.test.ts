// A component schema's change names the operations it breaks: those whose data flows the way the
// change matters (a tighter request bound, the operations that send the schema; a new value in
// an answer, those that return it), not every operation that mentions the schema.
import { describe, expect, it } from 'vitest';
import { diff, pets } from './documents.ts';

/** Our pets document with an operation that sends a Pet. */
function withCreate() {
  const base = pets();
  base.paths['/pets'].post = {
    operationId: 'createPet',
    requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
    responses: { '204': { description: 'Created.' } },
  };
  return base;
}

const names = (users: { operationId?: string }[] | undefined) => (users ?? []).map((u) => u.operationId);

describe('users of a changed schema', () => {
  it('a request bound names the operations that send it; a new value in answers, those that return it', () => {
    const base = withCreate();
    base.components.schemas.Pet.properties.tag.enum = ['cat', 'dog'];
    const changes = diff(
      (d) => {
        d.components.schemas.Pet.properties.name.maxLength = 10;
        d.components.schemas.Pet.properties.tag.enum.push('bird');
      },
      {},
      base,
    );
    const bound = changes.changes.find((c) => c.id.startsWith('request-property-max-length'));
    expect(bound?.message).toMatch(/^Field "name" of schema Pet \(used by createPet\) /);
    expect(names(bound?.users)).toEqual(['createPet']);
    const added = changes.changes.find((c) => c.id === 'response-property-enum-value-added');
    expect(names(added?.users)).toEqual(['listPets', 'getPet', 'searchPets']);
    expect(added?.message).toContain('(used by listPets, getPet, searchPets)');
  });
});
