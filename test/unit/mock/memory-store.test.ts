// The in-process store's bounds: sessions by number (the least recently used forgotten) and idle
// time, records per resource and bytes per session (a write past either refused, not stored),
// reads that store nothing, and a reset or a changed resource giving back what they held.
import { describe, expect, it } from 'vitest';
import { BUCKET_COST, recordCost } from '../../../scripts/mock/store/limits.ts';
import { MemoryStore } from '../../../scripts/mock/store/memory.ts';
import type { Bucket, StoredResource } from '../../../scripts/mock/store/types.ts';

const PETS: Bucket = { resource: 'Pet', scope: '' };
const pet = (id: number, name = 'x') => ({ id, name });
const RESOURCES: StoredResource[] = [{ name: 'Pet', fingerprint: 'a', initial: [['1', pet(1, 'Rex')]], highestId: 1 }];

async function store(limits: ConstructorParameters<typeof MemoryStore>[0], clock = { t: 0 }): Promise<MemoryStore> {
  const s = new MemoryStore(limits, () => clock.t);
  await s.define(RESOURCES);
  return s;
}

describe('the memory store', () => {
  it('forgets the least recently used session past the cap', async () => {
    const s = await store({ maxSessions: 3 });
    for (const name of ['a', 'b', 'c']) await s.put(name, PETS, '2', pet(2, name));
    // Reading a keeps it: b is now the least recently used.
    expect(await s.get('a', PETS, '2')).toEqual(pet(2, 'a'));
    await s.put('d', PETS, '2', pet(2, 'd'));
    expect(await s.sessions()).toBe(3);
    expect(await s.get('b', PETS, '2')).toBeUndefined();
    for (const name of ['a', 'c', 'd']) expect(await s.get(name, PETS, '2')).toEqual(pet(2, name));
    await s.close();
  });

  it('forgets a session idle past its time, and keeps one in use', async () => {
    const clock = { t: 0 };
    const s = await store({ sessionTtlMs: 1000 }, clock);
    await s.put('idle', PETS, '2', pet(2));
    await s.put('busy', PETS, '2', pet(2));
    clock.t = 900;
    await s.get('busy', PETS, '2');
    clock.t = 1500;
    expect(await s.get('busy', PETS, '2')).toEqual(pet(2));
    expect(await s.get('idle', PETS, '2')).toBeUndefined();
    expect(await s.sessions()).toBe(1);
    await s.close();
  });

  it('forgets an idle session when it is asked for, between sweeps too', async () => {
    const clock = { t: 0 };
    const s = await store({ sessionTtlMs: 100 }, clock);
    await s.put('idle', PETS, '2', pet(2));
    clock.t = 500;
    expect(await s.get('idle', PETS, '2')).toBeUndefined();
    await s.close();
  });

  it('answers reads of a session never written from the examples, and stores nothing for them', async () => {
    const s = await store({});
    for (let i = 0; i < 100; i++) expect(await s.list(`reader-${i}`, PETS)).toEqual([pet(1, 'Rex')]);
    expect(await s.get('reader-0', PETS, '1')).toEqual(pet(1, 'Rex'));
    expect(await s.sessions()).toBe(0);
    await s.close();
  });

  it('refuses a record past the cap of the resource, and keeps replacing those it has', async () => {
    const s = await store({ maxRecords: 3 });
    for (const id of [2, 3]) expect(await s.put('a', PETS, String(id), pet(id))).toEqual({ stored: true, existed: false });
    expect(await s.put('a', PETS, '4', pet(4))).toEqual({ stored: false, full: 'records', limit: 3 });
    expect(await s.put('a', PETS, '3', pet(3, 'again'))).toEqual({ stored: true, existed: true });
    expect(await s.remove('a', PETS, '2')).toBe(true);
    expect((await s.put('a', PETS, '4', pet(4))).stored).toBe(true);
    expect((await s.list('a', PETS)).map((p) => p.id)).toEqual([1, 3, 4]);
    await s.close();
  });

  it('refuses what would take the session past its bytes, counting the examples by their fixed part only', async () => {
    const big = (id: number) => ({ id, name: 'y'.repeat(1000) });
    const cost = recordCost(JSON.stringify(big(2)));
    // The bucket, the example and two records fit; a third does not.
    const s = await store({ maxSessionBytes: BUCKET_COST + recordCost(undefined) + 2 * cost + 10 });
    expect((await s.put('a', PETS, '2', big(2))).stored).toBe(true);
    expect((await s.put('a', PETS, '3', big(3))).stored).toBe(true);
    expect(await s.put('a', PETS, '4', big(4))).toMatchObject({ stored: false, full: 'bytes' });
    // Another session has its own bytes.
    expect((await s.put('b', PETS, '4', big(4))).stored).toBe(true);
    // A smaller replacement is always taken; a removal makes room again.
    expect((await s.put('a', PETS, '3', pet(3))).stored).toBe(true);
    expect((await s.put('a', PETS, '4', big(4))).stored).toBe(false);
    expect(await s.remove('a', PETS, '3')).toBe(true);
    expect((await s.put('a', PETS, '4', big(4))).stored).toBe(true);
    await s.close();
  });

  it('gives everything back on a reset, and drops a changed resource with what it cost', async () => {
    const s = await store({ maxSessionBytes: BUCKET_COST + recordCost(undefined) + 2 * recordCost(JSON.stringify(pet(2))) });
    await s.put('a', PETS, '2', pet(2));
    await s.put('a', PETS, '3', pet(3));
    expect((await s.put('a', PETS, '4', pet(4))).stored).toBe(false);
    expect(await s.define([{ ...RESOURCES[0]!, fingerprint: 'b' }])).toEqual(['Pet']);
    expect(await s.list('a', PETS)).toEqual([pet(1, 'Rex')]);
    expect((await s.put('a', PETS, '4', pet(4))).stored).toBe(true);
    await s.reset('a');
    expect(await s.sessions()).toBe(0);
    await s.put('b', PETS, '2', pet(2));
    await s.reset();
    expect(await s.sessions()).toBe(0);
    await s.close();
  });
});
