// `npm run diff` as a pipeline runs it: each output format, the lifecycle
// rules through --date, and the exit code --fail-on sets.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { ApiChanges } from '../../scripts/diff/types.ts';
import { runScript, type Finished } from '../helpers/processes.ts';
import { op, pets, type Doc } from '../unit/diff/documents.ts';

let dir: string;

/** Runs the CLI in the folder holding the documents, so the paths it prints are relative, as in a repository. */
const cli = (...args: string[]): Promise<Finished> =>
  // The threshold at stable, so the beta operation's breaking change shows the lowering (the default, beta, judges it in full).
  runScript('scripts/diff.ts', [...args, '--stability-level', 'stable'], { cwd: dir, env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 60_000 });

/** The 1-based line of the first line of `text` that ends with `end`, after the line `after`. */
function lineAfter(text: string, after: string, end: string): number {
  const lines = text.split('\n');
  const from = lines.indexOf(after);
  const index = lines.findIndex((l, i) => i > from && l.endsWith(end));
  if (from < 0 || index < 0) throw new Error(`No line ending ${JSON.stringify(end)} after ${JSON.stringify(after)} in:\n${text}`);
  return index + 1;
}

/** The 1-based line of the first line of `text` that is exactly `line`. */
function lineOf(text: string, line: string): number {
  const index = text.split('\n').indexOf(line);
  if (index < 0) throw new Error(`No line ${JSON.stringify(line)} in:\n${text}`);
  return index + 1;
}

function write(name: string, doc: Doc): string {
  const text = stringify(doc);
  writeFileSync(join(dir, name), text);
  return text;
}

let head: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'diff-gate-'));
  write('base.yaml', pets());

  // A breaking change (stable), a breaking change to a beta operation, a removal before its sunset, a minor bump only.
  const breaking = pets();
  breaking.info.version = '1.5.0';
  op(breaking, '/pets', 'get').parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } });
  op(breaking, '/search', 'get').parameters[0].required = true;
  delete breaking.paths['/pets/{petId}'].delete;
  head = write('head.yaml', breaking);

  // Only a beta operation's would-be breaking change: a warning.
  const warning = pets();
  warning.info.version = '1.5.0';
  op(warning, '/search', 'get').parameters[0].required = true;
  write('warning.yaml', warning);

  // Only information: an added response, with a version of its own.
  const info = pets();
  info.info.version = '1.4.1';
  op(info, '/pets', 'get').responses['429'] = { description: 'Slow down' };
  write('info.yaml', info);

  // The deprecated operation removed, and nothing else.
  const sunset = pets();
  sunset.info.version = '1.5.0';
  delete sunset.paths['/pets/{petId}'].delete;
  write('sunset.yaml', sunset);

  writeFileSync(join(dir, 'broken.yaml'), 'openapi: 3.0.3\ninfo: [unclosed\n');
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('npm run diff output formats', () => {
  it('text: grouped, breaking first, the beta change a warning, the version an error', async () => {
    const result = await cli('base.yaml', 'head.yaml', '--date', '2026-06-01');
    expect(result.code, result.stderr).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Comparing base.yaml (Pets 1.4.0) with head.yaml (Pets 1.5.0)');
    expect(lines).toContain(
      '  BREAKING  DELETE /pets/{petId} (deletePet) was removed before its announced sunset on 2026-06-30; clients that call it will get errors.',
    );
    expect(lines).toContain('  BREAKING  Breaking changes need a new major version, but info.version went from 1.4.0 to 1.5.0; make it 2.0.0. [info.version]');
    const beta = lines.indexOf(
      '  warning   Query parameter "q" became required; requests that leave it out will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change. [parameter query.q]',
    );
    expect(beta).toBeGreaterThan(0);
    // Under each change, oasdiff's check id and the place in the new version, as the terminal links it.
    expect(lines[beta + 1]).toMatch(/^ {12}request-parameter-became-required at head\.yaml:\d+:\d+$/);
    expect(lines.indexOf('Version')).toBeLessThan(lines.indexOf('GET /search (searchPets)'));
    expect(lines.slice(-3)).toEqual(['3 breaking changes, 1 warning, 4 changes in total.', 'Breaking changes found.', '']);
  });

  it('json: the versions compared, the date, and each change with its operation, level, stability and source', async () => {
    const result = await cli('base.yaml', 'head.yaml', '--format', 'json', '--date', '2026-06-01');
    expect(result.code, result.stderr).toBe(1);
    const changes = JSON.parse(result.stdout) as ApiChanges;
    expect(changes.base).toEqual({ title: 'Pets', version: '1.4.0', label: 'base.yaml' });
    expect(changes.head).toEqual({ title: 'Pets', version: '1.5.0', label: 'head.yaml' });
    expect(changes.date).toBe('2026-06-01');
    expect(changes.changes.map((c) => [c.kind, c.level, c.operation?.operationId ?? c.subject, c.stability ?? null])).toEqual([
      ['required-parameter-added', 'breaking', 'listPets', null],
      ['parameter-became-required', 'warning', 'searchPets', 'beta'],
      ['operation-removed', 'breaking', 'deletePet', null],
      ['version-not-bumped', 'breaking', 'version', null],
    ]);
    // At the changed node: the parameter added, from its first key.
    expect(changes.changes[0]?.source).toEqual({ file: 'head.yaml', line: lineAfter(head, '      operationId: listPets', '- name: owner'), col: 11 });
    expect(changes.changes[2]).toMatchObject({ sunset: '2026-06-30' });
    expect(changes.changes[2]?.source).toBeUndefined();
    // --json is the same as --format json.
    const alias = await cli('base.yaml', 'head.yaml', '--json', '--date', '2026-06-01');
    expect(alias.stdout).toBe(result.stdout);
  });

  it('github: exact annotation lines at the changed node’s file and line', async () => {
    const result = await cli('base.yaml', 'head.yaml', '--format', 'github', '--date', '2026-06-01');
    expect(result.code, result.stderr).toBe(1);
    // Each at the changed node: the parameter added, the parameter made required, the version.
    const owner = lineAfter(head, '      operationId: listPets', '- name: owner');
    const q = lineAfter(head, '      operationId: searchPets', '- name: q');
    const version = lineOf(head, '  version: 1.5.0');
    expect(result.stdout.split('\n')).toEqual([
      `::error file=head.yaml,line=${owner},col=11,title=GET /pets (listPets)%3A new-required-request-parameter::New required query parameter "owner"; existing requests that do not send it will be rejected. [parameter query.owner]`,
      '::error file=head.yaml,title=DELETE /pets/{petId} (deletePet)%3A api-removed-before-sunset::DELETE /pets/{petId} (deletePet) was removed before its announced sunset on 2026-06-30; clients that call it will get errors.',
      `::error file=head.yaml,line=${version},col=12,title=Version%3A api-major-version-not-bumped::Breaking changes need a new major version, but info.version went from 1.4.0 to 1.5.0; make it 2.0.0. [info.version]`,
      `::warning file=head.yaml,line=${q},col=11,title=GET /search (searchPets)%3A request-parameter-became-required::Query parameter "q" became required; requests that leave it out will be rejected. Not counted as breaking: the operation is in beta, and beta operations may still change. [parameter query.q]`,
      'Pets 1.4.0 → Pets 1.5.0: 3 breaking changes, 1 warning, 4 changes in total.',
      '',
    ]);
  });

  it('markdown: the pull-request comment, breaking changes first; --markdown is the same', async () => {
    const [result, alias] = await Promise.all([
      cli('base.yaml', 'head.yaml', '--format', 'markdown', '--date', '2026-06-01'),
      cli('base.yaml', 'head.yaml', '--markdown', '--date', '2026-06-01'),
    ]);
    expect(result.code, result.stderr).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 10)).toEqual([
      '<!-- api-changes -->',
      '## API changes: Pets 1.4.0 → Pets 1.5.0',
      '',
      '**3 breaking changes, 1 warning, 4 changes in total.** Clients written against the base version can fail: each breaking change says why.',
      '',
      '| | Added | Removed | Changed | Breaking | Warnings |',
      '|---|--:|--:|--:|--:|--:|',
      '| Operations | 0 | 1 | 2 | 2 | 1 |',
      '| Version | — | — | — | 1 | 0 |',
      '',
    ]);
    expect(lines.indexOf('### Breaking changes (3)')).toBeLessThan(lines.indexOf('### Warnings (1)'));
    expect(alias.stdout).toBe(result.stdout);
  });

  it('refuses an unknown format or two at once', async () => {
    const [unknown, both] = await Promise.all([
      cli('base.yaml', 'head.yaml', '--format', 'xml'),
      cli('base.yaml', 'head.yaml', '--json', '--format', 'github'),
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown --format xml: use text, json, yaml, markdown, github, junit, html.');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Choose one output format (got github, json).');
  });
});

describe('--date and the sunset grace period', () => {
  it('the day before the sunset the removal fails the job; on the day it does not', async () => {
    const [before, on, invalid] = await Promise.all([
      cli('base.yaml', 'sunset.yaml', '--date', '2026-06-29', '--format', 'github'),
      cli('base.yaml', 'sunset.yaml', '--date', '2026-06-30', '--format', 'github'),
      cli('base.yaml', 'sunset.yaml', '--date', '2026-02-30'),
    ]);
    expect(before.code, before.stderr).toBe(1);
    expect(before.stdout).toContain('::error file=sunset.yaml,title=DELETE /pets/{petId} (deletePet)%3A api-removed-before-sunset::');
    expect(on.code, on.stderr).toBe(0);
    expect(on.stdout.split('\n')[0]).toBe(
      '::notice file=sunset.yaml,title=DELETE /pets/{petId} (deletePet)%3A api-removed-with-deprecation::DELETE /pets/{petId} (deletePet) was removed; it was announced for removal on 2026-06-30, so it does not count as breaking.',
    );
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toContain('--date 2026-02-30 is not a date: write it YYYY-MM-DD.');
  });
});

describe('--fail-on', () => {
  const codes = async (head: string): Promise<(number | null)[]> => {
    const runs = await Promise.all(
      [[], ['--fail-on', 'breaking'], ['--fail-on', 'warning'], ['--fail-on', 'info'], ['--fail-on', 'never']].map((extra) =>
        cli('base.yaml', head, '--date', '2026-06-01', ...extra),
      ),
    );
    return runs.map((r) => r.code);
  };

  it('breaking (the default) fails on a breaking change, warning on a warning too, info on any change, never never', async () => {
    const [breaking, warning, info, none] = await Promise.all([codes('head.yaml'), codes('warning.yaml'), codes('info.yaml'), codes('base.yaml')]);
    // Order: default, breaking, warning, info, never.
    expect(breaking).toEqual([1, 1, 1, 1, 0]);
    expect(warning).toEqual([0, 0, 1, 1, 0]);
    expect(info).toEqual([0, 0, 0, 1, 0]);
    expect(none).toEqual([0, 0, 0, 0, 0]);
  });

  it('says why a job without breaking changes fails on warnings', async () => {
    const result = await cli('base.yaml', 'warning.yaml', '--fail-on', 'warning');
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').at(-2)).toBe('No breaking changes.');
    expect(result.stderr).toBe('Failing on 1 warning(s): --fail-on warning.\n');
  });

  it('a document that does not load is exit 2 whatever --fail-on says; an unknown value is a usage error', async () => {
    const [never, unknown] = await Promise.all([cli('base.yaml', 'broken.yaml', '--fail-on', 'never'), cli('base.yaml', 'head.yaml', '--fail-on', 'errors')]);
    expect(never.code).toBe(2);
    expect(never.stderr).toContain('Cannot load broken.yaml');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown --fail-on errors: use breaking, warning, info, never.');
  });
});
