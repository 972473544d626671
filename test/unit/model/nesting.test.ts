// Descriptions nested deeper than any step may walk (WORK_LIMITS.depth), written out or through a chain of
// references: refused at their place, the same way by the quick first pass (the build, the preview) and by the
// full load (the mock, lint), instead of a stack overflow in whichever walk met them first.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildModel } from '../../../scripts/model/index.ts';
import { deeplyNestedText, referenceAt, referenceChain, refusal, writeDescription } from '../../helpers/hostile.ts';
import { cpuSeconds } from '../../helpers/cpu.ts';

const dir = mkdtempSync(join(tmpdir(), 'work-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const write = (document: unknown): string => writeDescription(dir, document);

describe('nesting', () => {
  it('a chain of 5,000 references is refused with document-too-deep at the 257th level, the same on both passes', async () => {
    const spec = write(referenceChain(5000));
    const places = new Set<string>();
    for (const firstPass of [true, false]) {
      const { result: diagnostics, seconds } = await cpuSeconds(() => refusal(buildModel(spec, { firstPass })));
      expect(seconds).toBeLessThan(5);
      expect(diagnostics.map((d) => d.rule)).toEqual(['document-too-deep']);
      expect(diagnostics[0]?.message).toContain('nests 5,009 levels deep, past the 256 levels');
      // Met first under the query parameter's schema, 7 levels down: S{k} is level 7 + k, so level 257 is S250.
      expect(referenceAt(spec, diagnostics[0]!)).toBe('S250');
      places.add(`${diagnostics[0]?.line}:${diagnostics[0]?.col}`);
    }
    expect(places.size).toBe(1);
  });

  it('a chain within the bound is read by every step', async () => {
    const spec = write(referenceChain(100));
    const { result } = await cpuSeconds(() => buildModel(spec, { firstPass: false }));
    expect(result.diagnostics.filter((d) => d.rule.startsWith('document-'))).toEqual([]);
    expect(result.model.schemas).toHaveLength(101);
  });

  it('5,000 levels written out are refused where the YAML parser stops, the same on both passes', async () => {
    const text = deeplyNestedText(5000);
    const spec = write(text);
    const places = new Set<string>();
    for (const firstPass of [true, false]) {
      const diagnostics = await refusal(buildModel(spec, { firstPass }));
      expect(diagnostics.map((d) => [d.rule, d.message])).toEqual([['yaml-syntax', 'nesting exceeded maxDepth (100)']]);
      places.add(`${diagnostics[0]?.line}:${diagnostics[0]?.col}`);
    }
    expect(places.size).toBe(1);
  });
});
