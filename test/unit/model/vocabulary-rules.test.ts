// The portal's vocabulary rules (scripts/model/check/ruleset) at their edges, through the lint function
// on inline documents: what the model reads passes (any case, leap days, offsets, aliases), what it
// would misread is reported once, at its line and column, and a description's own config can
// narrow or turn off a rule.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lintDescription } from '../../../scripts/model/check/lint.ts';
import { readLifecycleDate } from '../../../scripts/model/check/ruleset/lifecycle-dates.ts';
import { at, valueAt } from '../../lint/inline.ts';

const dir = mkdtempSync(join(tmpdir(), 'vocabulary-rules-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let count = 0;

/** A 3.1 document whose operation `GET /a` (operationId `a`) holds `fields` (YAML lines, indented for it). */
function documentWith(fields: string, extra = ''): string {
  const indented = fields
    .trim()
    .split('\n')
    .map((line) => `      ${line}`)
    .join('\n');
  return `openapi: 3.1.0
info: {title: T, version: '1'}
${extra}paths:
  /a:
    get:
      operationId: a
${indented}
      responses:
        '200': {description: ok}
  /b:
    get:
      operationId: b
      responses:
        '200': {description: ok}
`;
}

/** `line:col severity rule` of each problem the portal's rules find (and `struct`'s), with their messages. */
async function vocabulary(text: string, config?: string) {
  const folder = join(dir, String(++count));
  mkdirSync(folder);
  writeFileSync(join(folder, 'openapi.yaml'), text);
  if (config) writeFileSync(join(folder, 'redocly.yaml'), config);
  const found = (await lintDescription(join(folder, 'openapi.yaml')))
    .filter((d) => d.rule.startsWith('portal/') || d.rule === 'struct')
    .sort((x, y) => x.line - y.line || x.col - y.col);
  return { where: found.map((d) => `${d.line}:${d.col} ${d.severity} ${d.rule}`), messages: found.map((d) => d.message) };
}

describe('portal/lifecycle-date', () => {
  it('accepts leap days, date-times with an offset and a space, and reports days that do not exist', async () => {
    const { where, messages } = await vocabulary(
      documentWith(`
deprecated: true
x-deprecated-at: '2028-02-29'
x-sunset: '2029-06-30 12:00:00+02:00'
`),
    );
    expect(where).toEqual([]);
    const text = documentWith(`
deprecated: true
x-deprecated-at: '2027-02-29'
x-sunset: '2027-06-30T12:00Z'
`);
    const bad = await vocabulary(text);
    expect(bad.where).toEqual([`${at(text, "'2027-02-29'")} error portal/lifecycle-date`, `${at(text, "'2027-06-30T12:00Z'")} error portal/lifecycle-date`]);
    expect(bad.messages[0]).toMatch(/found "2027-02-29": there is no such day\.$/);
    expect(bad.messages[1]).toMatch(/found "2027-06-30T12:00Z": a date-time needs its seconds and its offset \(Z or \+02:00\)\.$/);
    expect(messages).toEqual([]);
  });

  it('reports a value that is not text as YAML shows it', async () => {
    const text = documentWith('deprecated: true\nx-sunset: 20270630');
    const { where, messages } = await vocabulary(text);
    expect(where).toEqual([`${at(text, '20270630')} error portal/lifecycle-date`]);
    expect(messages[0]).toMatch(/; found 20270630\.$/);
  });

  it('reads a Date (what a YAML 1.1 loader makes of an unquoted date) as a day', () => {
    expect(readLifecycleDate(new Date('2027-06-30'))).toEqual({ ms: Date.UTC(2027, 5, 30), dayOnly: true });
    expect(readLifecycleDate(new Date('nonsense'))).toBeUndefined();
  });
});

describe('portal/lifecycle-order', () => {
  it('takes a day and a date-time on that day, or the same day twice, as in order', async () => {
    expect((await vocabulary(documentWith("deprecated: true\nx-deprecated-at: '2027-06-30T12:00:00Z'\nx-sunset: '2027-06-30'"))).where).toEqual([]);
    expect((await vocabulary(documentWith("deprecated: true\nx-deprecated-at: '2027-06-30'\nx-sunset: '2027-06-30'"))).where).toEqual([]);
  });

  it('compares two date-times by the instant, offsets included', async () => {
    // 2027-07-01T00:30+02:00 is 2027-06-30T22:30Z: after a sunset at 22:00Z the same evening.
    const text = documentWith("deprecated: true\nx-deprecated-at: '2027-07-01T00:30:00+02:00'\nx-sunset: '2027-06-30T22:00:00Z'");
    const late = await vocabulary(text);
    expect(late.where).toEqual([`${at(text, "'2027-06-30T22:00:00Z'")} error portal/lifecycle-order`]);
    expect(late.messages[0]).toBe(
      '`x-sunset` (2027-06-30T22:00:00Z) comes before `x-deprecated-at` (2027-07-01T00:30:00+02:00): an operation is deprecated first and removed on or after that day.',
    );
    expect((await vocabulary(documentWith("deprecated: true\nx-deprecated-at: '2027-07-01T00:30:00+02:00'\nx-sunset: '2027-06-30T23:00:00Z'"))).where).toEqual(
      [],
    );
  });
});

describe('portal/lifecycle-on-deprecated', () => {
  it('takes `x-scalar-stability: deprecated` (any case) as a deprecation', async () => {
    expect((await vocabulary(documentWith("x-scalar-stability: Deprecated\nx-sunset: '2027-06-30'"))).where).toEqual([]);
  });

  it('reports each lifecycle field of an operation that is not deprecated, a webhook too, at its key', async () => {
    const webhook = `webhooks:
  depotClosed:
    post:
      operationId: depotClosed
      x-replaced-by: b
      responses:
        '200': {description: ok}
`;
    const text = documentWith("deprecated: false\nx-deprecated-at: '2027-01-01'\nx-sunset: '2027-06-30'", webhook);
    const { where } = await vocabulary(text);
    expect(where).toEqual(
      ['x-replaced-by: b', "x-deprecated-at: '2027-01-01'", "x-sunset: '2027-06-30'"].map((key) => `${at(text, key)} error portal/lifecycle-on-deprecated`),
    );
  });
});

describe('portal/replaced-by-exists', () => {
  it('reports a webhook, the operation itself, a value that is not a name, and a name in the wrong case', async () => {
    const webhook = `webhooks:
  depotClosed:
    post:
      operationId: depotClosed
      responses:
        '200': {description: ok}
`;
    const text = documentWith('deprecated: true\nx-replaced-by: depotClosed', webhook);
    const toWebhook = await vocabulary(text);
    expect(toWebhook.where).toEqual([`${valueAt(text, 'x-replaced-by: depotClosed')} error portal/replaced-by-exists`]);
    expect(toWebhook.messages[0]).toBe('`x-replaced-by` names `depotClosed`, but no operation under `paths` has that operationId.');
    const itself = await vocabulary(documentWith('deprecated: true\nx-replaced-by: a'));
    expect(itself.messages).toEqual(['`x-replaced-by` names the operation itself (`a`).']);
    const list = await vocabulary(documentWith('deprecated: true\nx-replaced-by: [b]'));
    expect(list.messages).toEqual(['`x-replaced-by` must be the operationId of the replacing operation; found a list.']);
    expect((await vocabulary(documentWith('deprecated: true\nx-replaced-by: b'))).where).toEqual([]);
    const cased = await vocabulary(documentWith('deprecated: true\nx-replaced-by: B'));
    expect(cased.messages).toEqual([
      '`x-replaced-by` names `B`, but no operation under `paths` has that operationId (operationIds are case-sensitive: did you mean `b`?).',
    ]);
  });
});

describe('portal/stability-value', () => {
  it('accepts every word the model reads, in any case, under each name', async () => {
    const { where } = await vocabulary(documentWith('x-stability: GA\nx-stability-level: Preview\nx-scalar-stability: ALPHA\nx-beta: false'));
    expect(where).toEqual([]);
  });

  it('reports `deprecated` where only `x-scalar-stability` takes it, a number, and a word that is only a property of every object', async () => {
    const text = documentWith('x-stability: constructor\nx-stability-level: deprecated\nx-scalar-stability: 3');
    const { where, messages } = await vocabulary(text);
    expect(where).toEqual(
      ['x-stability: constructor', 'x-stability-level: deprecated', 'x-scalar-stability: 3'].map(
        (field) => `${valueAt(text, field)} error portal/stability-value`,
      ),
    );
    expect(messages[1]).toContain('found "deprecated" (a deprecated operation says `deprecated: true`)');
    expect(messages[2]).toMatch(
      /^`x-scalar-stability` is one of `experimental`, `alpha`, `preview`, `draft`, `beta`, `stable`, `ga`, `deprecated` \(in any case\); found 3\./,
    );
  });

  it('is narrowed, or turned off, by the config beside the description', async () => {
    const config = 'rules:\n  portal/stability-value:\n    severity: warn\n    allowed:\n      x-stability-level: [beta]\n  portal/lifecycle-date: off\n';
    const text = documentWith('x-stability-level: alpha\ndeprecated: true\nx-sunset: soon');
    const { where, messages } = await vocabulary(text, config);
    expect(where).toEqual([`${at(text, 'alpha')} warning portal/stability-value`]);
    expect(messages[0]).toBe(
      '`x-stability-level: alpha` is not used in this description: its lint config allows `beta`; leave `x-stability-level` out for a stable operation.',
    );
  });
});

describe('portal/try-it-switch', () => {
  it('reports a switch that is not a boolean on the document, a path item and an operation, each once', async () => {
    const text = documentWith("x-hideTryItPanel: 'yes'", "x-hideTryItPanel: 'true'\n").replace('  /a:\n', '  /a:\n    x-zudoku-playground-enabled: 0\n');
    const { where, messages } = await vocabulary(text);
    expect(where).toEqual(
      ["x-hideTryItPanel: 'true'", 'x-zudoku-playground-enabled: 0', "x-hideTryItPanel: 'yes'"].map(
        (field) => `${valueAt(text, field)} error portal/try-it-switch`,
      ),
    );
    expect(messages[1]).toBe(
      '`x-zudoku-playground-enabled` is true or false; found 0. The portal reads only a boolean, so the try-it panel stays on (`x-zudoku-playground-enabled: false` turns it off).',
    );
  });
});
