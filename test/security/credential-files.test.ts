// Files where credentials are kept are never read, even inside the description's root: with the
// description at a repository's top, `externalValue: .git/config` published the token a CI
// checkout keeps there. Each refused file is an error at the `$ref` or `externalValue` that named
// it (`ref-credential-file`), whether it is named directly or reached through a symlink, and
// nothing of it reaches the output. A `redocly.yaml` beside the description is confined the same
// way: a symlink there that leads outside the root, or to a credential file, is not read.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFile } from '../../scripts/model/load/access.ts';
import { BUILD_TIMEOUT_MS, runScript, scriptEnv } from '../helpers/processes.ts';
import { description, positionOf, problemsIn, workspace, type Workspace } from './helpers.ts';

// Each file a description names: `$ref` and `externalValue` in turn.
const CREDENTIAL_FILES = [
  '.git/config',
  '.npmrc',
  '.env',
  '.env.production',
  '.ssh/id_ed25519',
  '.netrc',
  '.pgpass',
  '.aws/credentials',
  'id_rsa',
  'keys/id_rsa.pub',
  '.docker/config.json',
  '.git-credentials',
  'certs/server.key',
  '.config/gh/hosts.yml',
  '.kube/config',
  '.yarnrc.yml',
  '.pypirc',
  'Deploy/.ENV.local',
];

let ws: Workspace;
let api: string;
let text: string;

const reference = (file: string, i: number) => (i % 2 === 0 ? `$ref: '${file}'` : `externalValue: '${file}'`);

/** A description naming each reference: `$ref`s as component schemas, `externalValue`s as examples of a response. */
function descriptionOf(refs: string[]): string {
  const examples = refs.flatMap((ref, i) => (ref.startsWith('externalValue') ? [`  e${i}: { ${ref} }`] : []));
  const schemas = refs.flatMap((ref, i) => (ref.startsWith('$ref') ? [`    S${i}: { ${ref} }`] : []));
  const body = `schema: { type: object }\n${examples.length > 0 ? `examples:\n${examples.join('\n')}` : ''}`;
  return `${description(body)}components:\n  schemas:\n    Pet: { type: object }\n${schemas.join('\n')}\n`;
}

beforeAll(() => {
  ws = workspace('credentials');
  api = ws.api;
  // A repository at the description's top, its remote holding a token as a CI checkout's does.
  execFileSync('git', ['init', '-q'], { cwd: api });
  execFileSync('git', ['config', 'remote.origin.url', `https://x-access-token:${ws.marker}@github.com/owner/repo`], { cwd: api });
  for (const file of CREDENTIAL_FILES.slice(1)) ws.write(`api/${file}`, `token: ${ws.marker}\n`);
  symlinkSync(join(api, '.git', 'config'), join(api, 'pet.yaml'));
  text = descriptionOf([...CREDENTIAL_FILES.map(reference), "$ref: 'pet.yaml'"]);
  writeFileSync(join(api, 'openapi.yaml'), text);
});

afterAll(() => ws?.remove());

describe('credential files inside the root', () => {
  it('npm run lint refuses each at its $ref or externalValue, and prints nothing of them', async () => {
    const result = await runScript('scripts/lint.ts', ['--spec', join(api, 'openapi.yaml')], { env: scriptEnv(), timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(1);
    const problems = problemsIn(result.output, 'openapi.yaml');
    for (const [i, file] of CREDENTIAL_FILES.entries()) {
      expect(problems, `${file}\n${result.output}`).toContain(`${positionOf(text, reference(file, i))} error ref-credential-file`);
    }
    expect(problems).toContain(`${positionOf(text, "$ref: 'pet.yaml'")} error ref-credential-file`);
    expect(result.output).toContain('pet.yaml leads to');
    expect(result.output).not.toContain(ws.marker);
  });

  it('npm run build fails on externalValue: .git/config at a repository top, and publishes nothing of it', async () => {
    const folder = join(ws.dir, 'repo-top');
    mkdirSync(folder);
    execFileSync('git', ['init', '-q'], { cwd: folder });
    execFileSync('git', ['config', 'remote.origin.url', `https://x-access-token:${ws.marker}@github.com/owner/repo`], { cwd: folder });
    const single = descriptionOf(["externalValue: '.git/config'"]);
    writeFileSync(join(folder, 'openapi.yaml'), single);
    const out = join(ws.dir, 'site');
    const result = await runScript('scripts/build.ts', ['--spec', join(folder, 'openapi.yaml'), '--out', out, '--no-lint'], {
      env: scriptEnv(),
      timeoutMs: BUILD_TIMEOUT_MS,
    });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toContain(`${positionOf(single, 'externalValue')} error ref-credential-file`);
    expect(result.output).not.toContain(ws.marker);
    expect(existsSync(out)).toBe(false);
  });

  it('names files where credentials are kept, and leaves a description’s own files alone', () => {
    for (const file of CREDENTIAL_FILES) expect(credentialFile(file), file).toBeDefined();
    for (const file of [
      'openapi.yaml',
      'schemas/pet.yaml',
      'examples/env.json',
      'git/config.yaml',
      'docs/keys.md',
      'environment.yaml',
      '.github/openapi.yaml',
    ]) {
      expect(credentialFile(file), file).toBeUndefined();
    }
  });
});

describe('a redocly.yaml beside the description, through a symlink', () => {
  /** A description without `summary` (Redocly's recommended rules call it an error) beside `redocly.yaml` → `target`. */
  function linted(name: string, target: (folder: string) => string) {
    const folder = join(ws.dir, name, 'api');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'openapi.yaml'), descriptionOf([]).replace('      summary: List pets\n', ''));
    symlinkSync(target(folder), join(folder, 'redocly.yaml'));
    return runScript('scripts/lint.ts', ['--spec', join(folder, 'openapi.yaml')], { env: scriptEnv(), timeoutMs: 60_000 });
  }

  it('is not read when it leads outside the root: an error at the config, and the recommended rules', async () => {
    // The config outside would turn the summary rule off; it names the secret to show it is never read.
    const outside = ws.write('outside/redocly.yaml', `# ${ws.marker}\nrules:\n  operation-summary: off\n`);
    const result = await linted('config-outside', () => outside);
    expect(problemsIn(result.output, 'redocly.yaml'), result.output).toContain('1:1 error ref-outside-root');
    expect(problemsIn(result.output, 'openapi.yaml')).toContainEqual(expect.stringMatching(/error operation-summary$/));
    expect(result.output).not.toContain(ws.marker);
  });

  it('is not read when it leads to a credential file inside the root', async () => {
    const result = await linted('config-secret', (folder) => {
      ws.write(`config-secret/api/.npmrc`, `//registry.npmjs.org/:_authToken=${ws.marker}\n`);
      return join(folder, '.npmrc');
    });
    expect(problemsIn(result.output, 'redocly.yaml'), result.output).toContain('1:1 error ref-credential-file');
    expect(result.output).not.toContain(ws.marker);
  });
});
