// What a description may read, as a writer meets it: a reference outside the root or to a
// credential file is an error at its `$ref`, an example on a remote origin stays a link with a
// warning at its `externalValue`, and a file that is no regular file, a system file or too large is
// refused before it is read. Structural validation points at the line of the mistake.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../scripts/diagnostics.ts';
import { credentialFile, isInside, Refusal, readLocalFile, readRemote, remoteOrigin } from '../../../scripts/model/load/access.ts';
import { MAX_FILE_BYTES } from '../../../scripts/model/limits.ts';
import { loadDocument } from '../../../scripts/model/load/load.ts';
import { createLocator } from '../../../scripts/model/load/locate.ts';
import { validateDocument } from '../../../scripts/model/check/validate.ts';
import { positionOf } from '../../security/helpers.ts';

const dir = mkdtempSync(join(tmpdir(), 'description-access-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, 'api');
mkdirSync(root);

/** Writes `text` as `name` under the description's folder and returns its path. */
function write(name: string, text: string): string {
  const path = join(root, name);
  writeFileSync(path, text);
  return path;
}

const where = (d: Diagnostic) => `${d.line}:${d.col}`;

/** The diagnostics of a description that does not load. */
async function loadProblems(path: string): Promise<Diagnostic[]> {
  try {
    await loadDocument(path);
  } catch (error) {
    return (error as { diagnostics: Diagnostic[] }).diagnostics;
  }
  throw new Error(`${path} loaded`);
}

const HEAD = "openapi: 3.0.3\ninfo: {title: Pets, version: '1'}\npaths:\n";
const getWith = (path: string, response: string) =>
  `  ${path}:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n${response}`;

describe('references the description may not follow', () => {
  it('refuses a file outside the root and a credential file inside it, each at its $ref', async () => {
    writeFileSync(join(dir, 'outside.yaml'), 'type: string\n');
    write('.env', 'TOKEN=secret\n');
    const text = `${HEAD}${getWith('/pets', "              schema: {$ref: '../outside.yaml'}\n")}${getWith('/owners', "              schema: {$ref: '.env'}\n")}`;
    const problems = await loadProblems(write('refs.yaml', text));
    expect(problems.map((d) => [d.severity, d.rule, where(d)])).toEqual([
      ['error', 'ref-outside-root', positionOf(text, "$ref: '../outside.yaml'")],
      ['error', 'ref-credential-file', positionOf(text, "$ref: '.env'")],
    ]);
    expect(problems[0]?.message).toBe(
      `${join(dir, 'outside.yaml')} is outside the description's root ${root}, so it was not read (name a wider root with --root <dir>)`,
    );
    expect(problems[1]?.message).toBe(
      `${join(root, '.env')} is named like a file that holds credentials (.env): a description never reads it, even inside its root`,
    );
  });

  it('keeps an example on an origin not allowed as a link, with a warning at its externalValue', async () => {
    const text = `${HEAD}${getWith('/pets', "              examples:\n                remote: {externalValue: 'https://examples.example.com/pet.json'}\n")}`;
    const loaded = await loadDocument(write('remote.yaml', text));
    expect(loaded.diagnostics.map((d) => [d.severity, d.rule, where(d)])).toEqual([['warning', 'ref-remote-not-allowed', positionOf(text, 'externalValue')]]);
    expect(loaded.diagnostics[0]?.message).toMatch(/\(allow it with --allow-remote https:\/\/examples\.example\.com\); the example is shown as a link to it$/);
  });
});

describe('validateDocument', () => {
  it('names an unknown field at its line', async () => {
    const text = `${HEAD}  /pets:\n    get:\n      bogus: 1\n      responses: {'200': {description: ok}}\n`;
    const loaded = await loadDocument(write('unknown-field.yaml', text));
    const problems = await validateDocument(loaded.document, await createLocator(loaded), loaded.measure);
    expect(problems.map((d) => [d.severity, d.rule, d.message, where(d)])).toEqual([
      ['error', 'swagger-parser', 'must NOT have additional properties: `bogus`', positionOf(text, 'bogus')],
    ]);
  });

  it('lists the allowed values of a field that takes a few, at the value', async () => {
    const text = `${HEAD}  /pets:\n    get:\n      parameters: [{name: a, in: body, schema: {type: string}}]\n      responses: {'200': {description: ok}}\n`;
    const loaded = await loadDocument(write('allowed-values.yaml', text));
    const problems = await validateDocument(loaded.document, await createLocator(loaded), loaded.measure);
    const wrong = problems.filter((d) => d.message.startsWith('must be equal to one of the allowed values'));
    expect(wrong.map((d) => d.message.replace(/.*: /, '')).sort()).toEqual(['"cookie"', '"header"', '"path"', '"query"']);
    expect(new Set(wrong.map(where))).toEqual(new Set([positionOf(text, 'body')]));
  });

  it('finds nothing to say about a valid description', async () => {
    const loaded = await loadDocument(write('valid.yaml', `${HEAD}  /pets:\n    get:\n      responses: {'200': {description: ok}}\n`));
    expect(await validateDocument(loaded.document, await createLocator(loaded), loaded.measure)).toEqual([]);
  });
});

describe('readLocalFile', () => {
  const refusal = async (read: Promise<string>): Promise<[string, string]> => {
    const error = await read.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(error instanceof Refusal)) throw new Error(`not refused: ${String(error)}`);
    return [error.rule, error.message];
  };

  it('reads a regular file inside the root', async () => {
    expect(await readLocalFile(write('pet.yaml', 'type: object\n'), root)).toBe('type: object\n');
  });

  it('refuses a symlink that leads outside the root, or to a credential file inside it', async () => {
    symlinkSync(join(dir, 'outside.yaml'), join(root, 'link.yaml'));
    write('id_ed25519', 'key');
    symlinkSync(join(root, 'id_ed25519'), join(root, 'innocent.yaml'));
    const [rule, message] = await refusal(readLocalFile(join(root, 'link.yaml'), root, { shown: 'link.yaml' }));
    expect(rule).toBe('ref-outside-root');
    expect(message).toBe(
      `link.yaml leads to ${join(dir, 'outside.yaml')}, which is outside the description's root ${root}, so it was not read (name a wider root with --root <dir>)`,
    );
    expect(await refusal(readLocalFile(join(root, 'innocent.yaml'), root, { shown: 'innocent.yaml' }))).toEqual([
      'ref-credential-file',
      `innocent.yaml leads to ${join(root, 'id_ed25519')}, which is named like a file that holds credentials (id_ed25519): a description never reads it, even inside its root`,
    ]);
  });

  it('refuses a system file, a folder and a file larger than the bound, before reading them', async () => {
    symlinkSync('/proc/self/environ', join(root, 'environ.yaml'));
    expect((await refusal(readLocalFile(join(root, 'environ.yaml'), '/')))[0]).toBe('ref-not-a-file');
    mkdirSync(join(root, 'folder.yaml'));
    expect(await refusal(readLocalFile(join(root, 'folder.yaml'), root, { shown: 'folder.yaml' }))).toEqual([
      'ref-not-a-file',
      'folder.yaml is a folder, not a file: it was not read',
    ]);
    const large = write('large.yaml', '');
    truncateSync(large, MAX_FILE_BYTES + 1);
    expect(await refusal(readLocalFile(large, root, { shown: 'large.yaml' }))).toEqual([
      'file-too-large',
      'large.yaml is larger than 50 MB, the most a description file may be: nothing was read',
    ]);
  });

  it('refuses an origin not allowed without asking it anything', async () => {
    const error = await readRemote('https://schemas.example.com/pet.yaml', new Set(['https://other.example.com'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Refusal);
    expect((error as Refusal).rule).toBe('ref-remote-not-allowed');
  });
});

describe('the rules of access', () => {
  it('knows where credentials are kept, in any case and at any depth', () => {
    expect(credentialFile('.git/config')).toBe('in .git, where credentials are kept');
    expect(credentialFile('home/.SSH/known_hosts')).toBe('in .SSH, where credentials are kept');
    expect(credentialFile('.config/gh/hosts.yml')).toBe('in .config/gh, where credentials are kept');
    expect(credentialFile('deploy\\.env.production')).toBe('named like a file that holds credentials (.env.production)');
    expect(credentialFile('certs/server.PEM')).toBe('named like a file that holds credentials (server.PEM)');
    expect(credentialFile('schemas/environment.yaml')).toBeUndefined();
    expect(credentialFile('.config/app/settings.yaml')).toBeUndefined();
  });

  it('takes an http(s) origin for --allow-remote, and explains anything else', () => {
    expect(remoteOrigin('https://schemas.example.com/pets/v1.yaml')).toBe('https://schemas.example.com');
    expect(remoteOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(() => remoteOrigin('schemas.example.com')).toThrow('--allow-remote takes an origin such as https://schemas.example.com, got "schemas.example.com"');
    expect(() => remoteOrigin('ftp://schemas.example.com')).toThrow('--allow-remote takes an http or https origin, got "ftp://schemas.example.com"');
  });

  it('tells a path inside a folder from one beside it', () => {
    expect(isInside('/a/api', '/a/api')).toBe(true);
    expect(isInside('/a/api', '/a/api/pets/pet.yaml')).toBe(true);
    expect(isInside('/a/api', '/a/api-old/pet.yaml')).toBe(false);
    expect(isInside('/a/api', '/a/pet.yaml')).toBe(false);
    expect(isInside('/a/api', '/a/api/..pet.yaml')).toBe(true);
  });
});
