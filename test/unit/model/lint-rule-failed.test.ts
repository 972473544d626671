import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDescription } from '../../../scripts/model/check/lint.ts';

const dir = mkdtempSync(join(tmpdir(), 'lint-rule-failed-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a lint rule that fails on a description', () => {
  it('is turned off with a warning, and the other rules still run', async () => {
    const spec = join(dir, 'openapi.yaml');
    // A property named hasOwnProperty makes one of Redocly's rules call it as a method.
    writeFileSync(
      spec,
      `openapi: 3.0.3
info: {title: T, version: '1'}
paths:
  /a:
    post:
      operationId: a
      requestBody:
        content:
          application/json:
            schema:
              type: object
              required: [hasOwnProperty]
              properties:
                hasOwnProperty: {type: string}
      responses:
        '200': {description: ok}
`,
    );
    const found = await lintDescription(spec);
    const failed = found.filter((d) => d.rule === 'lint-rule-failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]?.severity).toBe('warning');
    expect(failed[0]?.message).toContain('no-required-schema-properties-undefined');
    expect(found.map((d) => d.rule)).toContain('operation-summary');
  });
});
