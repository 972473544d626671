// A team's settings applied to a comparison: a level per check, a check off, policies switched
// off, accepted changes matched by check, operation, path, schema and place, oasdiff's files.
import { describe, expect, it } from 'vitest';
import { ignores, parseIgnoreFile, parseSeverityLevels, SettingsError } from '../../../scripts/diff/settings.ts';
import type { ApiChange } from '../../../scripts/diff/types.ts';
import { compare, webhook } from './catalogue-documents.ts';
import { diff, op } from './documents.ts';

const edit = (d: Record<string, any>): void => {
  op(d, '/pets', 'get').parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } });
  d.components.schemas.Pet.properties.name.maxLength = 10;
};
const ids = (changes: ApiChange[]): string[][] => changes.map((c) => [c.id, c.level]);

describe('settings', () => {
  it('a level per check id, and off', () => {
    expect(ids(diff(edit).changes)).toEqual([
      ['new-required-request-parameter', 'breaking'],
      ['response-property-max-length-set', 'info'],
    ]);
    expect(
      ids(diff(edit, { settings: { levels: { 'new-required-request-parameter': 'warning', 'response-property-max-length-set': 'off' } } }).changes),
    ).toEqual([['new-required-request-parameter', 'warning']]);
  });

  it('accepted changes: by check and operation (operationId or method and path), API path, schema and place; counted apart', () => {
    const all = diff(edit).changes;
    const [param, bound] = all as [ApiChange, ApiChange];
    expect(ignores({ id: 'new-required-request-parameter', operation: 'listPets' }, param)).toBe(true);
    expect(ignores({ operation: 'get /pets' }, param)).toBe(true);
    expect(ignores({ path: '/pets' }, param)).toBe(true);
    expect(ignores({ path: '/pets/{petId}' }, param)).toBe(false);
    expect(ignores({ id: 'new-required-request-parameter', operation: 'getPet' }, param)).toBe(false);
    expect(ignores({ location: 'parameter query.owner' }, param)).toBe(true);
    expect(ignores({ schema: 'Pet', location: '.name' }, bound)).toBe(true);
    expect(ignores({ schema: 'Pet', location: '.tag' }, bound)).toBe(false);
    const accepted = diff(edit, { settings: { ignore: [{ operation: 'listPets', reason: 'agreed' }] } });
    expect(ids(accepted.changes)).toEqual([['response-property-max-length-set', 'info']]);
    expect(accepted.summary.ignored).toBe(1);
  });

  it("oasdiff's ignore lines name the operation and the check id or the message, for changes of their level only", () => {
    const [param] = diff(edit).changes as [ApiChange];
    const [byId] = parseIgnoreFile(' - GET /pets new-required-request-parameter, agreed\n\n', 'breaking');
    const [byMessage] = parseIgnoreFile(`GET /pets ${param.message}`, 'breaking');
    const [asWarning] = parseIgnoreFile('GET /pets new-required-request-parameter', 'warning');
    expect(ignores(byId!, param)).toBe(true);
    expect(ignores(byMessage!, param)).toBe(true);
    expect(ignores(asWarning!, param)).toBe(false);
  });

  it("oasdiff's severity-levels file, its words and ours; a wrong line names itself", () => {
    expect(parseSeverityLevels('# comment\napi-security-removed err\nrequest-parameter-removed none\nendpoint-added warning\n', 'levels.txt')).toEqual({
      'api-security-removed': 'breaking',
      'request-parameter-removed': 'off',
      'endpoint-added': 'warning',
    });
    expect(() => parseSeverityLevels('api-security-removed fatal', 'levels.txt')).toThrow(
      new SettingsError('levels.txt:1: "fatal" is not a level (breaking, warning, info or off; oasdiff\'s err, warn, info, none).'),
    );
    expect(() => parseSeverityLevels('no-such-check err', 'levels.txt')).toThrow(/levels\.txt:1: no-such-check is not a check id/);
  });

  it("a policy switched off gives oasdiff's level back", () => {
    const scope = (d: Record<string, any>): void => {
      d.components.schemas.Match = undefined;
      delete d.components.schemas.Match;
    };
    expect(diff(scope, { settings: {} }).changes.find((c) => c.id === 'api-schema-removed')?.level).toBe('warning');
    expect(diff(scope, { settings: { policies: { 'generated-code': false } } }).changes.find((c) => c.id === 'api-schema-removed')?.level).toBe('info');
  });

  it('webhook-direction: a webhook payload is data clients read; switched off, a request they send, as oasdiff judges it', () => {
    const required = (d: Record<string, any>): void => {
      const schema = webhook(d).requestBody.content['application/json'].schema;
      schema.properties.amount = { type: 'integer' };
      schema.required = ['amount'];
    };
    const read = compare(() => {}, required).changes.filter((c) => c.subject === 'webhook');
    expect(read.map((c) => [c.id, c.level])).toEqual([['response-required-property-added', 'info']]);
    const sent = compare(() => {}, required, { settings: { policies: { 'webhook-direction': false } } }).changes.filter((c) => c.subject === 'webhook');
    expect(sent.map((c) => [c.id, c.level])).toEqual([['new-required-request-property', 'breaking']]);
  });
});
