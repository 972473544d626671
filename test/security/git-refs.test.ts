// Refs reach git as revisions, never as options. In a real repository whose description is at
// its top, `npm run diff -- --base-ref=--output=X` made `git show --output=X:openapi.yaml` write
// that file; now the diff refuses the ref before running git, and the one git runner
// (scripts/infra/git.ts) refuses any revision starting with `-` and passes the rest after
// `--end-of-options`, for every caller.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveBaseSpec } from '../../scripts/diff/base.ts';
import { git, gitArgs, GitRefError } from '../../scripts/infra/git.ts';
import { refDate } from '../../scripts/site/versions/git-tags.ts';
import { runScript } from '../helpers/processes.ts';

let repo: string;
let spec: string;

beforeAll(() => {
  repo = mkdtempSync(join(tmpdir(), 'git-refs-'));
  spec = join(repo, 'openapi.yaml');
  writeFileSync(spec, "openapi: 3.0.3\ninfo: { title: Pets, version: '1.0' }\npaths: {}\n");
  const run = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo });
  run('init', '-q', '-b', 'main');
  run('add', '.');
  run('commit', '-q', '-m', 'Pets');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

const files = () => readdirSync(repo).filter((name) => name !== '.git');

describe('refs given to git', () => {
  it('npm run diff refuses a --base-ref that git would read as an option, and git writes nothing', async () => {
    const result = await runScript('scripts/diff.ts', [spec, `--base-ref=--output=${join(repo, 'X')}`], { timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(2);
    expect(result.stderr).toContain(`--base-ref: "--output=${join(repo, 'X')}" is not a git ref: it starts with "-", which git would read as an option.`);
    expect(files()).toEqual(['openapi.yaml']);
  });

  it('npm run diff still compares with a ref git knows', async () => {
    const result = await runScript('scripts/diff.ts', [spec, '--base-ref', 'main'], { timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(0);
    expect(result.stdout).toContain('No changes');
  });

  it('the runner refuses a revision starting with "-" before running git, for every caller', async () => {
    const option = `--output=${join(repo, 'Y')}`;
    await expect(git(repo, { args: ['show'], revisions: [`${option}:openapi.yaml`] })).rejects.toThrow(GitRefError);
    await expect(resolveBaseSpec(spec, { ref: option })).rejects.toThrow(GitRefError);
    expect(await refDate(spec, option)).toBeUndefined();
    expect(files()).toEqual(['openapi.yaml']);
  });

  it('passes revisions after --end-of-options, and paths after --', async () => {
    expect(gitArgs(repo, { args: ['log', '-1', '--format=%cI'], revisions: ['v1.0.0'], paths: [] })).toEqual([
      '-C',
      repo,
      'log',
      '-1',
      '--format=%cI',
      '--end-of-options',
      'v1.0.0',
      '--',
    ]);
    expect((await git(repo, { args: ['show'], revisions: ['main:openapi.yaml'] }))?.toString()).toContain('title: Pets');
    expect(await refDate(spec, 'main')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
