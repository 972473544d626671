// Our description's own rules (openapi/redocly.yaml) on edited copies of the reduced Petstore
// (fixtures/petstore.yaml): the portal's rules, which run on every description, narrowed where our
// conventions say so, and the house rules of our deprecation policy. Each problem is reported once,
// under one rule, at the offending value or key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { at, edited, lintDocument, removeDocuments, writeDocument } from './inline.ts';

afterAll(removeDocuments);

const PETSTORE = readFileSync(join(ROOT, 'test/lint/fixtures/petstore.yaml'), 'utf8');
const OUR_CONFIG = ['--config', join(ROOT, 'openapi/redocly.yaml')];

/** The reduced Petstore with each `[from, to]` applied, linted with our config; `file:line:col severity rule` of each problem. */
async function lintEdited(edits: [string, string][]) {
  const text = edits.reduce((doc, [from, to]) => edited(doc, from, to), PETSTORE);
  const { code, output, problems } = await lintDocument(writeDocument({ 'openapi.yaml': text }), 'openapi.yaml', OUR_CONFIG);
  return { text, code, output, problems, found: problems.map((p) => `${p.at} ${p.severity} ${p.rule}`) };
}

describe('npm run lint with our config', () => {
  it('passes the reduced Petstore the edits start from', async () => {
    const { code, output, problems } = await lintEdited([]);
    expect(problems).toEqual([]);
    expect(code, output).toBe(0);
  });

  it('fails on a stability word the portal knows but our description does not use, at the value', async () => {
    const { text, code, output, problems, found } = await lintEdited([['x-stability: beta', 'x-stability: alpha']]);
    expect(found).toEqual([`openapi.yaml:${at(text, 'alpha')} error portal/stability-value`]);
    expect(problems[0]?.message).toBe(
      '`x-stability: alpha` is not used in this description: its lint config allows `experimental`, `beta`; leave `x-stability` out for a stable operation.',
    );
    expect(code, output).toBe(1);
  });

  it('fails on an x-sunset that is not a date under the portal’s rule only', async () => {
    const { text, code, output, found } = await lintEdited([["x-sunset: '2027-06-30'", 'x-sunset: next summer']]);
    expect(found).toEqual([`openapi.yaml:${at(text, 'next summer')} error portal/lifecycle-date`]);
    expect(code, output).toBe(1);
  });

  it('fails on an x-sunset on an operation that is not deprecated, at the key, under the portal’s rule only', async () => {
    const { text, code, output, found } = await lintEdited([['x-hideTryItPanel: true', "x-hideTryItPanel: true\n      x-sunset: '2027-07-31'"]]);
    expect(found).toEqual([`openapi.yaml:${at(text, "x-sunset: '2027-07-31'")} error portal/lifecycle-on-deprecated`]);
    expect(code, output).toBe(1);
  });

  it('fails on a broken deprecation: sunset before deprecation, unknown replacement, Sunset header example out of step', async () => {
    const { text, code, output, found } = await lintEdited([
      ["x-sunset: '2027-06-30'", "x-sunset: '2026-08-01'"],
      ['x-replaced-by: getPet', 'x-replaced-by: fetchPet'],
    ]);
    expect(found).toEqual([
      `openapi.yaml:${at(text, "'2026-08-01'")} error portal/lifecycle-order`,
      `openapi.yaml:${at(text, 'fetchPet')} error portal/replaced-by-exists`,
      `openapi.yaml:${at(text, 'Wed, 30 Jun 2027 00:00:00 GMT')} error house-rules/deprecation-headers`,
    ]);
    expect(code, output).toBe(1);
  });

  it('fails on a sunset less than six months after the deprecation (our notice period), at the sunset', async () => {
    const { text, code, output, problems, found } = await lintEdited([
      ["x-sunset: '2027-06-30'", "x-sunset: '2026-12-01'"],
      ['example: Wed, 30 Jun 2027 00:00:00 GMT', 'example: Tue, 01 Dec 2026 00:00:00 GMT'],
    ]);
    expect(found).toEqual([`openapi.yaml:${at(text, "'2026-12-01'")} error house-rules/notice-period`]);
    expect(problems[0]?.message).toContain('the earliest allowed is 2027-03-01');
    expect(code, output).toBe(1);
  });

  it('fails on a deprecated operation without its dates, at `deprecated`', async () => {
    const { text, code, output, found } = await lintEdited([["      x-deprecated-at: '2026-09-01'\n      x-sunset: '2027-06-30'\n", '']]);
    expect(found).toEqual([`openapi.yaml:${at(text, 'deprecated: true')} error house-rules/deprecated-needs-dates`]);
    expect(code, output).toBe(1);
  });
});
