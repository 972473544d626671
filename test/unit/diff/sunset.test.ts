// Removing an operation after the sunset its base version announced: reported,
// not breaking; before that day it breaks clients as any removal does.
import { describe, expect, it } from 'vitest';
import { diff, one, op, pets } from './documents.ts';

const removeDeletePet = (d: Record<string, any>): void => {
  delete d.paths['/pets/{petId}'].delete;
};

describe('sunset grace period', () => {
  it('a removal before the announced sunset is breaking and names the sunset', () => {
    const changes = diff(removeDeletePet, { date: '2026-06-29' });
    const c = one(changes, 'operation-removed');
    expect(c).toMatchObject({ breaking: true, level: 'breaking', sunset: '2026-06-30', operation: { operationId: 'deletePet' } });
    expect(c.message).toBe('DELETE /pets/{petId} (deletePet) was removed before its announced sunset on 2026-06-30; clients that call it will get errors.');
    expect(changes.summary.breaking).toBe(1);
  });

  it('a removal on the sunset date is reported but not breaking', () => {
    const changes = diff(removeDeletePet, { date: '2026-06-30' });
    const c = one(changes, 'operation-removed-after-sunset');
    expect(c).toMatchObject({ breaking: false, level: 'info', sunset: '2026-06-30', operation: { operationId: 'deletePet' } });
    expect(c.message).toBe('DELETE /pets/{petId} (deletePet) was removed; it was announced for removal on 2026-06-30, so it does not count as breaking.');
    expect(changes.changes.map((x) => x.kind)).toEqual(['operation-removed-after-sunset']);
    expect(changes.summary).toMatchObject({ breaking: 0, warnings: 0, operations: { removed: 1 } });
    expect(changes.date).toBe('2026-06-30');
  });

  it('a removal after the sunset date is not breaking either', () => {
    const changes = diff(removeDeletePet, { date: '2027-01-15' });
    expect(one(changes, 'operation-removed-after-sunset')).toMatchObject({ breaking: false, level: 'info' });
    expect(changes.summary.breaking).toBe(0);
  });

  it('a sunset given as a date-time counts by its day', () => {
    const base = pets();
    op(base, '/pets/{petId}', 'delete')['x-sunset'] = '2026-06-30T12:00:00Z';
    expect(one(diff(removeDeletePet, { date: '2026-06-30' }, base), 'operation-removed-after-sunset').sunset).toBe('2026-06-30');
    expect(one(diff(removeDeletePet, { date: '2026-06-29' }, base), 'operation-removed').breaking).toBe(true);
  });

  it('an operation without a sunset stays breaking whatever the date', () => {
    const changes = diff(
      (d) => {
        delete d.paths['/pets'].get;
      },
      { date: '2099-12-31' },
    );
    const c = one(changes, 'operation-removed');
    expect(c.breaking).toBe(true);
    expect(c.sunset).toBeUndefined();
    expect(c.message).toBe('GET /pets (listPets) was removed; clients that call it will get errors.');
  });

  it('webhooks get the same grace period', () => {
    const base = pets();
    base.openapi = '3.1.0';
    base.webhooks = {
      petAdopted: { post: { operationId: 'petAdopted', deprecated: true, 'x-sunset': '2026-03-01', responses: { '200': { description: 'ok' } } } },
    };
    const remove = (d: Record<string, any>): void => {
      delete d.webhooks;
    };
    expect(one(diff(remove, { date: '2026-03-01' }, base), 'operation-removed-after-sunset')).toMatchObject({ subject: 'webhook', level: 'info' });
    expect(one(diff(remove, { date: '2026-02-28' }, base), 'operation-removed').message).toBe(
      'Webhook petAdopted (petAdopted) was removed before its announced sunset on 2026-03-01; clients will no longer receive it.',
    );
  });
});
