// Code only from the project: a `redocly.yaml` beside a foreign description is used for its rules,
// but its plugins (listed, or a `@theme/plugin.js` beside it) never run and its `extends` URL is
// never fetched, in every command that reads a description; each is a warning at its place in that
// file. A config the user names with --config, and the project's own, load their plugins. A broken
// config is a located problem, never a stack trace.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { freePort } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, runScript, start, startScript, stop, type Running } from '../helpers/processes.ts';
import { description, positionOf, problemsIn, shellEnv, startRecorder, workspace, type Recorder, type Workspace } from './helpers.ts';

let ws: Workspace;
let recorder: Recorder;
let spec: string;
let config: string;
let configText: string;
let pluginMarker: string;
let themeMarker: string;

/** A plugin that leaves a file behind when its code runs. */
const plugin = (marker: string, id: string) =>
  `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\nmodule.exports = function () { return { id: ${JSON.stringify(id)}, rules: { oas3: {} } }; };\n`;

beforeAll(async () => {
  ws = workspace('config');
  recorder = await startRecorder();
  pluginMarker = join(ws.dir, 'plugin-ran');
  themeMarker = join(ws.dir, 'theme-plugin-ran');
  // No `summary`: the config turns `operation-summary` off, which shows its rules are used.
  spec = ws.write('api/openapi.yaml', description('schema: {type: object}').replace('      summary: List pets\n', ''));
  ws.write('api/evil.js', plugin(pluginMarker, 'evil'));
  ws.write('api/@theme/plugin.js', plugin(themeMarker, 'theme'));
  configText = `extends:
  - recommended
  - ${recorder.origin}/shared-rules.yaml
plugins:
  - ./evil.js
rules:
  operation-summary: off
`;
  config = ws.write('api/redocly.yaml', configText);
});

afterAll(async () => {
  await recorder?.close();
  ws?.remove();
});

/** The warnings every command must print for that config, at their places in it. */
function expectRefused(output: string): void {
  const warnings = problemsIn(output, 'redocly.yaml');
  expect(warnings, output).toContain(`${positionOf(configText, 'plugins')} warning config-untrusted`);
  expect(warnings).toContain(`${positionOf(configText, recorder.origin)} warning config-untrusted`);
  expect(warnings).toContain('1:1 warning config-untrusted');
  expect(existsSync(pluginMarker)).toBe(false);
  expect(existsSync(themeMarker)).toBe(false);
  expect(recorder.requests).toEqual([]);
}

describe('a redocly.yaml beside a foreign description', () => {
  const running: Running[] = [];
  afterEach(async () => {
    for (const process of running.splice(0)) await stop(process);
  });

  it('npm run lint uses its rules, runs none of its plugins and fetches nothing', async () => {
    const result = await runScript('scripts/lint.ts', ['--spec', spec], { timeoutMs: 60_000 });
    expectRefused(result.output);
    expect(result.output).toMatch(/warning operation-4xx-response/);
    expect(result.output).not.toMatch(/operation-summary/);
  });

  for (const lint of [true, false]) {
    it(`npm run build${lint ? '' : ' --no-lint'} runs none of its plugins`, async () => {
      const out = join(ws.dir, `out-${lint}`);
      const result = await runScript('scripts/build.ts', ['--spec', spec, '--out', out, ...(lint ? [] : ['--no-lint'])], { timeoutMs: BUILD_TIMEOUT_MS });
      expect(result.code, result.output).toBe(0);
      expectRefused(result.output);
    });
  }

  it('npm run mock runs none of its plugins', async () => {
    const mock = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(await freePort())], { timeoutMs: 120_000 });
    running.push(mock);
    await mock.waitFor(/listening on http/, 30_000);
    expectRefused(mock.output());
  });

  it('npm run diff runs none of its plugins', async () => {
    const other = ws.write('api/other.yaml', readFileSync(spec, 'utf8').replace('/pets:', '/animals:'));
    const result = await runScript('scripts/diff.ts', [spec, other], { env: { ...process.env, NO_COLOR: '1' }, timeoutMs: 60_000 });
    expect(result.code, result.output).toBe(1);
    expectRefused(result.output);
  });

  it('npm run dev runs none of its plugins, and shows a broken save of it at its line', async () => {
    const node = join(ROOT, 'node_modules/.bin/node');
    const args = ['--spec', spec, '--port', String(await freePort()), '--mock-port', String(await freePort()), '--host', '127.0.0.1'];
    const dev = start(node, ['scripts/dev.ts', ...args], { cwd: ROOT, env: shellEnv(), timeoutMs: 300_000 });
    running.push(dev);
    await dev.waitFor(/^Preview: http/m, 200_000);
    expectRefused(dev.output());
    try {
      // Saved while the preview runs: reported like a broken description, at its line, never a stack trace.
      writeFileSync(config, configText.replace('operation-summary: off', 'operation-summary: [off'));
      await dev.waitFor(/redocly\.yaml:\d+:\d+ error config-yaml-syntax \S/, 30_000);
      expect(dev.output()).not.toMatch(/^\s+at /m);
      expect(existsSync(pluginMarker)).toBe(false);
    } finally {
      writeFileSync(config, configText);
    }
  });
});

describe('configs that are trusted', () => {
  afterEach(() => {
    rmSync(pluginMarker, { force: true });
  });

  it('a config named with --config loads its plugins', async () => {
    const named = ws.write('api/named.yaml', 'extends:\n  - recommended\nplugins:\n  - ./evil.js\n');
    const result = await runScript('scripts/lint.ts', ['--spec', spec, '--config', named], { timeoutMs: 60_000 });
    expect(result.output).not.toContain('config-untrusted');
    expect(existsSync(pluginMarker), result.output).toBe(true);
  });

  it("the project's own config runs the project's plugin, named or extended", async () => {
    const deprecated = ws.write(
      'own/openapi.yaml',
      description('schema: {type: object}').replace(
        '      summary: List pets\n',
        '      summary: List pets\n      deprecated: true\n      x-sunset: next spring\n',
      ),
    );
    const named = await runScript('scripts/lint.ts', ['--spec', deprecated, '--config', join(ROOT, 'openapi/redocly.yaml')], { timeoutMs: 60_000 });
    // A deprecation without `x-deprecated-at` is against our house rules (openapi/plugins), not the portal's.
    expect(problemsIn(named.output, 'openapi.yaml')).toContain(
      `${positionOf(readFileSync(deprecated, 'utf8'), 'deprecated: true')} error house-rules/deprecated-needs-dates`,
    );
    ws.write('own/redocly.yaml', `extends:\n  - ${join(ROOT, 'openapi/redocly.yaml')}\n`);
    const extended = await runScript('scripts/lint.ts', ['--spec', deprecated], { timeoutMs: 60_000 });
    expect(problemsIn(extended.output, 'openapi.yaml')).toContain(
      `${positionOf(readFileSync(deprecated, 'utf8'), 'deprecated: true')} error house-rules/deprecated-needs-dates`,
    );
    expect(extended.output).not.toContain('config-untrusted');
  });
});

describe('a broken redocly.yaml', () => {
  const lintWith = async (folder: string, text: string, args: string[] = []) => {
    const file = ws.write(`${folder}/redocly.yaml`, text);
    const entry = ws.write(`${folder}/openapi.yaml`, description('schema: {type: object}'));
    const result = await runScript('scripts/lint.ts', ['--spec', entry, ...args.map((a) => a.replace('{config}', file))], { timeoutMs: 60_000 });
    expect(result.output).not.toMatch(/^\s+at /m);
    return result;
  };

  it('that does not parse is an error at its line and column, and the recommended rules still run', async () => {
    const text = 'extends:\n  - recommended\nrules: {operation-summary: off\n';
    const result = await lintWith('broken-yaml', text);
    expect(result.code).toBe(1);
    expect(problemsIn(result.output, 'redocly.yaml')).toEqual([expect.stringMatching(/^\d+:\d+ error config-yaml-syntax$/)]);
    expect(result.output).toMatch(/warning operation-4xx-response/);
  });

  it('with a key Redocly does not know is a warning at the key', async () => {
    const text = 'extends:\n  - recommended\nrulez:\n  operation-summary: off\n';
    const result = await lintWith('unknown-key', text);
    expect(problemsIn(result.output, 'redocly.yaml')).toEqual([`${positionOf(text, 'rulez')} warning config-struct`]);
  });

  it('naming a plugin that does not exist is an error at the plugin', async () => {
    const text = 'extends:\n  - recommended\nplugins:\n  - ./missing-plugin.js\n';
    const result = await lintWith('missing-plugin', text, ['--config', '{config}']);
    expect(result.code).toBe(1);
    expect(problemsIn(result.output, 'redocly.yaml')).toEqual([`${positionOf(text, './missing-plugin.js')} error config`]);
  });
});
