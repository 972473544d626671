// The model builds for real-world documents of every shape, and keeps every operation.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getByPointer } from '../../scripts/model/document/deref.ts';
import { measureDocument } from '../../scripts/model/load/document-cost.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { nodeBudget, WORK_LIMITS } from '../../scripts/model/limits.ts';
import { llmsFullText } from '../../scripts/reference/llms-full.ts';
import { referenceDocument } from '../../scripts/reference/reference-document.ts';
import { countOperations, realDocuments } from '../helpers/documents.ts';

const documents = realDocuments();

describe('model of real documents', () => {
  it('covers the workshop folder and both versions', () => {
    expect(documents.some((d) => d.includes('openapi-workshop'))).toBe(true);
    expect(documents.filter((d) => d.includes('/3.1/')).length).toBeGreaterThan(5);
  });

  it.each(documents)('%s', async (path) => {
    const raw = JSON.parse(readFileSync(path, 'utf8'));
    const { model, document, diagnostics } = await buildModel(path, { lint: false });
    // Validated (swagger-parser) within the work budget, every example made within its bounds.
    expect(diagnostics.filter((d) => d.rule.startsWith('document-') || d.rule === 'example-capped')).toEqual([]);
    expect(model.operations).toHaveLength(countOperations(raw.paths, raw));
    // Each parameter points at its own object in the bundled document.
    for (const op of model.operations) {
      for (const p of op.parameters) expect(getByPointer(document, p.pointer), `${op.slug} ${p.name}`).toMatchObject({ name: p.name, in: p.in });
    }
    expect(model.webhooks).toHaveLength(countOperations(raw.webhooks, raw));
    expect(model.schemas).toHaveLength(Object.keys(raw.components?.schemas ?? {}).length);
    // Slugs are URL segments: unique and kebab-case.
    const slugs = model.operations.map((o) => o.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    // Every operation belongs to exactly one listed tag.
    const listed = model.tags.flatMap((t) => t.operations).sort();
    expect(listed).toEqual([...slugs].sort());
    // The model is plain JSON (no cycles, Dates or functions): a round trip changes nothing.
    expect(JSON.parse(JSON.stringify(model))).toEqual(model);
  });

  it('galaxy (3.1, schemas with $id) resolves where swagger-parser alone cannot', async () => {
    const { model, diagnostics } = await buildModel('node_modules/@scalar/galaxy/dist/3.1.json', { lint: false });
    expect(model.openapi).toMatch(/^3\.1/);
    expect(model.webhooks.map((w) => w.path)).toContain('newPlanet');
    const swagger = diagnostics.filter((d) => d.rule === 'swagger-parser');
    expect(swagger.every((d) => d.severity === 'warning')).toBe(true);
    const planets = model.operations.find((o) => o.operationId === 'getAllData');
    expect(planets?.responses.find((r) => r.status === '200')?.content[0]?.schema).toEqual({ ref: 'PaginatedResource' });
  });

  it("GitHub's REST API: 1,223 operations, slugs from operationIds with slashes", async () => {
    const path = 'node_modules/@octokit/openapi/generated/api.github.com.json';
    const raw = JSON.parse(readFileSync(path, 'utf8'));
    const { model, diagnostics } = await buildModel(path, { lint: false, validate: false });
    expect(diagnostics.filter((d) => d.rule.startsWith('document-') || d.rule === 'example-capped')).toEqual([]);
    // Within the work budget with room to spare: 2 million nodes with its references expanded, 29 levels deep.
    const measured = measureDocument(raw);
    expect(measured.expanded * 5).toBeLessThan(nodeBudget(measured.written));
    expect(measured.depth * 5).toBeLessThan(WORK_LIMITS.depth);
    const expected = countOperations(raw.paths, raw);
    expect(expected).toBe(1223);
    expect(model.operations).toHaveLength(expected);
    expect(model.schemas).toHaveLength(Object.keys(raw.components.schemas).length);
    const getContent = model.operations.find((o) => o.operationId === 'repos/get-content');
    expect(getContent?.slug).toBe('repos-get-content');
    expect(getContent?.tag).toBe('repos');
    expect(new Set(model.operations.map((o) => o.slug)).size).toBe(expected);
    // llms-full.txt: a section per operation and per schema, smaller than the description it comes from.
    const full = llmsFullText(referenceDocument(model), new URL('https://docs.example/'));
    expect(full.match(/^### /gm)).toHaveLength(expected + model.schemas.length);
    expect(full.length).toBeLessThan(readFileSync(path, 'utf8').length);
  });
});
