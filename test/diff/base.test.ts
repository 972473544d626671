// The base version for the writers' preview: the last committed copy of a
// description split across files, read from a real git repository.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBaseSpec } from '../../scripts/diff/base.ts';
import { compareModels } from '../../scripts/diff/compare.ts';
import { buildModel } from '../../scripts/model/index.ts';
import { runScript } from '../helpers/processes.ts';

let repo: string;
let outside: string;
const entry = (): string => join(repo, 'openapi', 'openapi.yaml');

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

const git = (...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd: repo,
    encoding: 'utf8',
    timeout: 30_000,
  });

const PET = `type: object
required: [name]
properties:
  name: {type: string}
  tag: {type: string}
`;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'diff-base-repo-'));
  outside = mkdtempSync(join(tmpdir(), 'diff-base-plain-'));
  write(
    entry(),
    `openapi: 3.0.3
info: {title: Pets, version: 1.0.0}
paths:
  /pets/{petId}:
    $ref: './paths/pet.yaml'
components:
  schemas:
    Pet:
      $ref: '../shared/pet.yaml'
`,
  );
  write(
    join(repo, 'openapi', 'paths', 'pet.yaml'),
    `get:
  operationId: getPet
  parameters:
    - {name: petId, in: path, required: true, schema: {type: string}}
  responses:
    '200':
      description: A pet
      content:
        application/json:
          schema: {$ref: '../../shared/pet.yaml'}
`,
  );
  write(join(repo, 'shared', 'pet.yaml'), PET);
  write(join(repo, 'unrelated.txt'), 'not part of the description\n');
  git('init', '-q');
  git('add', '.');
  git('commit', '-q', '-m', 'Pets');
  // The working copy drifts from the commit: a field removed in a referenced file, a new uncommitted file.
  write(join(repo, 'shared', 'pet.yaml'), PET.replace('  tag: {type: string}\n', ''));
  write(join(repo, 'openapi', 'draft.yaml'), 'openapi: 3.0.3\n');
  write(join(outside, 'openapi.yaml'), readFileSync(entry(), 'utf8'));
});

afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

describe('resolveBaseSpec', () => {
  it('copies the committed entry file and every file it references, and nothing else', async () => {
    // The description shares a schema with the rest of the repository: the repository is its root.
    const base = await resolveBaseSpec(entry(), { access: { root: repo } });
    expect(base).not.toBeNull();
    try {
      expect(base!.source).toBe('git');
      expect(base!.label).toBe('HEAD:openapi/openapi.yaml');
      const root = dirname(dirname(base!.path));
      expect(readFileSync(join(root, 'shared', 'pet.yaml'), 'utf8')).toBe(PET);
      expect(existsSync(join(root, 'openapi', 'paths', 'pet.yaml'))).toBe(true);
      expect(existsSync(join(root, 'unrelated.txt'))).toBe(false);

      expect(base!.access.root).toBe(root);
      const [before, after] = await Promise.all([buildModel(base!.path, { lint: false, ...base!.access }), buildModel(entry(), { lint: false, root: repo })]);
      const changes = compareModels(before.model, after.model);
      // The shared schema's change is reported once, on the schema its operation reads.
      expect(changes.changes.filter((c) => c.level !== 'info').map((c) => [c.id, c.schema, c.location])).toEqual([
        ['response-optional-property-removed', 'pet', '.tag'],
      ]);
    } finally {
      await base!.cleanup();
    }
    expect(existsSync(base!.path)).toBe(false);
  });

  it('returns null outside git or for a file never committed, and uses --base when given', async () => {
    expect(await resolveBaseSpec(join(outside, 'openapi.yaml'))).toBeNull();
    expect(await resolveBaseSpec(join(repo, 'openapi', 'draft.yaml'))).toBeNull();
    const given = await resolveBaseSpec(join(outside, 'openapi.yaml'), { base: entry() });
    expect(given).toMatchObject({ source: 'file', path: entry() });
  });
});

describe('npm run diff -- <spec>', () => {
  it('compares the working copy with its last committed version', async () => {
    const result = await runScript('scripts/diff.ts', ['openapi/openapi.yaml', '--root', '.', '--fail-on', 'warning'], {
      cwd: repo,
      env: { ...process.env, NO_COLOR: '1' },
      timeoutMs: 60_000,
    });
    expect(result.code, result.stderr).toBe(1);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toBe('Comparing HEAD:openapi/openapi.yaml (Pets 1.0.0) with openapi/openapi.yaml (Pets 1.0.0)');
    expect(lines).toContain(
      '  warning   Field "tag" of schema pet (used by getPet) was removed; it was optional, so clients should already cope without it, but those that read it will no longer get it. [.tag]',
    );
  });
});
