// The change gate's report in a terminal and as grouped data for the preview: grouped by what
// changed, groups with breaking changes first, the breaking changes first inside a group, a
// headline and the verdict last; colours only when asked, control characters shown escaped.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { formatText, groupChanges, headline } from '../../../scripts/diff/format.ts';
import { diff, op, pets } from './documents.ts';

const edited = () =>
  diff(
    (d) => {
      d.info.version = '1.5.0';
      d.paths['/owners'] = { get: { operationId: 'listOwners', responses: { '200': { description: 'ok' } } } };
      delete d.paths['/pets'].get;
      op(d, '/search', 'get').parameters[0].required = true;
      const getPet = op(d, '/pets/{petId}', 'get');
      getPet.parameters.push({ name: 'lang', in: 'query', schema: { type: 'string' } });
      getPet.parameters.push({ name: 'fields', in: 'query', required: true, schema: { type: 'string' } });
      d.components.schemas.Pet.properties.age = { type: 'integer' };
    },
    { date: '2026-01-01', checkVersion: true, settings: { stabilityLevel: 'stable' } },
  );

describe('formatText', () => {
  it('prints the groups, breaking first and breaking changes first in each, each with its check id, then the headline and the verdict', () => {
    expect(formatText(edited(), { baseLabel: 'main:openapi.yaml', headLabel: 'openapi.yaml' }).split('\n')).toEqual([
      'Comparing main:openapi.yaml (Pets 1.4.0) with openapi.yaml (Pets 1.5.0)',
      'Operations: 1 added, 1 removed, 2 changed',
      'Schemas: 1 changed',
      '',
      'GET /pets/{petId} (getPet)',
      '  BREAKING  New required query parameter "fields"; existing requests that do not send it will be rejected. [parameter query.fields]',
      '            new-required-request-parameter',
      '  info      New optional query parameter "lang". [parameter query.lang]',
      '            new-optional-request-parameter',
      '',
      'GET /pets (listPets)',
      '  BREAKING  GET /pets (listPets) was removed; clients that call it will get errors.',
      '            api-path-removed-without-deprecation',
      '',
      'Version',
      '  BREAKING  Breaking changes need a new major version, but info.version went from 1.4.0 to 1.5.0; make it 2.0.0. [info.version]',
      '            api-major-version-not-bumped',
      '',
      'GET /search (searchPets)',
      '  warning   Query parameter "q" became required; requests that leave it out will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change. [parameter query.q]',
      '            request-parameter-became-required',
      '',
      'GET /owners (listOwners)',
      '  info      GET /owners (listOwners) was added.',
      '            endpoint-added',
      '',
      'Schema Pet',
      '  info      Field "age" of schema Pet (used by listPets, getPet, searchPets) was added (optional). [.age]',
      '            response-optional-property-added',
      '',
      '3 breaking changes, 1 warning, 7 changes in total.',
      'Breaking changes found.',
    ]);
  });

  it('colours levels for a terminal only when asked', () => {
    const plain = formatText(edited());
    const coloured = formatText(edited(), { color: true });
    expect(plain).not.toContain('\u001b[');
    expect(coloured).toContain('\u001b[31mBREAKING');
    expect(coloured).toContain('\u001b[33mwarning ');
    expect(stripVTControlCharacters(coloured)).toBe(plain);
  });

  it('says so when nothing changed, and shows control characters in a title escaped', () => {
    const base = pets();
    base.info.title = 'Pets\u001b[2J';
    expect(formatText(diff(() => {}, {}, base)).split('\n')).toEqual(['Comparing Pets\\x1b[2J 1.4.0 with Pets\\x1b[2J 1.4.0', '', 'No changes.']);
  });
});

describe('groupChanges', () => {
  it('gives each group an id, a title, the new page of an operation still there, and its counts', () => {
    const report = groupChanges(edited());
    expect(report.headline).toBe('3 breaking changes, 1 warning, 7 changes in total');
    expect(report.groups.map((g) => [g.id, g.subject, g.href, g.breaking, g.warnings, g.changes.length])).toEqual([
      ['operation:get-pet', 'operation', '/operations/get-pet/', 1, 0, 2],
      ['operation:list-pets', 'operation', undefined, 1, 0, 1],
      ['version', 'version', undefined, 1, 0, 1],
      ['operation:search-pets', 'operation', '/operations/search-pets/', 0, 1, 1],
      ['operation:list-owners', 'operation', '/operations/list-owners/', 0, 0, 1],
      ['schema:Pet', 'schema', undefined, 0, 0, 1],
    ]);
  });

  it('names a security scheme and the servers as groups of their own', () => {
    const report = groupChanges(
      diff((d) => {
        d.components.securitySchemes = { key: { type: 'apiKey', in: 'header', name: 'X-Key' } };
        d.servers = [{ url: 'https://pets.example.com' }];
      }),
    );
    expect(report.groups.map((g) => [g.id, g.title])).toEqual(
      expect.arrayContaining([
        ['security:key', 'Security scheme key'],
        ['servers', 'Servers'],
      ]),
    );
  });

  it('reads no changes as such', () => {
    expect(headline(diff(() => {}))).toBe('No changes');
  });
});
