// A Redocly config found beside a description is the description's, not the project's: what could
// run code or reach outside (plugins, decorators, extends of a file or URL, a theme plugin) is left
// out with a warning at its key, its rules still apply, and a config that cannot be read or is no
// mapping falls back to the recommended rules with an error at its place.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../scripts/diagnostics.ts';
import { loadDocument } from '../../../scripts/model/load/load.ts';
import { positionOf } from '../../security/helpers.ts';

const base = mkdtempSync(join(tmpdir(), 'description-config-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let folders = 0;

const DESCRIPTION = "openapi: 3.1.0\ninfo: {title: Pets, version: '1'}\npaths: {}\n";

/** A folder holding the description and `files` beside it; the description's path. */
function describedWith(files: Record<string, string>): string {
  const dir = join(base, `api-${++folders}`);
  mkdirSync(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  writeFileSync(join(dir, 'openapi.yaml'), DESCRIPTION);
  return join(dir, 'openapi.yaml');
}

const seen = (diagnostics: Diagnostic[]) => diagnostics.map((d) => [d.severity, d.rule, `${d.line}:${d.col}`]);

describe('a config beside the description', () => {
  it('is used without what could run code or reach outside, with a warning at each key', async () => {
    const config = [
      'plugins: [./plugin.js]',
      'decorators: {remove-x-internal: on}',
      'resolve: {http: {headers: [{matches: "*", name: X-Token, envVariable: TOKEN}]}}',
      'extends:',
      '  - recommended',
      '  - ./shared.yaml',
      'rules:',
      '  info-contact: error',
      'theme: {}',
      '',
    ].join('\n');
    const spec = describedWith({ 'redocly.yaml': config, '@theme/plugin.js': 'export default {}', 'shared.yaml': 'rules: {}' });
    const loaded = await loadDocument(spec);
    expect(seen(loaded.diagnostics)).toEqual([
      ['warning', 'config-untrusted', positionOf(config, 'plugins')],
      ['warning', 'config-untrusted', positionOf(config, 'decorators')],
      ['warning', 'config-untrusted', positionOf(config, 'resolve')],
      ['warning', 'config-untrusted', positionOf(config, './shared.yaml')],
      ['warning', 'config-untrusted', '1:1'],
    ]);
    expect(loaded.diagnostics.map((d) => d.message.replace(/ in \S+redocly\.yaml/, ''))).toEqual([
      "`plugins` was not used: plugins run code, and this config is not the project's own (name it with --config to trust it)",
      "`decorators` was not used: decorators can read files and rewrite the description, and this config is not the project's own (name it with --config to trust it)",
      "`resolve` was not used: HTTP settings can send environment variables to other servers, and this config is not the project's own (name it with --config to trust it)",
      expect.stringMatching(/^`extends: \.\/shared\.yaml` was not used: only Redocly's built-in sets \(.*recommended.*\) are/),
      expect.stringMatching(/@theme\/plugin\.js was not loaded: plugins run code/),
    ]);
    expect(loaded.config.rules.oas3_1?.['info-contact']).toBe('error');
  });

  it('falls back to the recommended rules when it is no mapping or no YAML, with an error at its place', async () => {
    const list = await loadDocument(describedWith({ 'redocly.yaml': '- rules\n' }));
    expect(seen(list.diagnostics)).toEqual([['error', 'config', '1:1']]);
    expect(list.diagnostics[0]?.message).toMatch(/redocly\.yaml is not a Redocly configuration \(a mapping of settings\)$/);
    const broken = 'rules:\n  info-contact: [error\n';
    const yaml = await loadDocument(describedWith({ 'redocly.yaml': broken }));
    expect(yaml.diagnostics.map((d) => [d.severity, d.rule])).toEqual([['error', 'config-yaml-syntax']]);
  });

  it('reads an empty config as no settings', async () => {
    expect((await loadDocument(describedWith({ 'redocly.yaml': '' }))).diagnostics).toEqual([]);
  });

  it('has its unknown keys reported where they are when configs are checked', async () => {
    const config = 'rules:\n  info-contact: error\nlintt: {}\n';
    const loaded = await loadDocument(describedWith({ 'redocly.yaml': config }), { checkConfig: true });
    expect(seen(loaded.diagnostics)).toEqual([['warning', 'config-struct', positionOf(config, 'lintt')]]);
  });
});

describe('a config named with --config', () => {
  it('is trusted, and one that cannot load says why and where, the recommended rules used instead', async () => {
    const config = 'plugins: [./missing-plugin.js]\n';
    const spec = describedWith({ 'ci.yaml': config });
    const loaded = await loadDocument(spec, { configPath: join(spec, '..', 'ci.yaml'), configExplicit: true });
    expect(loaded.diagnostics.map((d) => [d.severity, d.rule])).toEqual([['error', 'config']]);
    expect(loaded.diagnostics[0]?.message).toMatch(/\(the built-in recommended rules are used instead\)$/);
  });

  it('that does not exist is an error on its first line', async () => {
    const spec = describedWith({});
    const loaded = await loadDocument(spec, { configPath: join(spec, '..', 'nowhere.yaml'), configExplicit: true });
    expect(seen(loaded.diagnostics)).toEqual([['error', 'config', '1:1']]);
    expect(loaded.diagnostics[0]?.message).toMatch(/^Cannot read .*nowhere\.yaml: /);
  });
});
