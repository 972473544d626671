// A team's gate settings as `npm run diff` reads them: the config file beside the description
// changing a level and accepting a change, oasdiff's severity and ignore files, the JUnit report
// read by a real XML parser, the HTML page, and the counts a GitHub Actions step writes out.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { ApiChanges } from '../../scripts/diff/types.ts';
import { runScript, type Finished } from '../helpers/processes.ts';
import { op, pets } from '../unit/diff/documents.ts';

let dir: string;

const cli = (args: string[], env: Record<string, string> = {}): Promise<Finished> =>
  runScript('scripts/diff.ts', args, { cwd: dir, env: { ...process.env, NO_COLOR: '1', ...env }, timeoutMs: 60_000 });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'diff-settings-'));
  mkdirSync(join(dir, 'configured'));
  writeFileSync(join(dir, 'base.yaml'), stringify(pets()));
  // A new required parameter on a stable operation, one made required on a beta one, a major version: nothing else.
  const head = pets();
  head.info.version = '2.0.0';
  op(head, '/pets', 'get').parameters.push({ name: 'owner', in: 'query', required: true, schema: { type: 'string' } });
  op(head, '/search', 'get').parameters[0].required = true;
  for (const file of ['head.yaml', 'configured/head.yaml']) writeFileSync(join(dir, file), stringify(head));
  writeFileSync(
    join(dir, 'configured', 'api-diff.yaml'),
    stringify({
      levels: { 'new-required-request-parameter': 'warning' },
      ignore: [{ id: 'request-parameter-became-required', operation: 'GET /search', reason: 'Search was announced as beta; the 2.0 notes say so.' }],
    }),
  );
  writeFileSync(join(dir, 'levels.txt'), '# ours\nnew-required-request-parameter info\n');
  writeFileSync(join(dir, 'ignore.md'), '- 2026-05-01 GET /search request-parameter-became-required: agreed with the search team\n');
  writeFileSync(join(dir, 'bad.yaml'), stringify({ ignore: [{ id: 'request-parameter-became-required' }] }));
  splitDescription('split-base', 100);
  splitDescription('split-head', 50);
});

/** A split description: the entry, a path file, and a parameter of its own file, whose `maximum` is `max`. */
function splitDescription(folder: string, max: number): void {
  mkdirSync(join(dir, folder, 'paths'), { recursive: true });
  mkdirSync(join(dir, folder, 'components', 'parameters'), { recursive: true });
  writeFileSync(join(dir, folder, 'openapi.yaml'), 'openapi: 3.0.3\ninfo: {title: Split, version: 1.0.0}\npaths:\n  /pets:\n    $ref: paths/pets.yaml\n');
  writeFileSync(
    join(dir, folder, 'paths', 'pets.yaml'),
    "get:\n  operationId: listPets\n  parameters:\n    - $ref: '../components/parameters/Limit.yaml'\n  responses:\n    '200': {description: Pets}\n",
  );
  writeFileSync(
    join(dir, folder, 'components', 'parameters', 'Limit.yaml'),
    `name: limit\nin: query\ndescription: How many pets to return.\nschema:\n  type: integer\n  minimum: 1\n  maximum: ${max}\n`,
  );
}

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

const json = (result: Finished): ApiChanges => JSON.parse(result.stdout) as ApiChanges;
const levels = (changes: ApiChanges): string[][] => changes.changes.map((c) => [c.id, c.level]);

describe('npm run diff settings', () => {
  it('the config file beside the description changes a level and accepts a change; without it both are breaking', async () => {
    const [configured, plain] = await Promise.all([cli(['base.yaml', 'configured/head.yaml', '--json']), cli(['base.yaml', 'head.yaml', '--json'])]);
    expect(configured.code, configured.stderr).toBe(0);
    expect(levels(json(configured))).toEqual([['new-required-request-parameter', 'warning']]);
    expect(json(configured).summary).toMatchObject({ breaking: 0, warnings: 1, ignored: 1 });
    expect(plain.code).toBe(1);
    expect(levels(json(plain))).toEqual([
      ['new-required-request-parameter', 'breaking'],
      ['request-parameter-became-required', 'breaking'],
    ]);
  });

  it("oasdiff's severity-levels and ignore files, and a level for one run", async () => {
    const [files, flag] = await Promise.all([
      cli(['base.yaml', 'head.yaml', '--json', '--severity-levels', 'levels.txt', '--err-ignore', 'ignore.md']),
      cli(['base.yaml', 'head.yaml', '--json', '--level', 'request-parameter-became-required=off', '--diff-config', 'configured/api-diff.yaml']),
    ]);
    expect(levels(json(files))).toEqual([['new-required-request-parameter', 'info']]);
    expect(json(files).summary.ignored).toBe(1);
    expect(levels(json(flag))).toEqual([['new-required-request-parameter', 'warning']]);
  });

  it('a config file that is wrong is exit 2, naming the file and what is missing', async () => {
    const [bad, unknown] = await Promise.all([
      cli(['base.yaml', 'head.yaml', '--diff-config', 'bad.yaml']),
      cli(['base.yaml', 'head.yaml', '--level', 'no-such-check=info']),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe('bad.yaml: ignore[0]: say why the change is accepted (reason).\n');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no-such-check is not a check id');
  });

  it('junit: read by an XML parser, a failure per change that fails the gate, at its file and line; the counts in $GITHUB_OUTPUT', async () => {
    const output = join(dir, 'github-output');
    writeFileSync(output, 'earlier=1\n');
    const result = await cli(['base.yaml', 'head.yaml', '--format', 'junit', '--stability-level', 'stable'], { GITHUB_OUTPUT: output });
    expect(result.code).toBe(1);
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => ['testsuite', 'testcase'].includes(name) }).parse(
      result.stdout,
    );
    const suites = parsed.testsuites;
    expect(suites).toMatchObject({ tests: '2', failures: '1', errors: '0' });
    const cases = suites.testsuite.flatMap((s: { name: string; testcase: object[] }) => s.testcase.map((c) => ({ suite: s.name, ...c })));
    expect(cases).toEqual([
      expect.objectContaining({
        suite: 'GET /pets (listPets)',
        name: 'new-required-request-parameter parameter query.owner',
        file: 'head.yaml',
        failure: expect.objectContaining({
          type: 'breaking new-required-request-parameter',
          message: expect.stringContaining('New required query parameter "owner"'),
        }),
      }),
      expect.objectContaining({
        suite: 'GET /search (searchPets)',
        name: 'request-parameter-became-required parameter query.q',
        'system-out': expect.stringMatching(/^warning: /),
      }),
    ]);
    expect(cases[0].line).toMatch(/^\d+$/);
    expect(readFileSync(output, 'utf8')).toBe('earlier=1\nbreaking=1\nwarnings=1\ninfo=0\ntotal=2\nignored=0\n');
  });

  it('html: one page with the headline and each change, the description’s text escaped', async () => {
    const evil = pets();
    evil.info.title = 'Pets <script>alert(1)</script>';
    op(evil, '/pets', 'get').parameters.push({ name: '<img src=x>', in: 'query', required: true, schema: { type: 'string' } });
    writeFileSync(join(dir, 'evil.yaml'), stringify(evil));
    const result = await cli(['base.yaml', 'evil.yaml', '--format', 'html']);
    expect(result.stdout).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(result.stdout).toContain('<title>API changes: Pets 1.4.0 → Pets &lt;script&gt;alert(1)&lt;/script&gt; 1.4.0</title>');
    expect(result.stdout).toContain('New required query parameter &quot;&lt;img src=x&gt;&quot;');
    expect(result.stdout).not.toContain('<script');
    expect(result.stdout).not.toContain('<img');
  });
});

describe('where a change lands', () => {
  it('a bound lowered in a parameter of its own file is annotated at that file and line, not at the operation', async () => {
    const result = await cli(['split-base/openapi.yaml', 'split-head/openapi.yaml', '--format', 'github']);
    expect(result.code, result.stderr).toBe(1);
    const lines = readFileSync(join(dir, 'split-head', 'components', 'parameters', 'Limit.yaml'), 'utf8').split('\n');
    const maximum = lines.indexOf('  maximum: 50') + 1;
    expect(result.stdout.split('\n')[0]).toBe(
      `::error file=split-head/components/parameters/Limit.yaml,line=${maximum},col=12,title=GET /pets (listPets)%3A request-parameter-max-decreased::Query parameter "limit" changed maximum from 100 to 50; requests with values valid before may now be rejected. [parameter query.limit]`,
    );
  });
});
