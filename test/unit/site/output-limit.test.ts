import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  addPage,
  countOutput,
  OUTPUT_BASE,
  OUTPUT_FACTOR,
  OutputLimitError,
  outputBound,
  outputLimitDiagnostic,
  outputSize,
  runningCount,
} from '../../../scripts/site/output-limit.ts';

const dir = mkdtempSync(join(tmpdir(), 'output-limit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the output bound', () => {
  it('is a constant plus a multiple of the description, or what --max-output names', () => {
    expect(outputBound(0).limit).toBe(OUTPUT_BASE);
    expect(outputBound(1_000_000).limit).toBe(OUTPUT_BASE + OUTPUT_FACTOR * 1_000_000);
    expect(outputBound(1_000_000, 3)).toEqual({ limit: 3 * 1024 * 1024, rule: '--max-output 3' });
  });

  it('refuses the page that goes past it, and every page after, naming the first', () => {
    const { count, stop } = countOutput({ limit: 1000, rule: 'a test' });
    try {
      expect(runningCount()).toBe(count);
      addPage(count, '/a/', 600);
      expect(() => addPage(count, '/b/', 500)).toThrow(OutputLimitError);
      expect(() => addPage(count, '/c/', 10)).toThrow(OutputLimitError);
      expect(count.stoppedAt).toBe('/b/');
      expect(count.largest.map((p) => p.path)).toEqual(['/a/', '/b/', '/c/']);
      const problem = outputLimitDiagnostic('/api/openapi.yaml', count);
      expect(problem).toMatchObject({ severity: 'error', rule: 'output-limit', file: '/api/openapi.yaml', line: 1, col: 1 });
      expect(problem.message).toContain('larger than a test');
      expect(problem.message).toContain('stopped at /b/');
    } finally {
      stop();
    }
    expect(runningCount()).toBeUndefined();
  });

  it('measures every file of an output, and counts its pages', () => {
    mkdirSync(join(dir, 'site/operations/a'), { recursive: true });
    writeFileSync(join(dir, 'site/index.html'), 'x'.repeat(100));
    writeFileSync(join(dir, 'site/operations/a/index.html'), 'x'.repeat(50));
    writeFileSync(join(dir, 'site/openapi.json'), 'x'.repeat(7));
    expect(outputSize(join(dir, 'site'))).toEqual({ bytes: 157, pages: 2 });
  });
});
