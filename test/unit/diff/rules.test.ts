// The diff's rules on inline documents: each change judged by the way data flows (what a client
// sends, what it reads), a style change judged by the bytes on the wire, and a renamed path
// parameter not taken for a removal.
import { describe, expect, it } from 'vitest';
import { diff, type Doc, op, pets } from './documents.ts';

const petSchema = (d: Doc): Doc => d.components.schemas.Pet;
const kinds = (changes: ReturnType<typeof diff>) => changes.changes.map((c) => `${c.level} ${c.kind}`);

describe('the diff judges a schema change by direction', () => {
  it('a required field removed from a response schema breaks the clients that read it; an optional one warns them', () => {
    const changes = diff((d) => {
      delete petSchema(d).properties.tag;
      delete petSchema(d).properties.name;
      petSchema(d).required = ['id'];
    });
    expect(changes.changes.map((c) => `${c.level} ${c.id} ${c.location}`)).toEqual([
      'breaking response-required-property-removed .name',
      'warning response-optional-property-removed .tag',
    ]);
  });

  it('a new value in a response enum warns readers; the same value in a request enum only widens what is accepted', () => {
    const base = pets();
    petSchema(base).properties.kind = { type: 'string', enum: ['cat', 'dog'] };
    op(base, '/labs/match', 'post').requestBody = {
      content: { 'application/json': { schema: { type: 'object', properties: { kind: { type: 'string', enum: ['cat', 'dog'] } } } } },
    };
    const changes = diff(
      (d) => {
        petSchema(d).properties.kind.enum.push('owl');
        op(d, '/labs/match', 'post').requestBody.content['application/json'].schema.properties.kind.enum.push('owl');
      },
      {},
      base,
    );
    const added = changes.changes.filter((c) => c.kind === 'enum-value-added');
    // Pet's change is reported once, on the schema, with the operations that read it.
    expect(added.some((c) => c.schema === 'Pet' && c.level === 'warning' && c.users?.some((u) => u.operationId === 'getPet'))).toBe(true);
    expect(added.some((c) => c.operation?.operationId === 'matchPets' && c.level === 'info')).toBe(true);
  });

  it('a request property made required breaks senders; a response property made optional breaks readers', () => {
    const base = pets();
    op(base, '/pets', 'get').requestBody = {
      content: { 'application/json': { schema: { type: 'object', properties: { note: { type: 'string' } } } } },
    };
    const changes = diff(
      (d) => {
        op(d, '/pets', 'get').requestBody.content['application/json'].schema.required = ['note'];
        petSchema(d).required = ['id'];
      },
      {},
      base,
    );
    expect(kinds(changes)).toContain('breaking property-became-required');
    expect(changes.changes.find((c) => c.kind === 'property-became-optional')?.level).toBe('breaking');
  });
});

describe('allOf', () => {
  it('a field moved into a component it now refers to (allOf) is the same schema: nothing to report', () => {
    const base = pets();
    base.components.schemas.Tag = { type: 'string', maxLength: 20 };
    petSchema(base).properties.tag = { type: 'string', maxLength: 20 };
    expect(diff((d) => (petSchema(d).properties.tag = { allOf: [{ $ref: '#/components/schemas/Tag' }], description: 'A tag' }), {}, base).changes).toEqual([]);
  });
});

describe('types widened or narrowed keep their bounds compared', () => {
  it('a bound lowered beside a type widened is still reported', () => {
    const changes = diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema = { type: ['integer', 'null'], maximum: 10 };
    });
    expect(changes.changes.map((c) => c.id)).toEqual(['request-parameter-became-nullable', 'request-parameter-max-set']);
    const widened = diff((d) => {
      op(d, '/pets', 'get').parameters[0].schema = { type: ['integer', 'boolean'], maximum: 10 };
    });
    expect(widened.changes.map((c) => c.id)).toEqual(['request-parameter-list-of-types-widened', 'request-parameter-max-set']);
  });
});

describe('parameters', () => {
  it('a query value that becomes a form-exploded list takes every request sent before; an unexploded list does not', () => {
    const list = (explode: boolean) => (d: Doc) => {
      op(d, '/pets', 'get').parameters[0] = { name: 'limit', in: 'query', explode, schema: { type: 'array', items: { type: 'integer' } } };
    };
    expect(diff(list(true)).changes.map((c) => [c.id, c.level])).toEqual([['request-parameter-type-generalized', 'info']]);
    expect(diff(list(true)).changes[0]?.message).toBe(
      'Query parameter "limit" now takes a list; a single value sent before is still read as a list of one (form, exploded).',
    );
    expect(diff(list(false)).changes.map((c) => [c.id, c.level])).toContainEqual(['request-parameter-type-changed', 'breaking']);
    // Items that do not take every value sent before: breaking.
    const narrower = diff((d) => {
      op(d, '/pets', 'get').parameters[0] = { name: 'limit', in: 'query', schema: { type: 'array', items: { type: 'integer', maximum: 10 } } };
    });
    expect(narrower.changes.map((c) => [c.id, c.level])).toEqual([
      ['request-parameter-type-changed', 'breaking'],
      ['request-parameter-max-set', 'warning'],
    ]);
  });

  it('a style that writes the same bytes is no change; one that writes others breaks', () => {
    const base = pets();
    op(base, '/pets', 'get').parameters.push({ name: 'ids', in: 'query', schema: { type: 'array', items: { type: 'integer' } } });
    const same = diff(
      (d) => {
        Object.assign(op(d, '/pets', 'get').parameters[1], { style: 'form', explode: true });
      },
      {},
      base,
    );
    expect(same.changes.filter((c) => c.kind === 'parameter-style-changed')).toEqual([]);
    const other = diff(
      (d) => {
        Object.assign(op(d, '/pets', 'get').parameters[1], { style: 'pipeDelimited', explode: false });
      },
      {},
      base,
    );
    expect(kinds(other)).toContain('breaking parameter-style-changed');
  });

  it('a renamed path parameter is a rename, not a removal and an addition', () => {
    const changes = diff((d) => {
      d.paths['/pets/{id}'] = d.paths['/pets/{petId}'];
      delete d.paths['/pets/{petId}'];
      for (const method of ['get', 'delete']) d.paths['/pets/{id}'][method].parameters[0].name = 'id';
    });
    expect(kinds(changes)).toEqual(['info path-parameter-renamed', 'info path-parameter-renamed']);
  });

  it('an optional query parameter made required breaks requests that leave it out', () => {
    const changes = diff((d) => {
      op(d, '/pets', 'get').parameters[0].required = true;
    });
    expect(kinds(changes)).toContain('breaking parameter-became-required');
  });
});
