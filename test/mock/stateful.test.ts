// `--stateful` over real HTTP: what a frontend creates exists afterwards, in
// its own session, until a reset; on our description, on Galaxy (3.1, lists
// wrapped in `{data, meta}`, RFC 9457 errors) and on a fixture with UUID ids,
// PATCH, DELETE, page/size and cursor paging, a nested collection and
// `x-mock-resource`.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { ROOT } from '../helpers/paths.ts';
import { AUTH, type Collected, expectErrorShape, GALAXY_SPEC, startMock } from './helpers.ts';

const FIXTURE = resolve(ROOT, 'test/mock/fixtures/stateful.yaml');

async function call(base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${base}${path}`, init);
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text === '' ? undefined : JSON.parse(text) };
}

describe('our description', () => {
  let mock: MockServer & { output: Collected };
  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    call(mock.url, method, path, body, { ...AUTH, ...headers });

  beforeAll(async () => {
    mock = await startMock({ features: { stateful: true } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('says at start which resources it found and which operations became stateful', () => {
    expect(mock.output.text).toContain('Stateful (in-process): 4 resources');
    expect(mock.output.text).toMatch(/Pet: id id \(integer\), 2 initial records\n(.*\n)*? {4}read {4}GET \/pets\/records\/\{petId\}/);
    expect(mock.output.text).toMatch(/InventoryItem: id petId \(integer\)(.*\n)*? {4}replace PUT \/store\/inventory\/\{petId\}/);
  });

  it('reads the examples before any write', async () => {
    const list = await api('GET', '/pets');
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Rex', 'Luna']);
    expect((await api('GET', '/categories/2')).body).toEqual({ id: 2, name: 'Cats' });
  });

  it('creates a pet, reads it back, finds it in the list filtered by status', async () => {
    const created = await api('POST', '/pets', { name: 'Bo', categoryId: 2, status: 'pending' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: 44, name: 'Bo', categoryId: 2, status: 'pending' });
    expect(created.headers.get('location')).toBe('/pets/records/44');
    expect((await api('GET', '/pets/records/44')).body).toEqual(created.body);
    // The deprecated item path reads the same records, with its deprecation headers.
    const legacy = await api('GET', '/pets/44');
    expect(legacy.body).toEqual(created.body);
    expect(legacy.headers.get('deprecation')).toMatch(/^@\d+$/);
    const pending = await api('GET', '/pets?status=pending');
    expect(pending.body.map((p: { name: string }) => p.name)).toEqual(['Luna', 'Bo']);
    const available = await api('GET', '/pets?status=available');
    expect(available.body.map((p: { name: string }) => p.name)).toEqual(['Rex']);
    // A default the schema declares fills what the body leaves out.
    expect((await api('POST', '/pets', { name: 'Kit', categoryId: 1 })).body).toEqual({ id: 45, name: 'Kit', categoryId: 1, status: 'available' });
    const page = await api('GET', '/pets?limit=2&offset=1');
    expect(page.body.map((p: { id: number }) => p.id)).toEqual([43, 44]);
  });

  it('changes a stock count', async () => {
    const put = await api('PUT', '/store/inventory/43', { quantity: 7 });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ petId: 43, quantity: 7, status: 'pending' });
    expect((await api('GET', '/store/inventory/43')).body.quantity).toBe(7);
    expect((await api('GET', '/store/inventory?status=pending')).body).toEqual([{ petId: 43, quantity: 7, status: 'pending' }]);
  });

  it('answers an unknown id with the declared 404 and its Error body', async () => {
    const r = await api('GET', '/pets/records/999');
    expect(r.status).toBe(404);
    expectErrorShape(r.body, 404, 'not_found');
    expect(r.body.message).toBe('No Pet with id 999 exists in this session.');
    expect((await api('PUT', '/store/inventory/999', { quantity: 1 })).status).toBe(404);
  });

  it('keeps each Mock-Session apart, and resets one session or all', async () => {
    const a = { 'mock-session': 'run-a' };
    const b = { 'mock-session': 'run-b' };
    const inA = await api('POST', '/categories', { name: 'Birds' }, a);
    expect(inA.body).toEqual({ id: 3, name: 'Birds' });
    expect((await api('GET', '/categories/3', undefined, a)).status).toBe(200);
    expect((await api('GET', '/categories/3', undefined, b)).status).toBe(404);
    expect((await api('GET', '/categories/3')).status).toBe(404);
    expect((await api('GET', '/categories', undefined, b)).body).toHaveLength(2);
    // Session b gets its own ids: the same next id, its own record.
    expect((await api('POST', '/categories', { name: 'Fish' }, b)).body).toEqual({ id: 3, name: 'Fish' });

    const reset = await call(mock.url, 'POST', '/__mock/reset', undefined, a);
    expect(reset.body).toEqual({ reset: { session: 'run-a' }, stateful: true });
    expect((await api('GET', '/categories/3', undefined, a)).status).toBe(404);
    expect((await api('GET', '/categories/3', undefined, b)).body.name).toBe('Fish');
    expect((await call(mock.url, 'POST', '/__mock/reset')).body).toEqual({ reset: 'all', stateful: true });
    expect((await api('GET', '/categories/3', undefined, b)).status).toBe(404);
    expect((await api('GET', '/pets/records/44')).status).toBe(404);
  });

  it('still answers a named example or response when asked', async () => {
    const example = await api('GET', '/pets', undefined, { prefer: 'example=empty' });
    expect(example.body).toEqual([]);
    expect((await api('GET', '/pets/records/1', undefined, { prefer: 'code=200' })).body.name).toBe('Rex');
  });

  it('lists the last requests at /__mock/requests, with the operation and the reason', async () => {
    await api('GET', '/pets/records/12345');
    const r = await call(mock.url, 'GET', '/__mock/requests?limit=1');
    expect(r.body.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        url: '/pets/records/12345',
        status: 404,
        operation: 'getPet',
        reason: 'No Pet with id 12345 exists in this session.',
      }),
    ]);
    expect((await call(mock.url, 'PUT', '/__mock/requests')).status).toBe(405);
    expect((await call(mock.url, 'GET', '/__mock/nothing')).status).toBe(404);
  });
});

describe('Galaxy (OpenAPI 3.1)', () => {
  let mock: MockServer;
  const key = { 'x-api-key': 'k' };

  beforeAll(async () => {
    mock = await startMock({ spec: GALAXY_SPEC, features: { stateful: true } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('creates, lists, replaces and deletes planets, the list in its {data, meta} wrapper', async () => {
    const before = await call(mock.url, 'GET', '/planets');
    expect(before.status).toBe(200);
    const start = before.body.meta.total;
    expect(before.body.data).toHaveLength(start);
    const created = await call(mock.url, 'POST', '/planets', { name: 'Vulcan', type: 'terrestrial' }, key);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Vulcan', type: 'terrestrial', id: expect.any(Number) });
    const id = created.body.id;
    expect((await call(mock.url, 'GET', `/planets/${id}`)).body).toEqual(created.body);
    const page = await call(mock.url, 'GET', `/planets?limit=1&offset=${start}`);
    expect(page.body.data).toEqual([created.body]);
    expect(page.body.meta).toMatchObject({ limit: 1, offset: start, total: start + 1, next: null });

    const replaced = await call(mock.url, 'PUT', `/planets/${id}`, { name: 'Vulcan II' }, key);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ id, name: 'Vulcan II' });
    expect(replaced.body.type).toBeUndefined();
    expect((await call(mock.url, 'DELETE', `/planets/${id}`, undefined, key)).status).toBe(204);
    const gone = await call(mock.url, 'GET', `/planets/${id}`);
    expect(gone.status).toBe(404);
    // Galaxy's own 404 shape (RFC 9457), the reason in `detail`.
    expect(gone.body).toMatchObject({ status: 404, title: 'Not Found', detail: `No Planet with id ${id} exists in this session.` });
  });
});

describe('UUIDs, PATCH, DELETE, paging, nesting, x-mock-resource, a reload', () => {
  let mock: MockServer & { output: Collected };
  let dir: string;
  let spec: string;
  const note1 = '3f1c1a52-8d1e-4a55-9d7e-1b2f0c9a7e01';
  const note2 = '7d7b5a0e-2c4b-4b8a-a1c3-52e7b2b1f0aa';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'mock-stateful-'));
    spec = join(dir, 'stateful.yaml');
    cpSync(FIXTURE, spec);
    mock = await startMock({ spec, features: { stateful: true } });
  });
  afterAll(async () => {
    await mock?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('assigns a UUID and fills the server fields', async () => {
    const r = await call(mock.url, 'POST', '/notes', { text: 'hello', createdAt: '1999-01-01T00:00:00Z' });
    expect(r.status).toBe(201);
    expect(r.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.body.tag).toBe('inbox');
    // readOnly: the server's, whatever the body says; made now when no example gives it.
    expect(Date.now() - Date.parse(r.body.createdAt)).toBeLessThan(60_000);
    expect((await call(mock.url, 'GET', `/notes/${r.body.id}`)).body).toEqual(r.body);
    expect((await call(mock.url, 'GET', `/notes/${r.body.id}/full`)).body).toEqual(r.body);
  });

  it('merges a PATCH (JSON Merge Patch) and removes on DELETE', async () => {
    const patched = await call(mock.url, 'PATCH', `/notes/${note1}`, { text: 'Buy oat milk', tag: null }, { 'content-type': 'application/merge-patch+json' });
    expect(patched.body).toEqual({ id: note1, text: 'Buy oat milk', createdAt: '2026-01-01T00:00:00Z' });
    expect((await call(mock.url, 'DELETE', `/notes/${note2}`)).status).toBe(204);
    const gone = await call(mock.url, 'DELETE', `/notes/${note2}`);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ title: 'Not Found', status: 404, detail: `No Note with id ${note2} exists in this session.` });
  });

  it('pages by page and size, and by cursor within one board', async () => {
    await call(mock.url, 'POST', '/notes', { text: 'three' });
    const first = await call(mock.url, 'GET', '/notes?size=1');
    expect(first.body).toMatchObject({ total: 3, page: 1, items: [{ id: note1 }] });
    const second = await call(mock.url, 'GET', '/notes?size=1&page=2');
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0].id).not.toBe(note1);
    for (const title of ['A', 'B']) expect((await call(mock.url, 'POST', '/boards/5/cards', { title })).status).toBe(201);
    const one = await call(mock.url, 'GET', '/boards/5/cards?limit=2');
    expect(one.body.data.map((c: { title: string }) => c.title)).toEqual(['First', 'A']);
    const two = await call(mock.url, 'GET', `/boards/5/cards?limit=2&cursor=${one.body.nextCursor}`);
    expect(two.body).toEqual({ data: [{ id: 3, title: 'B' }], nextCursor: null });
    // Another board starts from the examples.
    expect((await call(mock.url, 'GET', '/boards/6/cards')).body.data).toEqual([{ id: 1, title: 'First' }]);
  });

  it('leaves out what x-mock-resource says, and never shadows a path the document declares under /__mock/', async () => {
    expect((await call(mock.url, 'GET', '/stats')).body).toEqual([]);
    expect((await call(mock.url, 'GET', '/__mock/requests')).body).toEqual({ mine: true });
    expect((await call(mock.url, 'GET', '/__mock/resources')).body.resources.map((r: { name: string }) => r.name)).toEqual(['Note', 'Card']);
  });

  it('keeps the records a reload does not change, and resets those it does', async () => {
    const card = await call(mock.url, 'POST', '/boards/9/cards', { title: 'Kept' });
    const note = await call(mock.url, 'POST', '/notes', { text: 'Dropped' });
    writeFileSync(spec, readFileSync(spec, 'utf8').replace('tag: {type: string, default: inbox}', 'tag: {type: string, default: later}'));
    const event = await mock.reload();
    expect(event.ok).toBe(true);
    await expect.poll(() => mock.output.text).toContain('Stateful: records reset for Note (changed by this version).');
    expect((await call(mock.url, 'GET', `/notes/${note.body.id}`)).status).toBe(404);
    expect((await call(mock.url, 'GET', '/notes')).body.total).toBe(2);
    expect((await call(mock.url, 'GET', '/boards/9/cards')).body.data).toContainEqual(card.body);
    expect((await call(mock.url, 'POST', '/notes', { text: 'x' })).body.tag).toBe('later');
  });
});
