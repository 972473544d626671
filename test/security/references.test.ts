// References stay home: a `$ref` or `externalValue` reaches only regular files inside the
// description's root, and remote documents only on origins the writer allowed. Each hostile
// reference gets a description of its own, run through the real commands as processes: the
// refused reference is an error at its own line and column, nothing is read or fetched, and
// nothing of the target shows up in the output, the built site or the mock's answers.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, scriptEnv, startScript, stop, type Running } from '../helpers/processes.ts';
import { description, filesContaining, positionOf, problemsIn, startRecorder, workspace, type Recorder, type Workspace } from './helpers.ts';

let ws: Workspace;
let recorder: Recorder;

beforeAll(async () => {
  ws = workspace('refs');
  recorder = await startRecorder();
});

afterAll(async () => {
  await recorder?.close();
  ws?.remove();
});

/** The environment of the commands: it holds the workspace's secret, as a CI's would hold its tokens. */
const env = () => scriptEnv({ PORTAL_TEST_TOKEN: ws.marker });

interface Case {
  name: string;
  /** Writes the description (and what it needs) into `folder`; returns its text. */
  setup: (folder: string) => string;
  /** Text of the reference in the description, where the problem must be reported. */
  at: string;
  rule: string;
  severity?: 'error' | 'warning';
  args?: string[];
}

const schemaRef = (ref: string) => `schema:\n  $ref: '${ref}'`;
const externalValue = (value: string) => `schema: {type: object}\nexamples:\n  hostile:\n    externalValue: '${value}'`;

const cases: Case[] = [
  {
    name: 'a $ref to a file outside the root',
    setup: () => description(schemaRef('../../secret.txt')),
    at: '$ref',
    rule: 'ref-outside-root',
  },
  { name: 'a $ref to /etc/hostname', setup: () => description(schemaRef('/etc/hostname')), at: '$ref', rule: 'ref-outside-root' },
  {
    name: 'a $ref to /proc/self/environ (the secrets of the environment)',
    setup: () => description(schemaRef('/proc/self/environ')),
    at: '$ref',
    rule: 'ref-outside-root',
  },
  {
    name: 'a $ref to /proc/self/environ with the whole file system as root',
    setup: () => description(schemaRef('/proc/self/environ')),
    at: '$ref',
    rule: 'ref-not-a-file',
    args: ['--root', '/'],
  },
  {
    name: 'a $ref through a symlink inside the root that leads outside it',
    setup: (folder) => {
      symlinkSync(ws.secret, join(folder, 'pet.yaml'));
      return description(schemaRef('pet.yaml'));
    },
    at: '$ref',
    rule: 'ref-outside-root',
  },
  {
    name: 'a $ref to a named pipe (nothing ever writes to it)',
    setup: (folder) => {
      execFileSync('mkfifo', [join(folder, 'pet.yaml')]);
      return description(schemaRef('pet.yaml'));
    },
    at: '$ref',
    rule: 'ref-not-a-file',
  },
  {
    name: 'a $ref to /dev/stdin',
    setup: () => description(schemaRef('/dev/stdin')),
    at: '$ref',
    rule: 'ref-outside-root',
  },
  {
    name: 'a $ref to a file:// URL',
    setup: () => description(schemaRef(`file://${ws.secret}`)),
    at: '$ref',
    rule: 'ref-scheme-not-allowed',
  },
  {
    name: 'a $ref to an http URL on an origin not allowed',
    setup: () => description(schemaRef(`${recorder.origin}/pet.json`)),
    at: '$ref',
    rule: 'ref-remote-not-allowed',
  },
  {
    name: 'a $ref to a file past the size limit',
    setup: (folder) => {
      writeFileSync(join(folder, 'pet.yaml'), '');
      truncateSync(join(folder, 'pet.yaml'), 51 * 1024 * 1024);
      return description(schemaRef('pet.yaml'));
    },
    at: '$ref',
    rule: 'file-too-large',
  },
  {
    name: 'an externalValue naming a file outside the root',
    setup: () => description(externalValue('../../secret.txt')),
    at: 'externalValue',
    rule: 'ref-outside-root',
  },
  { name: 'an externalValue naming /etc/passwd', setup: () => description(externalValue('/etc/passwd')), at: 'externalValue', rule: 'ref-outside-root' },
  {
    name: 'an externalValue naming file:///etc/hostname',
    setup: () => description(externalValue('file:///etc/hostname')),
    at: 'externalValue',
    rule: 'ref-scheme-not-allowed',
  },
  {
    name: 'an externalValue on an origin not allowed (a warning: it stays a link)',
    setup: () => description(externalValue(`${recorder.origin}/example.json`)),
    at: 'externalValue',
    rule: 'ref-remote-not-allowed',
    severity: 'warning',
  },
];

describe('npm run lint on hostile references', () => {
  cases.forEach((c, index) => {
    it(`reports ${c.name} at its place, and reads nothing`, async () => {
      const folder = join(ws.dir, `lint-${index}`, 'api');
      mkdirSync(folder, { recursive: true });
      const text = c.setup(folder);
      writeFileSync(join(folder, 'openapi.yaml'), text);
      const before = recorder.requests.length;
      const result = await runScript('scripts/lint.ts', ['--spec', join(folder, 'openapi.yaml'), ...(c.args ?? [])], { env: env(), timeoutMs: 60_000 });
      const severity = c.severity ?? 'error';
      expect(problemsIn(result.output, 'openapi.yaml'), result.output).toContain(`${positionOf(text, c.at)} ${severity} ${c.rule}`);
      if (severity === 'error') expect(result.code, result.output).toBe(1);
      expect(result.output).not.toContain(ws.marker);
      expect(recorder.requests.length).toBe(before);
    });
  });

  it('follows a reference to a sibling folder once the writer names the common root', async () => {
    ws.write('root-case/shared/pet.yaml', 'type: object\nproperties:\n  name: {type: string}\n');
    const spec = ws.write('root-case/api/openapi.yaml', description(schemaRef('../shared/pet.yaml')));
    const refused = await runScript('scripts/lint.ts', ['--spec', spec], { timeoutMs: 60_000 });
    expect(problemsIn(refused.output, 'openapi.yaml')).toContain(`${positionOf(readFileSync(spec, 'utf8'), '$ref')} error ref-outside-root`);
    const allowed = await runScript('scripts/lint.ts', ['--spec', spec, '--root', join(ws.dir, 'root-case')], { timeoutMs: 60_000 });
    expect(allowed.output).not.toContain('ref-outside-root');
    expect(allowed.output).toMatch(/Hostile 1\.0 \(OpenAPI 3\.0\.3\): 1 operations/);
  });

  it('fetches a remote $ref on an origin the writer allowed, and only then', async () => {
    const spec = ws.write('remote-allowed/api/openapi.yaml', description(schemaRef(`${recorder.origin}/allowed.json`)));
    const before = recorder.requests.length;
    const result = await runScript('scripts/lint.ts', ['--spec', spec, '--allow-remote', recorder.origin], { timeoutMs: 60_000 });
    expect(result.output).not.toMatch(/ref-remote-not-allowed|no-unresolved-refs/);
    expect(result.output).toMatch(/Hostile 1\.0 \(OpenAPI 3\.0\.3\): 1 operations/);
    expect(recorder.requests.slice(before)).toContain('/allowed.json');
  });
});

describe('npm run build on hostile references', () => {
  it('fails on a $ref outside the root at its place, and leaves the previous output as it was', async () => {
    const text = description(schemaRef('../../secret.txt'));
    const spec = ws.write('build-outside/api/openapi.yaml', text);
    const out = join(ws.dir, 'build-outside/out');
    ws.write('build-outside/out/previous.txt', 'the previous site');
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out], { env: env(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([`${positionOf(text, '$ref')} error ref-outside-root`]);
    expect(readFileSync(join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
    expect(filesContaining(out, ws.marker)).toEqual([]);
    expect(result.output).not.toContain(ws.marker);
  });

  it('fails on a $ref to an origin not allowed at its place, and fetches nothing', async () => {
    const text = description(schemaRef(`${recorder.origin}/pet.json`));
    const spec = ws.write('build-remote/api/openapi.yaml', text);
    const before = recorder.requests.length;
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', join(ws.dir, 'build-remote/out')], { timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([`${positionOf(text, '$ref')} error ref-remote-not-allowed`]);
    expect(recorder.requests.length).toBe(before);
  });

  it('builds with a remote externalValue shown as a link: never fetched, nothing of it in the pages, copies or downloads', async () => {
    const url = `${recorder.origin}/example.json`;
    const text = description(externalValue(url));
    const spec = ws.write('build-external/api/openapi.yaml', text);
    const out = join(ws.dir, 'build-external/out');
    const before = recorder.requests.length;
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out], { env: env(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(0);
    expect(problemsIn(result.output, 'openapi.yaml')).toContain(`${positionOf(text, 'externalValue')} warning ref-remote-not-allowed`);
    expect(recorder.requests.length).toBe(before);
    for (const file of ['operations/list-pets/index.html', 'operations/list-pets.md', 'llms.txt', 'openapi.json', 'openapi.yaml']) {
      expect(existsSync(join(out, file)), file).toBe(true);
    }
    expect(filesContaining(out, recorder.marker)).toEqual([]);
    // The reader still learns where the example is.
    expect(readFileSync(join(out, 'operations/list-pets/index.html'), 'utf8')).toContain(url);
  });
});

describe('npm run mock on hostile references', () => {
  const running: Running[] = [];
  afterEach(async () => {
    for (const mock of running.splice(0)) await stop(mock);
  });

  it('does not start on a $ref to a file outside the root, and says where it is', async () => {
    const text = description(schemaRef('../../secret.txt'));
    const spec = ws.write('mock-outside/api/openapi.yaml', text);
    const result = await runScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort())], { env: env(), timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([`${positionOf(text, '$ref')} error ref-outside-root`]);
    expect(result.output).not.toContain(ws.marker);
  });

  it('does not start on a $ref to an origin not allowed, and fetches nothing', async () => {
    const text = description(schemaRef(`${recorder.origin}/pet.json`));
    const spec = ws.write('mock-remote/api/openapi.yaml', text);
    const before = recorder.requests.length;
    const result = await runScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort())], { timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([`${positionOf(text, '$ref')} error ref-remote-not-allowed`]);
    expect(recorder.requests.length).toBe(before);
  });

  it('fetches an allowed remote $ref at start only: never while answering, dynamic answers included', async () => {
    const spec = ws.write('mock-allowed/api/openapi.yaml', description(schemaRef(`${recorder.origin}/pet.json`)));
    const before = recorder.requests.length;
    const mock = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort()), '--allow-remote', recorder.origin], {
      timeoutMs: 120_000,
    });
    running.push(mock);
    const [, url] = await mock.waitFor(/listening on (http:\/\/\S+)/, 30_000);
    const atStart = recorder.requests.length;
    expect(atStart).toBeGreaterThan(before);
    const answers = await Promise.all(
      [`${url}/pets`, `${url}/pets?__dynamic=true`].map(async (address, i) =>
        (await fetch(address, i === 0 ? {} : { headers: { prefer: 'dynamic=true' } })).text(),
      ),
    );
    // The remote schema's example is served, as the writer allowed; asking did not fetch it again.
    expect(answers[0]).toContain(recorder.marker);
    expect(recorder.requests.length).toBe(atStart);
  });

  it('answers without a remote externalValue, which it never fetches', async () => {
    const spec = ws.write('mock-external/api/openapi.yaml', description(externalValue(`${recorder.origin}/example.json`)));
    const before = recorder.requests.length;
    const mock = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort())], { timeoutMs: 120_000 });
    running.push(mock);
    const [, url] = await mock.waitFor(/listening on (http:\/\/\S+)/, 30_000);
    const answer = await fetch(`${url}/pets`, { headers: { prefer: 'example=hostile' } });
    expect(await answer.text()).not.toContain(recorder.marker);
    expect(recorder.requests.length).toBe(before);
  });
});

describe('npm run diff on hostile references', () => {
  it('does not load a version with a $ref outside the root (exit 2), and says where it is', async () => {
    const good = ws.write('diff/api/old.yaml', description('schema: {type: object}'));
    const text = description(schemaRef('../../secret.txt'));
    const bad = ws.write('diff/api/new.yaml', text);
    const result = await runScript('scripts/diff.ts', [good, bad], { env: env(), timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(2);
    expect(problemsIn(result.output, 'new.yaml')).toEqual([`${positionOf(text, '$ref')} error ref-outside-root`]);
    expect(result.output).not.toContain(ws.marker);
  });
});
