// `--stateful` where its inference meets what readers see, over real HTTP: Train Travel's
// wrapped lists (an `allOf` of a generic collection and the station items) list their
// examples, also for resources nothing writes; a nested resource answers its declared 404 for
// a parent that does not exist and takes its parent's id from the path; ids follow their
// pattern; integer ids are compared as numbers.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { AUTH, type Collected, startMock } from './helpers.ts';

const TRAIN_TRAVEL = resolve(ROOT, 'node_modules/@readme/oas-examples/3.1/json/train-travel.json');
const NESTED = resolve(ROOT, 'test/mock/fixtures/nested.yaml');

async function call(mock: MockServer, method: string, path: string, body?: unknown) {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

const mocks: MockServer[] = [];
async function started(spec: string): Promise<MockServer & { output: Collected }> {
  const mock = await startMock({ spec, features: { stateful: true } });
  mocks.push(mock);
  return mock;
}
afterAll(async () => {
  for (const mock of mocks) await mock.close();
});

describe('Train Travel', () => {
  let mock: MockServer & { output: Collected };
  beforeAll(async () => {
    mock = await started(TRAIN_TRAVEL);
  });

  it('lists the stations and trips of its examples, though nothing writes them', async () => {
    const stations = await call(mock, 'GET', '/stations');
    expect(stations.status).toBe(200);
    expect(stations.body.data.map((s: { name: string }) => s.name)).toEqual(['Berlin Hauptbahnhof', 'Paris Gare du Nord']);
    const trips = await call(
      mock,
      'GET',
      '/trips?origin=efdbb9d1-02c2-4bc3-afb7-6788d8782b1e&destination=b2e783e1-c824-4d63-b37a-d8d698862f1d&date=2024-02-01T09:00:00Z',
    );
    expect(trips.status).toBe(200);
    expect(trips.body.data).toHaveLength(1);
    expect(trips.body.data[0]).toMatchObject({ origin: 'efdbb9d1-02c2-4bc3-afb7-6788d8782b1e', operator: 'Deutsche Bahn' });
  });

  it('says at start which record each list holds, and what it left stateless and why', () => {
    expect(mock.output.text).toMatch(/ {2}Station: id id \(uuid\), 2 initial records\n {4}list {4}GET \/stations/);
    expect(mock.output.text).toMatch(/ {2}Trip: id id \(uuid\), 2 initial records/);
    expect(mock.output.text).toContain('left stateless: POST /bookings/{bookingId}/payment: its resource has no operation that reads it (a list or a read)');
  });
});

describe('a nested resource, and ids by pattern', () => {
  let mock: MockServer & { output: Collected };
  beforeAll(async () => {
    mock = await started(NESTED);
  });

  it('answers the declared 404 for a child of a parent that does not exist, for a list, a create and a read', async () => {
    for (const [method, path, body] of [
      ['GET', '/users/999/posts'],
      ['POST', '/users/999/posts', { title: 'Orphan' }],
      ['GET', '/users/999/posts/1'],
    ] as const) {
      const r = await call(mock, method, path, body);
      expect(r.status, `${method} ${path}`).toBe(404);
      // The operation's declared 404 (the Problem shape), with the reason.
      expect(r.body).toMatchObject({ title: 'Not Found', status: 404 });
      expect(r.body.detail).toContain('No User with id 999');
    }
    expect(mock.output.text).toContain('Post is nested under User: a missing parent answers 404, userId is set from the path');
  });

  it('sets the parent id on the child from the path, whatever the body says', async () => {
    const user = await call(mock, 'POST', '/users', { name: 'Cy' });
    expect(user.body.id).toBe(3);
    const post = await call(mock, 'POST', `/users/${user.body.id}/posts`, { title: 'First', userId: 0 });
    expect(post.status).toBe(201);
    expect(post.body).toMatchObject({ userId: 3, title: 'First' });
    expect((await call(mock, 'GET', `/users/3/posts/${post.body.id}`)).body).toEqual(post.body);
    // The parent's integer id is its value here too.
    expect((await call(mock, 'GET', `/users/003/posts/${post.body.id}`)).body).toEqual(post.body);
  });

  it('gives new text ids in the shape their pattern and examples have', async () => {
    const order = await call(mock, 'POST', '/orders', { item: 'Nib' });
    expect(order.body.number).toBe('ORD-000043');
    expect((await call(mock, 'GET', '/orders/ORD-000043')).body).toEqual(order.body);
    const ticket = await call(mock, 'POST', '/tickets', { seat: '12A' });
    expect(ticket.body.code).toMatch(/^[A-Z]{2}-[0-9a-f]{4}$/);
    const next = await call(mock, 'POST', '/tickets', { seat: '12B' });
    expect(next.body.code).toMatch(/^[A-Z]{2}-[0-9a-f]{4}$/);
    expect(next.body.code).not.toBe(ticket.body.code);
    expect((await call(mock, 'GET', `/tickets/${next.body.code}`)).body).toEqual(next.body);
  });
});

describe('our description', () => {
  it('keeps the server base path the request came under in the successor Link and in Location', async () => {
    const mock = await started(resolve(ROOT, 'openapi/openapi.yaml'));
    const legacy = await call(mock, 'GET', '/v1/pets/42');
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('link')).toMatch(/^<\/v1\/pets\/records\/42>; rel="successor-version", </);
    expect((await call(mock, 'GET', '/pets/42')).headers.get('link')).toMatch(/^<\/pets\/records\/42>; rel="successor-version", </);
    const created = await call(mock, 'POST', '/v1/pets', { name: 'Bo', categoryId: 2 });
    expect(created.headers.get('location')).toBe(`/v1/pets/records/${created.body.id}`);
  });

  it('finds pet 44 at /pets/records/044 and /pets/044, as both validate as 44', async () => {
    const mock = await started(resolve(ROOT, 'openapi/openapi.yaml'));
    const created = await call(mock, 'POST', '/pets', { name: 'Bo', categoryId: 2 });
    expect(created.body.id).toBe(44);
    expect((await call(mock, 'GET', '/pets/records/044')).body).toEqual(created.body);
    expect((await call(mock, 'GET', '/pets/044')).body).toEqual(created.body);
    expect((await call(mock, 'GET', '/pets/records/45')).status).toBe(404);
  });
});
