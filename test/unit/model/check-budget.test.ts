// Validation (swagger-parser) and lint (Redocly) of hostile descriptions of a few kilobytes: both libraries
// walk a referenced node once for each time it is named, so each step is measured first and not run past
// WORK_LIMITS, with a `document-too-complex` error at the reference where the budget ran out. CPU time is
// bounded; without the measure each of these runs for hours (a walk of 2^30 nodes or more).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../scripts/diagnostics.ts';
import { lintDescription, lintDocument } from '../../../scripts/model/check/lint.ts';
import { loadDocument } from '../../../scripts/model/load/load.ts';
import { createLocator } from '../../../scripts/model/load/locate.ts';
import { validateDocument } from '../../../scripts/model/check/validate.ts';
import { cpuSeconds } from '../../helpers/cpu.ts';
import { doublyNamedAllOf, EXPANDING, inPlaceLoops, referenceAt, textAt, writeDescription } from '../../helpers/hostile.ts';

const dir = mkdtempSync(join(tmpdir(), 'check-budget-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const place = (d: Diagnostic | undefined) => `${d?.line}:${d?.col}`;

describe.each(EXPANDING)('%s', (_name, make) => {
  const spec = writeDescription(dir, make());

  it.each([true, false])('is validated and linted in bounded time, both refused at one reference (first pass: %s)', async (firstPass) => {
    const { result, seconds } = await cpuSeconds(async () => {
      const loaded = await loadDocument(spec, { firstPass });
      const validation = await validateDocument(loaded.document, await createLocator(loaded), loaded.measure);
      return [...validation, ...(await lintDocument(loaded))];
    });
    expect(seconds).toBeLessThan(5);
    expect(result.map((d) => [d.severity, d.rule, d.message.match(/: ([^:]*) would walk/)?.[1]])).toEqual([
      ['error', 'document-too-complex', "swagger-parser's validation"],
      ['error', 'document-too-complex', "Redocly's lint"],
    ]);
    expect(result[0]?.message).toMatch(
      /this description is [\d,]+ nodes, past the budget of [\d,]+ \(1,000,000 and 64 for each of its [\d,]+ nodes as written\)/,
    );
    expect(place(result[0])).toBe(place(result[1]));
    expect(referenceAt(spec, result[0]!), textAt(spec, result[0]!)).toMatch(/^S\d+$/);
  });

  it('is linted alone (the build lints beside it) in bounded time, refused at the same reference', async () => {
    const { result, seconds } = await cpuSeconds(() => lintDescription(spec));
    expect(seconds).toBeLessThan(5);
    expect(result.map((d) => d.rule)).toEqual(['document-too-complex']);
    const loaded = await loadDocument(spec);
    const [validation] = await validateDocument(loaded.document, await createLocator(loaded), loaded.measure);
    expect(place(result[0])).toBe(place(validation));
  });
});

describe('schemas that apply themselves to the same value', () => {
  it('are validated, and not linted (ajv would check the example against them without end), refused at the reference closing the loop', async () => {
    const spec = writeDescription(dir, inPlaceLoops(12));
    const { result, seconds } = await cpuSeconds(async () => {
      const loaded = await loadDocument(spec);
      const validation = await validateDocument(loaded.document, await createLocator(loaded), loaded.measure);
      return { validation, lint: await lintDocument(loaded) };
    });
    expect(seconds).toBeLessThan(5);
    expect(result.validation.filter((d) => d.rule.startsWith('document-'))).toEqual([]);
    expect(result.lint.map((d) => d.rule)).toEqual(['document-too-complex']);
    expect(result.lint[0]?.message).toContain('checking a value against it never ends');
    expect(referenceAt(spec, result.lint[0]!), textAt(spec, result.lint[0]!)).toMatch(/^S\d+$/);
  });
});

describe('a redocly.yaml beside the description that turns the budget off', () => {
  it('does not: the budget holds whatever a config says', async () => {
    const folder = join(dir, 'with-config');
    mkdirSync(folder);
    writeFileSync(join(folder, 'redocly.yaml'), "extends: [recommended]\nrules:\n  portal/document-budget: 'off'\n");
    const spec = writeDescription(folder, doublyNamedAllOf(30));
    const { result, seconds } = await cpuSeconds(() => lintDescription(spec));
    expect(seconds).toBeLessThan(5);
    expect(result.map((d) => d.rule)).toContain('document-too-complex');
  });
});
