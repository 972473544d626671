// Bounded work: a few hundred bytes of `minItems` × `minLength`, a 500-byte "billion laughs" of YAML
// aliases, and a description that needs more memory than the process may have, each through the
// build, the mock's reload and the preview's save, all under a memory bound
// (NODE_OPTIONS=--max-old-space-size). The first gives honest, shorter examples and a warning at each
// schema that was cut; the others fail at a place (the first alias; the entry file) while the build
// leaves the previous output as it was and the mock and the preview keep serving the last good version.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { freePort } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, scriptEnv, start, startScript, stop, type Running } from '../helpers/processes.ts';
import { positionOf, problemsIn, shellEnv, workspace, type Workspace } from './helpers.ts';

/** The memory every command here may have; the model worker gets the same. */
const BOUND_MB = 192;
const bounded = (extra: Record<string, string> = {}) => scriptEnv({ NODE_OPTIONS: `--max-old-space-size=${BOUND_MB}`, ...extra });

const AUTH = { headers: { authorization: 'Bearer test-key' } };

/** 100 million items of 100 million characters: without bounds, more memory than any machine has. */
const MIN_ITEMS_BOMB = `openapi: 3.0.3
info: {title: Items bomb, version: '1'}
paths:
  /bomb:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: array
                minItems: 100000000
                items:
                  type: string
                  minLength: 100000000
`;

/** Nine levels of nine aliases: about 490 bytes that expand to hundreds of millions of nodes. */
function aliasBomb(): string {
  const lines = [
    'openapi: 3.0.3',
    "info: {title: Alias bomb, version: '1'}",
    'paths: {}',
    'x-laughs:',
    '  a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ];
  let previous = 'a';
  for (const name of 'bcdefghi') {
    lines.push(`  ${name}: &${name} [${Array(9).fill(`*${previous}`).join(', ')}]`);
    previous = name;
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A plain description of 25,000 operations (about 46 MB of JSON, under the 50 MB a file may be): its model needs
 * more than the bound, even read with JSON.parse as the build and the preview read JSON first.
 */
function heavy(): string {
  const paths: Record<string, unknown> = {};
  const properties = Object.fromEntries(Array.from({ length: 20 }, (_, j) => [`field${j}`, { type: 'string', description: 'x'.repeat(40) }]));
  for (let i = 0; i < 25_000; i++) {
    paths[`/items${i}`] = {
      get: {
        operationId: `getItem${i}`,
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties } } } } },
      },
    };
  }
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'Heavy', version: '1' }, paths });
}

/** A small good description the mock and the preview serve first; its answer names its version. */
const GOOD = `openapi: 3.0.3
info: {title: Good, version: '1'}
paths:
  /bomb:
    get:
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {type: object}
              example: {version: good-version}
`;

let ws: Workspace;

/** Matches once `pattern` has appeared `times` times (a command prints the same line for each save). */
const nth = (pattern: RegExp, times: number): RegExp => new RegExp(`(?:[\\s\\S]*?${pattern.source}){${times}}`);

beforeAll(() => {
  ws = workspace('bounds');
});

afterAll(() => ws?.remove());

describe(`npm run build with ${BOUND_MB} MB of memory`, () => {
  it('builds a minItems × minLength bomb with short examples, and a warning at each schema cut', async () => {
    const spec = ws.write('build-items/openapi.yaml', MIN_ITEMS_BOMB);
    const out = join(ws.dir, 'build-items/out');
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out, '--no-lint'], { env: bounded(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(0);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([
      `${positionOf(MIN_ITEMS_BOMB, 'type: array')} warning example-capped`,
      `${positionOf(MIN_ITEMS_BOMB, 'type: string')} warning example-capped`,
    ]);
    const model = JSON.parse(readFileSync(join(out, 'openapi.json'), 'utf8'));
    expect(model.paths['/bomb'].get.responses['200'].content['application/json'].schema.minItems).toBe(100000000);
    // The page shows 32 items of 256 characters: kilobytes, not petabytes.
    expect(readFileSync(join(out, 'operations/get-bomb/index.html')).length).toBeLessThan(200_000);
  });

  it('fails on a YAML alias bomb at its first alias, and leaves the previous output as it was', async () => {
    const text = aliasBomb();
    const spec = ws.write('build-aliases/openapi.yaml', text);
    const out = join(ws.dir, 'build-aliases/out');
    ws.write('build-aliases/out/previous.txt', 'the previous site');
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out], { env: bounded(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.yaml')).toEqual([`${positionOf(text, '*a')} error yaml-aliases`]);
    expect(readFileSync(join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
  });

  it('fails on a description whose model needs more than the bound, at its entry file, and leaves the previous output as it was', async () => {
    const spec = ws.write('build-heavy/openapi.json', heavy());
    const out = join(ws.dir, 'build-heavy/out');
    ws.write('build-heavy/out/previous.txt', 'the previous site');
    const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out, '--no-lint'], { env: bounded(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(1);
    expect(problemsIn(result.output, 'openapi.json')).toEqual(['1:1 error memory-limit']);
    expect(result.output).toContain(`more than ${BOUND_MB} MB`);
    expect(result.output).not.toMatch(/FATAL ERROR|heap out of memory/);
    expect(readFileSync(join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
  });
});

describe(`the mock's reload with ${BOUND_MB} MB of memory`, () => {
  let mock: Running | undefined;
  afterEach(async () => {
    await stop(mock);
    mock = undefined;
  });

  /** Saves `text` as the description and waits for the mock's word on it (its `times`-th such line); returns what it said. */
  async function save(running: Running, spec: string, text: string, outcome: RegExp, times: number): Promise<string> {
    const seen = running.output().length;
    writeFileSync(spec, text);
    await running.waitFor(nth(outcome, times), 60_000);
    return running.output().slice(seen);
  }

  it('keeps serving the last good version through an alias bomb and a description too large for its memory, and serves a bomb of items short', async () => {
    const spec = ws.write('mock/openapi.yaml', GOOD);
    const running = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort())], { env: bounded(), timeoutMs: 300_000 });
    mock = running;
    const [, url] = await running.waitFor(/listening on (http:\/\/\S+)/, 60_000);
    const answer = async () => (await fetch(`${url}/bomb`, AUTH)).text();
    expect(await answer()).toContain('good-version');

    const bomb = aliasBomb();
    let said = await save(running, spec, bomb, /still serving the last good version/, 1);
    expect(problemsIn(said, 'openapi.yaml')).toEqual([`${positionOf(bomb, '*a')} error yaml-aliases`]);
    expect(await answer()).toContain('good-version');

    said = await save(running, spec, heavy(), /still serving the last good version/, 2);
    expect(problemsIn(said, 'openapi.yaml')).toEqual(['1:1 error memory-limit']);
    expect(await answer()).toContain('good-version');

    await save(running, spec, MIN_ITEMS_BOMB, /Recovered in \d+ ms after a change to openapi\.yaml: Items bomb/, 1);
    const items = JSON.parse(await answer()) as string[];
    expect(items).toHaveLength(32);
    expect(items.every((item) => item.length === 256)).toBe(true);
  });
});

describe('the preview (npm run dev) with a memory bound', () => {
  let dev: Running | undefined;
  afterEach(async () => {
    await stop(dev);
    dev = undefined;
  });

  it('keeps the last good version through an alias bomb, and shows a bomb of items short with its warnings', async () => {
    const spec = ws.write('dev/openapi.yaml', GOOD);
    const args = ['--spec', spec, '--port', String(await freePort()), '--mock-port', String(await freePort()), '--host', '127.0.0.1'];
    // The preview runs the site's development server too, which needs more room than a build's model.
    dev = start(join(ROOT, 'node_modules/.bin/node'), ['scripts/dev.ts', ...args], {
      cwd: ROOT,
      env: shellEnv({ NODE_OPTIONS: '--max-old-space-size=1024' }),
      timeoutMs: 400_000,
    });
    const [, site] = await dev.waitFor(/^Preview: (http:\/\/\S+)$/m, 200_000);
    const [, mockUrl] = await dev.waitFor(/^Mock server: (http:\/\/\S+?)\/? /m, 10_000);
    const page = async () => (await fetch(`${site}operations/get-bomb/`)).text();
    const answer = async () => (await fetch(`${mockUrl}/bomb`, AUTH)).text();
    expect(await page()).toContain('good-version');

    const bomb = aliasBomb();
    let seen = dev.output().length;
    writeFileSync(spec, bomb);
    await dev.waitFor(/The description does not load \(1 error\)\. The preview keeps showing the last good version\./, 60_000);
    expect(problemsIn(dev.output().slice(seen), 'openapi.yaml')).toEqual([`${positionOf(bomb, '*a')} error yaml-aliases`]);
    expect(await page()).toContain('good-version');
    expect(await answer()).toContain('good-version');

    seen = dev.output().length;
    writeFileSync(spec, MIN_ITEMS_BOMB);
    // The first build printed this line too: the save's is the second.
    await dev.waitFor(nth(/Rebuilt in \d+ ms/, 2), 60_000);
    expect(problemsIn(dev.output().slice(seen), 'openapi.yaml')).toEqual(
      expect.arrayContaining([
        `${positionOf(MIN_ITEMS_BOMB, 'type: array')} warning example-capped`,
        `${positionOf(MIN_ITEMS_BOMB, 'type: string')} warning example-capped`,
      ]),
    );
    const items = JSON.parse(await answer()) as string[];
    expect(items).toHaveLength(32);
    expect((await page()).length).toBeLessThan(500_000);
  });
});
