// The README's CI job, run on a temporary git repository: a copy of the
// project with its description committed on main, cloned (so that
// origin/main exists, as after actions/checkout with the full history), then
// changed on a branch. The lint and diff steps are read from the README's
// workflow and run as they are written, with the pull request's base branch
// filled in; the job's install step is replaced by a link to this project's
// node_modules and its build is left out (both are tested elsewhere).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, parseDocument } from 'yaml';
import { ROOT } from '../helpers/paths.ts';
import { runShell, scriptEnv, type Finished } from '../helpers/processes.ts';
import { defined } from '../helpers/defined.ts';

let tmp: string;
let clone: string;

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 30_000,
  });

/** The `run:` lines of the README's workflow. */
function workflowCommands(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('\n## CI\n'));
  const block = section.match(/```yaml\n([\s\S]*?)```/);
  if (!block?.[1]) throw new Error('No workflow in the README’s CI section');
  const workflow = parse(block[1]) as { jobs: Record<string, { steps: { run?: string }[] }> };
  return Object.values(workflow.jobs).flatMap((job) => job.steps.flatMap((step) => (step.run ? [step.run] : [])));
}

const commands = workflowCommands();
/** The job's lint and diff steps, for a pull request into main. */
const steps = commands.filter((c) => /^npm run (-s )?(lint|diff)\b/.test(c)).map((c) => c.replaceAll('${{ github.base_ref }}', 'main'));

/** Runs the job's steps in order in the clone, as the runner's shell would; each step's result. */
async function runJob(summary: string): Promise<[Finished, Finished, Finished]> {
  const results: Finished[] = [];
  for (const step of steps) {
    results.push(await runShell(step, { cwd: clone, env: scriptEnv({ GITHUB_STEP_SUMMARY: summary }), timeoutMs: 120_000 }));
  }
  const [lint, comment, gate] = results;
  return [defined(lint, 'the lint step'), defined(comment, 'the comment step'), defined(gate, 'the gate step')];
}

const entry = (): string => join(clone, 'openapi', 'openapi.yaml');
const getPetFile = (): string => join(clone, 'openapi', 'paths', 'pet.yaml');

/** Edits a YAML file of the clone, keeping its comments. */
function edit(file: string, change: (doc: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(readFileSync(file, 'utf8'));
  change(doc);
  const text = doc.toString();
  writeFileSync(file, text);
  return text;
}

function lineOf(text: string, line: string): number {
  const index = text.split('\n').indexOf(line);
  if (index < 0) throw new Error(`No line ${JSON.stringify(line)} in:\n${text}`);
  return index + 1;
}

let baseVersion: string;
let title: string;

beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'diff-ci-'));
  const upstream = join(tmp, 'upstream');
  clone = join(tmp, 'clone');
  // What the job needs of the project: its scripts and description (benchmarks left out).
  cpSync(join(ROOT, 'package.json'), join(upstream, 'package.json'));
  cpSync(join(ROOT, 'openapi'), join(upstream, 'openapi'), { recursive: true });
  cpSync(join(ROOT, 'scripts'), join(upstream, 'scripts'), { recursive: true, filter: (src) => !src.startsWith(join(ROOT, 'scripts', 'bench')) });
  writeFileSync(join(upstream, '.gitignore'), 'node_modules/\n');
  git(upstream, 'init', '-q', '-b', 'main');
  git(upstream, 'add', '.');
  git(upstream, 'commit', '-q', '-m', 'Petstore API');
  git(tmp, 'clone', '-q', upstream, clone);
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'), 'dir');
  const info = (parse(readFileSync(entry(), 'utf8')) as { info: { title: string; version: string } }).info;
  baseVersion = info.version;
  title = info.title;
});

afterAll(() => {
  rmSync(tmp, { recursive: true, force: true });
});

describe('the README’s CI job', () => {
  it('has the steps a pipeline needs, diffing against the base branch with annotations', () => {
    expect(commands[0]).toBe('npm ci');
    expect(steps.map((s) => s.split(' -- ')[0])).toEqual(['npm run lint', 'npm run -s diff', 'npm run diff']);
    expect(steps).toContain('npm run diff -- openapi/openapi.yaml --base-ref origin/main --format github --fail-on breaking');
    expect(commands.some((c) => c.startsWith('npm run build'))).toBe(true);
  });

  it('fails a branch that breaks clients, with an annotation at the changed parameter and one at the version', async () => {
    git(clone, 'checkout', '-q', '-b', 'filter-fields', 'origin/main');
    // A new required query parameter on a stable operation, and only a minor version bump.
    const petYaml = edit(getPetFile(), (doc) => {
      doc.setIn(
        ['get', 'parameters'],
        doc.createNode([{ name: 'fields', in: 'query', required: true, description: 'The fields to return, comma-separated.', schema: { type: 'string' } }]),
      );
    });
    edit(entry(), (doc) => doc.setIn(['info', 'version'], '1.99.0'));
    git(clone, 'commit', '-q', '-am', 'getPet: fields');

    const summary = join(tmp, 'summary-breaking.md');
    const [lint, comment, gate] = await runJob(summary);
    expect(lint.code, lint.output).toBe(0);
    expect(comment.code, comment.output).toBe(0);
    expect(gate.code, gate.output).toBe(1);
    const annotations = gate.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations).toEqual([
      `::error file=openapi/paths/pet.yaml,line=${lineOf(petYaml, '    - name: fields')},col=7,title=GET /pets/records/{petId} (getPet)%3A new-required-request-parameter::New required query parameter "fields"; existing requests that do not send it will be rejected. [parameter query.fields]`,
      `::error file=openapi/openapi.yaml,line=${lineOf(readFileSync(join(clone, 'openapi', 'openapi.yaml'), 'utf8'), '  version: 1.99.0')},col=12,title=Version%3A api-major-version-not-bumped::Breaking changes need a new major version, but info.version went from ${baseVersion} to 1.99.0; make it ${Number(baseVersion.split('.')[0]) + 1}.0.0. [info.version]`,
    ]);
    const report = readFileSync(summary, 'utf8');
    expect(report.startsWith(`<!-- api-changes -->\n## API changes: ${title} ${baseVersion} → ${title} 1.99.0\n`)).toBe(true);
    expect(report).toContain('### Breaking changes (2)');
  });

  it('passes a branch that only adds, with notices', async () => {
    git(clone, 'checkout', '-q', '-b', 'sort-order', 'origin/main');
    const petYaml = edit(getPetFile(), (doc) => {
      doc.setIn(
        ['get', 'parameters'],
        doc.createNode([{ name: 'fields', in: 'query', description: 'The fields to return, comma-separated.', schema: { type: 'string' } }]),
      );
    });
    edit(entry(), (doc) => doc.setIn(['info', 'version'], '1.99.0'));
    git(clone, 'commit', '-q', '-am', 'getPet: optional fields');

    const [lint, comment, gate] = await runJob(join(tmp, 'summary-additive.md'));
    expect(lint.code, lint.output).toBe(0);
    expect(comment.code, comment.output).toBe(0);
    expect(gate.code, gate.output).toBe(0);
    expect(gate.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([
      `::notice file=openapi/paths/pet.yaml,line=${lineOf(petYaml, '    - name: fields')},col=7,title=GET /pets/records/{petId} (getPet)%3A new-optional-request-parameter::New optional query parameter "fields". [parameter query.fields]`,
    ]);
  });

  it('stops with exit 2 when the base branch is not there', async () => {
    const step = steps.find((s) => s.includes('--format github'))!.replace('origin/main', 'origin/no-such-branch');
    const result = await runShell(step, { cwd: clone, env: scriptEnv(), timeoutMs: 120_000 });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Cannot read openapi/openapi.yaml at origin/no-such-branch');
  });
});
