// Text from a description printed in a terminal: control characters (an escape sequence that
// clears the screen, a carriage return that rewrites the line, a newline that forges one) are shown
// escaped by every command, so a description can neither hide a problem nor invent one.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { freePort } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, start, startScript, stop, type Running } from '../helpers/processes.ts';
import { shellEnv, workspace, type Workspace } from './helpers.ts';

// YAML's double-quoted escapes: ESC, a carriage return, a newline, a right-to-left override.
const TITLE = String.raw`"Evil\e[2J\e[31mRed\r\n0 errors, 0 warnings\u202e"`;
const PATH = String.raw`"/pets\e[8m"`;

const evil = (summary: string) => `openapi: 3.0.3
info:
  title: ${TITLE}
  version: "1\\e[0m"
paths:
  ${PATH}:
    get:
      summary: ${summary}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                $ref: "missing\\e[2J.yaml"
`;

let ws: Workspace;
let broken: string;
let good: string;

beforeAll(() => {
  ws = workspace('terminal');
  broken = ws.write('api/broken.yaml', evil('List'));
  good = ws.write('api/openapi.yaml', evil('List').replace(/\n {14}schema:\n {16}\$ref: .*\n/, '\n              schema: {type: object}\n'));
  ws.write(
    'api/older.yaml',
    evil('List')
      .replace(/\n {14}schema:\n {16}\$ref: .*\n/, '\n              schema: {type: object}\n')
      .replace(PATH, '"/gone\\e[5m"'),
  );
});

afterAll(() => ws?.remove());

/** No character that acts on a terminal, and the escapes where they were. */
function expectEscaped(output: string): void {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: an escape or a carriage return reaching the terminal is the failure
  expect(output).not.toMatch(/[\u001b\r\u202e]/);
  expect(output).toContain('\\x1b');
}

describe('text from a description in the terminal', () => {
  const running: Running[] = [];
  afterEach(async () => {
    for (const process of running.splice(0)) await stop(process);
  });

  it('npm run lint shows control characters in problems and titles escaped', async () => {
    const result = await runScript('scripts/lint.ts', ['--spec', broken], { timeoutMs: 60_000 });
    expectEscaped(result.output);
    expect(result.output).toContain('missing\\x1b[2J.yaml');
    // The forged summary stays inside its line: the last line is lint's own.
    expect(result.output.trim().split('\n').at(-1)).toMatch(/^\d+ errors?, \d+ warnings?$/);
  });

  it('npm run build shows them escaped in its summary', async () => {
    const result = await runScript('scripts/build.ts', ['--spec', good, '--out', join(ws.dir, 'out'), '--no-lint'], { timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(0);
    expectEscaped(result.output);
    expect(result.output).toContain('Built Evil\\x1b[2J\\x1b[31mRed\\r\\n0 errors, 0 warnings\\u{202e} 1\\x1b[0m:');
  });

  it('npm run diff shows them escaped as text and as Markdown', async () => {
    for (const format of [[], ['--markdown']]) {
      const result = await runScript('scripts/diff.ts', [join(ws.api, 'older.yaml'), good, ...format], { timeoutMs: 60_000 });
      expect(result.code, result.output).toBe(1);
      expectEscaped(result.output);
      expect(result.output).not.toMatch(/^0 errors, 0 warnings/m);
    }
  });

  it('npm run mock shows them escaped when it starts and when it reloads', async () => {
    const mock = startScript('scripts/mock.ts', ['--spec', good, '--port', String(await freePort())], { timeoutMs: 120_000 });
    running.push(mock);
    await mock.waitFor(/listening on http/, 30_000);
    writeFileSync(good, readFileSync(good, 'utf8').replace('summary: List', 'summary: List them'));
    await mock.waitFor(/Reloaded in \d+ ms after a change to openapi\.yaml: /, 30_000);
    expectEscaped(mock.output());
    expect(mock.output().match(/\(Evil\\x1b\[2J|: Evil\\x1b\[2J/g)).toHaveLength(2);
  });

  it('npm run dev shows them escaped in its problems and its lines', async () => {
    const args = ['--spec', broken, '--port', String(await freePort()), '--mock-port', String(await freePort()), '--host', '127.0.0.1'];
    const dev = start(join(ROOT, 'node_modules/.bin/node'), ['scripts/dev.ts', ...args], { cwd: ROOT, env: shellEnv(), timeoutMs: 300_000 });
    running.push(dev);
    await dev.waitFor(/^Preview: http/m, 200_000);
    expectEscaped(dev.output());
    expect(dev.output()).toContain('missing\\x1b[2J.yaml');
  });
});
