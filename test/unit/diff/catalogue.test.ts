// The catalogue, check by check: each id the diff can report is made by a pair of documents and
// reported at its catalogue level with a message that says what changed; every check oasdiff has
// is either reported under its id or named with the reason it is not.
import { describe, expect, it } from 'vitest';
import { CATALOGUE, NOT_REPORTED, OASDIFF, POLICIES } from '../../../scripts/diff/catalogue.ts';
import { compare, PLACES } from './catalogue-documents.ts';
import { KEYWORD_CASES } from './keyword-cases.ts';
import { NAMED_CASES } from './named-cases.ts';

/** oasdiff names a response body's enum value removed its own way. */
const keywordId = (scope: string, suffix: string): string =>
  scope === 'response-body' && suffix === 'enum-value-removed' ? 'response-mediatype-enum-value-removed' : `${scope}-${suffix}`;

const keywordIds = new Map<string, [string, string]>();
for (const scope of Object.keys(PLACES)) {
  for (const suffix of Object.keys(KEYWORD_CASES)) {
    const id = keywordId(scope, suffix);
    // Inside read-only and write-only fields oasdiff has a few checks of its own; the others keep the field's ids.
    if (CATALOGUE.has(id) || !/read-only|write-only/.test(scope)) keywordIds.set(id, [scope, suffix]);
  }
}

describe('the catalogue', () => {
  it("holds or names every one of oasdiff's checks, and every check it holds has a case here", () => {
    expect(OASDIFF.size).toBe(509);
    for (const id of OASDIFF.keys()) expect(CATALOGUE.has(id) !== id in NOT_REPORTED, id).toBe(true);
    const untested = [...CATALOGUE.keys()].filter((id) => !keywordIds.has(id) && !(id in NAMED_CASES));
    expect(untested).toEqual([]);
    for (const id of [...keywordIds.keys(), ...Object.keys(NAMED_CASES)]) expect(CATALOGUE.has(id), id).toBe(true);
  });

  it("defaults to oasdiff's level, except where a named policy says otherwise", () => {
    for (const check of CATALOGUE.values()) {
      if (check.oasdiff && !check.policy) expect(check.level, check.id).toBe(check.oasdiff);
      if (check.policy) expect(POLICIES[check.policy].levels[check.id], check.id).toBe(check.level);
    }
  });
});

describe('keyword checks, in every place a schema sits', () => {
  for (const [id, [scope, suffix]] of keywordIds) {
    const c = KEYWORD_CASES[suffix]!;
    it(`${id}: ${CATALOGUE.get(id)?.level}`, () => {
      const changes = compare(
        (d) => PLACES[scope]!(d, structuredClone(c.old)),
        (d) => PLACES[scope]!(d, structuredClone(c.new)),
      );
      const found = changes.changes.find((x) => x.id === id);
      expect(found, `${id} in ${JSON.stringify(changes.changes.map((x) => x.id))}`).toBeDefined();
      expect(found!.level).toBe(CATALOGUE.get(id)!.level);
      expect(found!.message).toMatch(c.says);
    });
  }
});

describe('checks named in full', () => {
  for (const [id, c] of Object.entries(NAMED_CASES)) {
    it(`${id}: ${CATALOGUE.get(id)?.level}`, () => {
      const changes = compare(c.start ?? (() => {}), c.edit, c.settings ? { settings: c.settings } : {});
      const found = changes.changes.find((x) => x.id === id);
      expect(found, `${id} in ${JSON.stringify(changes.changes.map((x) => [x.id, x.message]))}`).toBeDefined();
      expect(found!.level).toBe(CATALOGUE.get(id)!.level);
      expect(found!.message).toMatch(c.says);
    });
  }
});

describe('what oasdiff catches, judged as oasdiff judges it', () => {
  // Each change kind that passed the gate, was over-called or was not compared before: its check and level.
  const expected: [string, string][] = [
    ['request-parameter-default-value-changed', 'breaking'],
    ['response-header-became-optional', 'breaking'],
    ['sunset-deleted', 'breaking'],
    ['api-sunset-date-changed-too-small', 'breaking'],
    ['api-stability-decreased', 'breaking'],
    ['response-property-const-changed', 'breaking'],
    ['response-property-max-increased', 'breaking'],
    ['response-property-one-of-added', 'breaking'],
    ['request-body-removed', 'breaking'],
    ['response-optional-property-removed', 'warning'],
    ['optional-response-header-removed', 'warning'],
    ['request-property-pattern-changed', 'warning'],
    ['api-removed-with-deprecation', 'info'],
    ['api-security-component-oauth-token-url-changed', 'info'],
    ['request-property-exclusive-min-increased', 'breaking'],
    ['request-property-multiple-of-narrowed', 'breaking'],
    ['request-property-unique-items-added', 'breaking'],
    ['response-property-discriminator-mapping-changed', 'info'],
    ['response-required-property-became-not-write-only', 'warning'],
    ['api-tag-removed', 'info'],
    ['request-property-additional-properties-closed', 'breaking'],
    ['request-property-prefix-items-removed', 'breaking'],
    ['request-property-dependent-required-added', 'breaking'],
    ['request-property-pattern-property-added', 'breaking'],
    ['request-property-not-added', 'breaking'],
    ['request-property-contains-added', 'breaking'],
    ['request-property-unevaluated-properties-added', 'breaking'],
    ['request-property-if-added', 'breaking'],
    ['response-property-deprecated', 'info'],
    ['request-parameter-deprecated', 'info'],
    ['api-server-removed', 'warning'],
  ];
  for (const [id, level] of expected) {
    it(`${id} is ${level}, and has its case above`, () => {
      expect(CATALOGUE.get(id)?.level).toBe(level);
      expect(keywordIds.has(id) || id in NAMED_CASES).toBe(true);
    });
  }
  it('security or a scope added stays breaking under the strict-security policy, which can be switched off', () => {
    expect(CATALOGUE.get('api-security-added')).toMatchObject({ level: 'breaking', oasdiff: 'info', policy: 'strict-security' });
    const c = NAMED_CASES['api-security-scope-added']!;
    const off = compare(c.start!, c.edit, { settings: { policies: { 'strict-security': false } } });
    expect(off.changes.find((x) => x.id === 'api-security-scope-added')?.level).toBe('info');
  });
});
