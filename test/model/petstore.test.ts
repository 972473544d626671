// Our own description, through the model every part of the product reads.
import { beforeAll, describe, expect, it } from 'vitest';
import { buildModel, type BuildResult } from '../../scripts/model/index.ts';

let result: BuildResult;
const op = (slug: string) => {
  const found = result.model.operations.find((o) => o.slug === slug);
  if (!found) throw new Error(`no operation ${slug}`);
  return found;
};

beforeAll(async () => {
  result = await buildModel('openapi/openapi.yaml');
});

describe('the Petstore model', () => {
  it('is clean: no lint or validation errors', () => {
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('matches the reviewed snapshot', async () => {
    await expect(`${JSON.stringify(result.model, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/petstore.model.json');
  });

  it('has version 1.0.0, OpenAPI 3.0.3, and only the Pets and Store tags', () => {
    expect(result.model.info.version).toBe('1.0.0');
    expect(result.model.openapi).toBe('3.0.3');
    expect(result.model.tags.map((t) => t.name).sort()).toEqual(['Pets', 'Store']);
    for (const o of result.model.operations) expect(['Pets', 'Store']).toContain(o.tag);
  });

  it('holds every record of the seed as a schema', () => {
    expect(result.model.schemas.map((s) => s.name).sort()).toEqual(
      ['Category', 'Error', 'InventoryItem', 'InventoryUpdate', 'NewCategory', 'NewPet', 'Order', 'Pet', 'PetStatus', 'Pets'].sort(),
    );
    const error = result.model.schemas.find((s) => s.name === 'Error')!.schema;
    expect(error.properties?.map((p) => [p.name, p.required, p.schema.type])).toEqual([
      ['code', true, ['string']],
      ['message', true, ['string']],
      ['status', true, ['integer']],
    ]);
  });

  it('marks GET /pets/{petId} deprecated with dates in order and a replacement that exists', () => {
    const legacy = op('get-pet-by-id');
    expect(legacy.method).toBe('get');
    expect(legacy.path).toBe('/pets/{petId}');
    expect(legacy.deprecated).toBe(true);
    const { deprecatedAt, sunset, replacedBy } = legacy.deprecation!;
    expect(sunset).toMatch(/^2027-\d\d-\d\d$/);
    expect(deprecatedAt! < sunset!).toBe(true);
    expect(result.model.operations.some((o) => o.slug === replacedBy && !o.deprecated)).toBe(true);
    const ok = legacy.responses.find((r) => r.status === '200')!;
    expect(ok.headers.map((h) => h.name)).toEqual(expect.arrayContaining(['Sunset', 'Deprecation']));
  });

  it('turns try-it off on GET /store/orders only', () => {
    const off = result.model.operations.filter((o) => !o.tryIt).map((o) => `${o.method} ${o.path}`);
    expect(off).toEqual(['get /store/orders']);
  });

  it('marks some operations, not all, as experimental or beta', () => {
    const levels = new Set(result.model.operations.map((o) => o.stability));
    expect(levels).toEqual(new Set(['stable', 'beta', 'experimental']));
  });

  it('requires Bearer auth and documents 401 everywhere, 404 where addressed by id', () => {
    expect(result.model.securitySchemes).toEqual([expect.objectContaining({ type: 'http', scheme: 'bearer' })]);
    for (const o of result.model.operations) {
      expect(o.security.length, o.slug).toBeGreaterThan(0);
      const statuses = o.responses.map((r) => r.status);
      expect(statuses, o.slug).toContain('401');
      if (o.parameters.some((p) => p.in === 'path')) expect(statuses, o.slug).toContain('404');
      if (o.requestBody || o.parameters.length > 0) expect(statuses, o.slug).toContain('400');
    }
  });

  it('has a declared (not generated) example for every body and response', () => {
    for (const o of result.model.operations) {
      for (const media of [...(o.requestBody?.content ?? []), ...o.responses.flatMap((r) => r.content)]) {
        expect(media.examples.length, `${o.slug} ${media.mediaType}`).toBeGreaterThan(0);
        expect(
          media.examples.every((e) => !e.generated),
          `${o.slug} ${media.mediaType}`,
        ).toBe(true);
      }
    }
  });

  it('points each operation at the file and line it is written in', () => {
    expect(op('create-pet').source).toEqual({ file: 'openapi/paths/pets.yaml', line: expect.any(Number), col: 3 });
    expect(result.files.length).toBeGreaterThan(1);
  });
});
