// How `Prefer` and its query twins are read: a status outside 200–599 (an
// interim 1xx, or past HTTP's range) is refused like a malformed one.
import { describe, expect, it } from 'vitest';
import { readPreferences } from '../../../scripts/mock/prefer.ts';

describe('readPreferences: code', () => {
  it('takes any final status from 200 to 599', () => {
    for (const code of ['200', '204', '404', '418', '500', '599']) expect(readPreferences(`code=${code}`, undefined)).toEqual({ code });
    expect(readPreferences(undefined, new URLSearchParams('__code=201'))).toEqual({ code: '201' });
  });

  it('refuses interim and out-of-range statuses, in the header and as __code', () => {
    for (const code of ['100', '101', '103', '199', '600', '999', '000', '099']) {
      const fromHeader = readPreferences(`code=${code}`, undefined);
      expect(fromHeader.code, code).toBeUndefined();
      expect(fromHeader.error, code).toBe(`Prefer code=${code} is outside 200–599; the mock answers only with a final status, e.g. code=404.`);
      expect(readPreferences(undefined, new URLSearchParams(`__code=${code}`)).error, code).toContain('outside 200–599');
    }
  });

  it('refuses what is not three digits, shown escaped', () => {
    expect(readPreferences('code=2000', undefined).error).toBe('Prefer code=2000 is not a status code; use three digits, e.g. code=404.');
    expect(readPreferences('code="4\r\n4"', undefined).error).toBe('Prefer code=4\\x0d\\x0a4 is not a status code; use three digits, e.g. code=404.');
  });
});
