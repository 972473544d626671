// A JSON file being written in pieces is waited for until it ends with its closing bracket, a moment at most.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endsWhole, jsonWritten } from '../../../scripts/dev/settle.ts';

const dir = mkdtempSync(join(tmpdir(), 'settle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const WHOLE = `${JSON.stringify({ openapi: '3.1.0', info: { title: 'T', version: '1' }, paths: {} }, null, 2)}\n`;

describe('a JSON file written in pieces', () => {
  it('is whole when its text ends with a closing bracket, trailing whitespace aside', () => {
    expect(endsWhole(WHOLE)).toBe(true);
    expect(endsWhole('[1, 2]\r\n\t ')).toBe(true);
    expect(endsWhole(WHOLE.slice(0, 40))).toBe(false);
    expect(endsWhole('{"a": 1,\n')).toBe(false);
    expect(endsWhole('')).toBe(false);
  });

  it('is waited for until its last piece is written', async () => {
    const file = join(dir, 'api.json');
    writeFileSync(file, WHOLE.slice(0, 40));
    setTimeout(() => writeFileSync(file, WHOLE), 50);
    await jsonWritten([file, join(dir, 'other.yaml')], 30_000);
    expect(readFileSync(file, 'utf8')).toBe(WHOLE);
  });

  it('is built all the same when it stays cut short, and a missing file is not waited for', async () => {
    const file = join(dir, 'broken.json');
    writeFileSync(file, WHOLE.slice(0, 40));
    await jsonWritten([file, join(dir, 'missing.json')], 50);
    expect(readFileSync(file, 'utf8')).toBe(WHOLE.slice(0, 40));
  });
});
