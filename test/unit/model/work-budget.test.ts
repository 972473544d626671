// Hostile descriptions of a few kilobytes through the whole model build, in this process: its walks are
// memoized per node, openapi-sampler's references counted, and the model's own size bounded, so the CPU
// time is bounded, and where a budget is hit the error says so at its place in the file. Without these
// each runs for hours (a walk of 2^30 nodes or more).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../../scripts/model/index.ts';
import { doublyNamedAllOf, doublyNamedInline, referenceAt, refusal, textAt, writeDescription, EXPANDING } from '../../helpers/hostile.ts';
import { cpuSeconds } from '../../helpers/cpu.ts';

const dir = mkdtempSync(join(tmpdir(), 'work-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (document: unknown): string => writeDescription(dir, document);

describe.each(EXPANDING)('%s', (_name, make) => {
  const spec = write(make());

  it.each([true, false])(
    'is modelled, validated and linted in bounded time (first pass: %s), validation and lint refused at a reference',
    async (firstPass) => {
      const { result, seconds } = await cpuSeconds(() => buildModel(spec, { firstPass }));
      expect(seconds).toBeLessThan(5);
      expect(result.model.operations).toHaveLength(1);
      const refused = result.diagnostics.filter((d) => d.rule === 'document-too-complex');
      expect(refused.map((d) => /would walk/.exec(d.message) && d.message.match(/: (.*) would walk/)?.[1])).toEqual([
        "swagger-parser's validation",
        "Redocly's lint",
      ]);
      for (const d of refused) {
        expect(d.severity).toBe('error');
        expect(d.file).toBe(spec);
        expect(referenceAt(spec, d), textAt(spec, d)).toMatch(/^S\d+$/);
      }
    },
  );
});

describe('examples of a doubly named allOf', () => {
  it('stop at the references one example may follow, each with a warning at its schema', async () => {
    const spec = write(doublyNamedAllOf(30));
    const { result, seconds } = await cpuSeconds(() => buildModel(spec, { firstPass: true, lint: false, validate: false }));
    expect(seconds).toBeLessThan(5);
    const capped = result.diagnostics.filter((d) => d.rule === 'example-capped');
    expect(capped.length).toBeGreaterThan(0);
    expect(capped[0]?.message).toContain('references: sampling followed more than 10,000 references');
    expect(result.model.schemas.find((s) => s.name === 'S0')?.example).toBeUndefined();
    // The last level names nothing: its example is made as always.
    expect(result.model.schemas.find((s) => s.name === 'S30')?.example).toEqual({ name: 'string' });
  });
});

describe('a model that would double at each level', () => {
  it('is refused with document-too-complex at the reference where its budget ran out, on both passes', async () => {
    const spec = write(doublyNamedInline(30));
    const places = new Set<string>();
    for (const firstPass of [true, false]) {
      const { result: diagnostics, seconds } = await cpuSeconds(() => refusal(buildModel(spec, { firstPass, lint: false, validate: false })));
      expect(seconds).toBeLessThan(5);
      expect(diagnostics.map((d) => d.rule)).toEqual(['document-too-complex']);
      expect(referenceAt(spec, diagnostics[0]!), textAt(spec, diagnostics[0]!)).toMatch(/^P\d+$/);
      places.add(`${diagnostics[0]?.line}:${diagnostics[0]?.col}`);
    }
    expect(places.size).toBe(1);
  });
});
