// The renderings a pipeline reads: GitHub workflow commands (escaped as the
// runner expects) and the pull-request comment in Markdown.
import { describe, expect, it } from 'vitest';
import { escapeData, escapeProperty, formatGithub } from '../../../scripts/diff/format-github.ts';
import { formatMarkdown, MARKDOWN_MARKER } from '../../../scripts/diff/format-markdown.ts';
import { diff, op } from './documents.ts';

describe('GitHub workflow commands', () => {
  it('escapes %, CR and LF in messages, and : and , in properties too', () => {
    expect(escapeData('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext: a, b');
    expect(escapeProperty('100% done\r\nnext: a, b')).toBe('100%25 done%0D%0Anext%3A a%2C b');
  });

  it('one command per change, by level, escaped, at the head file when the change has no line of its own', () => {
    const changes = diff(
      (d) => {
        d.info.version = '1.5.0';
        d.paths['/pets:batchGet'] = { post: { operationId: 'batchGetPets', responses: { '200': { description: 'ok' } } } };
        delete d.paths['/pets'].get;
        op(d, '/search', 'get').parameters[0].required = true;
        d.components.schemas.Pet.properties['100%'] = { type: 'string' };
      },
      { date: '2026-01-01', checkVersion: true, settings: { stabilityLevel: 'stable' } },
    );
    expect(formatGithub(changes, { file: 'openapi/openapi.yaml', cwd: '/repo' }).split('\n')).toEqual([
      '::error file=openapi/openapi.yaml,title=GET /pets (listPets)%3A api-path-removed-without-deprecation::GET /pets (listPets) was removed; clients that call it will get errors.',
      '::error file=openapi/openapi.yaml,title=Version%3A api-major-version-not-bumped::Breaking changes need a new major version, but info.version went from 1.4.0 to 1.5.0; make it 2.0.0. [info.version]',
      '::warning file=openapi/openapi.yaml,title=GET /search (searchPets)%3A request-parameter-became-required::Query parameter "q" became required; requests that leave it out will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change. [parameter query.q]',
      '::notice file=openapi/openapi.yaml,title=POST /pets%3AbatchGet (batchGetPets)%3A endpoint-added::POST /pets:batchGet (batchGetPets) was added.',
      '::notice file=openapi/openapi.yaml,title=Schema Pet%3A response-optional-property-added::Field "100%25" of schema Pet (used by listPets, getPet, searchPets) was added (optional). [.100%25]',
      'Pets 1.4.0 → Pets 1.5.0: 2 breaking changes, 1 warning, 5 changes in total.',
    ]);
  });
});

describe('Markdown pull-request comment', () => {
  it('a marker, the headline, a summary table, then breaking changes, warnings and other changes', () => {
    const changes = diff(
      (d) => {
        d.info.version = '2.0.0';
        delete d.paths['/pets'].get;
        op(d, '/search', 'get').parameters[0].required = true;
        op(d, '/pets/{petId}', 'get').responses['404'] = { description: 'No such pet' };
      },
      { date: '2026-01-01', checkVersion: true, settings: { stabilityLevel: 'stable' } },
    );
    expect(formatMarkdown(changes).split('\n')).toEqual([
      MARKDOWN_MARKER,
      '## API changes: Pets 1.4.0 → Pets 2.0.0',
      '',
      '**1 breaking change, 1 warning, 3 changes in total.** Clients written against the base version can fail: each breaking change says why.',
      '',
      '| | Added | Removed | Changed | Breaking | Warnings |',
      '|---|--:|--:|--:|--:|--:|',
      '| Operations | 0 | 1 | 2 | 1 | 1 |',
      '',
      '### Breaking changes (1)',
      '',
      '- **GET /pets \\(listPets\\)**: GET /pets \\(listPets\\) was removed; clients that call it will get errors.',
      '',
      '### Warnings (1)',
      '',
      '- **GET /search \\(searchPets\\)**: Query parameter "q" became required; requests that leave it out will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change. (`parameter query.q`)',
      '',
      '### Other changes (1)',
      '',
      '- **GET /pets/\\{petId\\} \\(getPet\\)**: A 404 response was added. (`response 404`)',
    ]);
  });

  it('folds a long list into <details>, keeps short ones open', () => {
    const changes = diff(
      (d) => {
        d.info.version = '1.5.0';
        for (let i = 1; i <= 11; i++) op(d, '/pets', 'get').responses[`4${String(i).padStart(2, '0')}`] = { description: 'Error' };
        op(d, '/search', 'get').parameters[0].required = true;
      },
      { date: '2026-01-01', checkVersion: true, settings: { stabilityLevel: 'stable' } },
    );
    const lines = formatMarkdown(changes).split('\n');
    const folded = lines.indexOf('<summary><strong>Other changes (11)</strong></summary>');
    expect(lines.slice(folded - 1, folded + 3)).toEqual([
      '<details>',
      '<summary><strong>Other changes (11)</strong></summary>',
      '',
      '- **GET /pets \\(listPets\\)**: A 401 response was added. (`response 401`)',
    ]);
    expect(lines.slice(-2)).toEqual(['', '</details>']);
    expect(lines).toContain('### Warnings (1)');
  });

  it('says so when nothing changed', () => {
    expect(formatMarkdown(diff(() => {}, { date: '2026-01-01', checkVersion: true })).split('\n')).toEqual([
      MARKDOWN_MARKER,
      '## API changes: Pets 1.4.0 → Pets 1.4.0',
      '',
      '**No changes.**',
    ]);
  });
});
