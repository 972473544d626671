// A team's gate settings read from its `api-diff.yaml`: levels, policies, accepted changes with
// their reasons, the stability threshold and a sunset's notice; every mistake names the file and
// the key, and flags for one run win over the file key by key.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, dayCount, levelOf, mergeSettings, readDiffConfig, SettingsError, stabilityLevel } from '../../../scripts/diff/settings.ts';

const dir = mkdtempSync(join(tmpdir(), 'diff-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

/** The settings of a config file holding `text`. */
function read(text: string): ReturnType<typeof readDiffConfig> {
  const file = join(dir, `api-diff-${++files}.yaml`);
  writeFileSync(file, text);
  return readDiffConfig(file);
}

/** The message of the SettingsError reading `text` fails with, the file's path left out. */
async function mistake(text: string): Promise<string> {
  const error = await read(text).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof SettingsError)) throw new Error(`no SettingsError: ${String(error)}`);
  return error.message.replace(/^.*api-diff-\d+\.yaml/, 'api-diff.yaml');
}

describe('readDiffConfig', () => {
  it('reads every setting, in our words and oasdiff’s', async () => {
    const settings = await read(
      [
        'levels:',
        '  request-parameter-removed: err',
        '  endpoint-added: none',
        'policies:',
        '  generated-code: false',
        'ignore:',
        '  - {id: new-required-request-parameter, operation: GET /pets, reason: agreed with the mobile team}',
        '  - {schema: Pet, location: .tag, reason: never sent}',
        'stability-level: stable',
        'deprecation-days: {stable: 90, beta: "30"}',
      ].join('\n'),
    );
    expect(settings).toEqual({
      levels: { 'request-parameter-removed': 'breaking', 'endpoint-added': 'off' },
      policies: { 'generated-code': false },
      ignore: [
        { id: 'new-required-request-parameter', operation: 'GET /pets', reason: 'agreed with the mobile team' },
        { schema: 'Pet', location: '.tag', reason: 'never sent' },
      ],
      stabilityLevel: 'stable',
      deprecationDays: { stable: 90, beta: 30 },
    });
  });

  it('reads an empty file as no settings, and a missing day count as none', async () => {
    expect(await read('')).toEqual({});
    expect(await read('deprecation-days: {stable: 10}')).toEqual({ deprecationDays: { stable: 10, beta: 0 } });
  });

  it('names the file and the key of every mistake', async () => {
    expect(await mistake('- a\n- b')).toBe('api-diff.yaml: expected a mapping of settings.');
    expect(await mistake('level: {}')).toBe('api-diff.yaml: unknown setting "level" (use levels, policies, ignore, stability-level, deprecation-days).');
    expect(await mistake('levels: {endpoint-added: loud}')).toMatch(/^api-diff\.yaml: levels\.endpoint-added: "loud" is not a level/);
    expect(await mistake('levels: {no-such-check: err}')).toBe('api-diff.yaml: levels: no-such-check is not a check id (npm run diff -- --checks lists them).');
    expect(await mistake('policies: {generated-code: no}')).toBe('api-diff.yaml: policies.generated-code is true or false.');
    expect(await mistake('policies: {strict: true}')).toMatch(/^api-diff\.yaml: policies\.strict is not a policy \(strict-security, [a-z-, ]*generated-code/);
    expect(await mistake('ignore: {id: endpoint-added}')).toBe('api-diff.yaml: ignore is a list of changes, each with a reason.');
    expect(await mistake('stability-level: gold')).toBe('api-diff.yaml: stability-level: "gold" is not a stability level (draft, alpha, beta, stable).');
    expect(await mistake('deprecation-days: {stable: -1}')).toBe('api-diff.yaml: deprecation-days.stable: -1 is not a number of days.');
  });

  it('asks for a reason and a named change for every accepted change', async () => {
    expect(await mistake('ignore: [{id: endpoint-added}]')).toBe('api-diff.yaml: ignore[0]: say why the change is accepted (reason).');
    expect(await mistake('ignore: [{reason: "  "}]')).toBe('api-diff.yaml: ignore[0]: say why the change is accepted (reason).');
    expect(await mistake('ignore: [{reason: agreed}]')).toBe('api-diff.yaml: ignore[0]: name the change (id, operation, path or schema).');
    expect(await mistake('ignore: [{path: /pets, reason: agreed, until: 2027}]')).toBe('api-diff.yaml: ignore[0]: unknown key "until".');
    expect(await mistake('ignore: [{id: no-such-check, reason: agreed}]')).toMatch(/^api-diff\.yaml: ignore\[0\]: no-such-check is not a check id/);
    expect(await mistake('ignore: [plain]')).toBe('api-diff.yaml: ignore[0]: expected a mapping (id, operation, path, schema, location, reason).');
  });
});

describe('mergeSettings', () => {
  it("starts from oasdiff's defaults; later parts win key by key and accepted changes add up", () => {
    const merged = mergeSettings(
      { levels: { 'endpoint-added': 'warning' }, ignore: [{ path: '/pets', reason: 'a' }], deprecationDays: { stable: 90, beta: 30 } },
      {
        levels: { 'request-parameter-removed': 'off' },
        ignore: [{ path: '/owners', reason: 'b' }],
        stabilityLevel: 'stable',
        deprecationDays: { stable: 180, beta: 30 },
      },
    );
    expect(merged).toEqual({
      levels: { 'endpoint-added': 'warning', 'request-parameter-removed': 'off' },
      policies: {},
      ignore: [
        { path: '/pets', reason: 'a' },
        { path: '/owners', reason: 'b' },
      ],
      stabilityLevel: 'stable',
      deprecationDays: { stable: 180, beta: 30 },
    });
    expect(mergeSettings()).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.levels).toEqual({});
  });
});

describe('levelOf', () => {
  it("is the team's level, else the catalogue's, else nothing for an id it does not know", () => {
    expect(levelOf('endpoint-added', mergeSettings({ levels: { 'endpoint-added': 'warning' } }))).toBe('warning');
    expect(levelOf('endpoint-added', DEFAULT_SETTINGS)).toBe('info');
    expect(levelOf('no-such-check', DEFAULT_SETTINGS)).toBeUndefined();
  });
});

describe('flag values', () => {
  it('takes the four stability words and whole day counts, as numbers or digits', () => {
    expect(stabilityLevel('alpha', '--stability-level')).toBe('alpha');
    expect(() => stabilityLevel('Beta', '--stability-level')).toThrow(SettingsError);
    expect(dayCount('14', '--deprecation-days-beta')).toBe(14);
    expect(dayCount(0, '--deprecation-days-beta')).toBe(0);
    expect(() => dayCount('1.5', '--deprecation-days-beta')).toThrow('--deprecation-days-beta: "1.5" is not a number of days.');
  });
});
