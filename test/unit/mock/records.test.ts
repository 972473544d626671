// Id assignment and the records a write makes: the next integer, a UUID, the
// next integer as text; the server's own fields kept from the body's reach.
import { describe, expect, it } from 'vitest';
import { highestId, idKey, newId, uuidFrom } from '../../../scripts/mock/stateful/ids.ts';
import { createRecord, generateValue, replaceRecord, updateRecord, type Clock } from '../../../scripts/mock/stateful/records.ts';
import { DeclaredFields } from '../../../scripts/mock/stateful/declared-fields.ts';
import type { Resource } from '../../../scripts/mock/stateful/types.ts';
import { seededRandom } from '../../../scripts/mock/seeded-random.ts';

const clock: Clock = { now: () => new Date('2026-03-01T12:00:00Z'), random: seededRandom('test') };

const resource = (over: Partial<Resource> = {}): Resource => ({
  name: 'Pet',
  record: {},
  id: { field: 'id', kind: 'integer' },
  readOnly: [
    { field: 'createdAt', example: undefined, schema: { type: ['string'], format: 'date-time' } },
    { field: 'owner', example: 'shop', schema: { type: ['string'] } },
  ],
  defaults: { status: 'available' },
  fieldOrder: ['id', 'name', 'status', 'createdAt', 'owner'],
  operations: [],
  itemPath: '/pets/{petId}',
  initial: [],
  fingerprint: 'x',
  declared: new DeclaredFields(new Map()),
  ...over,
});

describe('ids', () => {
  it('continue above the highest integer id in use, text integers and keys included', () => {
    expect(highestId([{ id: 4 }, { id: '12' }, { id: 'x' }], 'id')).toBe(12);
    expect(highestId([], 'id', ['40'])).toBe(40);
    expect(highestId([{ id: 3 }], undefined)).toBe(0);
  });
  it('follow the id field’s type and format', () => {
    expect(newId('integer', 13, Math.random)).toBe(13);
    expect(newId('string', 13, Math.random)).toBe('13');
    expect(newId('uuid', 0, seededRandom('a'))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newId('uuid', 0, seededRandom('a'))).toBe(newId('uuid', 0, seededRandom('a')));
  });
  it('make a version 4 UUID of any 16 bytes', () => {
    expect(uuidFrom(new Uint8Array(16).fill(255))).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
  });
  it('key records by text, so a path’s 42 and a body’s 42 are one', () => {
    expect(idKey(42)).toBe(idKey('42'));
    expect(idKey({})).toBeUndefined();
  });
});

describe('records', () => {
  it('a create takes the body, the defaults, the id and the server fields, in the example’s order', () => {
    const made = createRecord(resource(), { name: 'Rex', id: 999, owner: 'me', createdAt: 'yesterday' }, 43, clock);
    expect(made).toEqual({ id: 43, name: 'Rex', status: 'available', createdAt: '2026-03-01T12:00:00.000Z', owner: 'shop' });
    expect(Object.keys(made)).toEqual(['id', 'name', 'status', 'createdAt', 'owner']);
  });
  it('a replace changes what its body may send and keeps the rest', () => {
    const existing = { id: 43, name: 'Rex', status: 'sold', createdAt: 'then', owner: 'shop', chip: 'A1' };
    const put = replaceRecord(resource(), existing, { name: 'Max' }, ['name', 'status'], 43, clock);
    expect(put).toEqual({ id: 43, name: 'Max', status: 'available', createdAt: 'then', owner: 'shop', chip: 'A1' });
  });
  it('an update merges, and cannot touch the id or the server fields', () => {
    const existing = { id: 43, name: 'Rex', status: 'sold', createdAt: 'then', owner: 'shop' };
    expect(updateRecord(resource(), existing, { status: null, id: 1, owner: 'me', name: 'Max' }, clock)).toEqual({
      id: 43,
      name: 'Max',
      createdAt: 'then',
      owner: 'shop',
    });
  });
  it('a server field no example gives is generated: now for a time, else from its schema', () => {
    expect(generateValue({ format: 'date' }, clock)).toBe('2026-03-01');
    expect(generateValue({ type: ['integer'], minimum: 5 }, clock)).toBe(5);
    expect(generateValue({ enum: ['a', 'b'] }, clock)).toBe('a');
  });
});
