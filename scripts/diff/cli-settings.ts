// The gate's settings for one run of `npm run diff`: the YAML config file (named with
// --diff-config, else `api-diff.yaml` beside the description), then the flags, which win.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { POLICIES, type PolicyName } from './catalogue.ts';
import { type DiffSettings, dayCount, mergeSettings, parseIgnoreFile, parseSeverityLevels, readDiffConfig, SettingsError, stabilityLevel } from './settings.ts';

/** The config file a description gets without --diff-config. */
export const CONFIG_NAME = 'api-diff.yaml';

export const SETTINGS_OPTIONS = {
  'diff-config': { type: 'string' },
  'severity-levels': { type: 'string' },
  level: { type: 'string', multiple: true },
  policy: { type: 'string', multiple: true },
  'err-ignore': { type: 'string' },
  'warn-ignore': { type: 'string' },
  'stability-level': { type: 'string' },
  'deprecation-days-stable': { type: 'string' },
  'deprecation-days-beta': { type: 'string' },
} as const;

export const SETTINGS_USAGE = `  --diff-config <file>                 levels, policies, accepted changes, stability threshold, deprecation days (default: ${CONFIG_NAME} beside the description)
  --severity-levels <file>             oasdiff's file of "<check id> <level>" lines (err, warn, info, none)
  --level <check id>=<level>           one check's level for this run (breaking, warning, info, off); repeatable
  --policy <name>=off                  oasdiff's level back for a policy's checks (${Object.keys(POLICIES).join(', ')}); repeatable
  --err-ignore <file>                  breaking changes to accept: lines naming the operation (GET /pets) and the check id or message
  --warn-ignore <file>                 warnings to accept, the same way
  --stability-level draft|alpha|beta|stable   operations below it have their breaking changes lowered (default beta)
  --deprecation-days-stable <n>        days of notice a stable operation's sunset must give (default 0: none)
  --deprecation-days-beta <n>          the same for beta operations
  --checks                             list every check: id, level, oasdiff's level, policy`;

type Values = { [K in keyof typeof SETTINGS_OPTIONS]?: (typeof SETTINGS_OPTIONS)[K] extends { multiple: true } ? string[] : string };

/** The settings for this run; a SettingsError names the file or flag that is wrong. */
export async function settingsFor(headPath: string, values: Values): Promise<{ settings: DiffSettings; configFile?: string }> {
  const beside = join(dirname(headPath), CONFIG_NAME);
  const configFile = values['diff-config'] ?? (existsSync(beside) ? beside : undefined);
  const parts: Partial<DiffSettings>[] = [];
  if (configFile) {
    try {
      parts.push(await readDiffConfig(configFile));
    } catch (error) {
      if (error instanceof SettingsError) throw error;
      throw new SettingsError(`${configFile}: ${(error as Error).message}`);
    }
  }
  const flags: Partial<DiffSettings> = { levels: {}, policies: {}, ignore: [] };
  const file = async (path: string): Promise<string> => {
    try {
      return await readFile(path, 'utf8');
    } catch (error) {
      throw new SettingsError(`${path}: ${(error as Error).message}`);
    }
  };
  if (values['severity-levels']) Object.assign(flags.levels!, parseSeverityLevels(await file(values['severity-levels']), values['severity-levels']));
  for (const pair of values.level ?? []) Object.assign(flags.levels!, parseSeverityLevels(pair.replace('=', ' '), '--level'));
  for (const pair of values.policy ?? []) {
    const [name = '', state = ''] = pair.split('=');
    if (!(name in POLICIES) || !['on', 'off'].includes(state))
      throw new SettingsError(`--policy ${pair}: write <name>=off or <name>=on, with a name among ${Object.keys(POLICIES).join(', ')}.`);
    flags.policies![name as PolicyName] = state === 'on';
  }
  if (values['err-ignore']) flags.ignore!.push(...parseIgnoreFile(await file(values['err-ignore']), 'breaking'));
  if (values['warn-ignore']) flags.ignore!.push(...parseIgnoreFile(await file(values['warn-ignore']), 'warning'));
  if (values['stability-level']) flags.stabilityLevel = stabilityLevel(values['stability-level'], '--stability-level');
  const stable = values['deprecation-days-stable'];
  const beta = values['deprecation-days-beta'];
  if (stable !== undefined || beta !== undefined) {
    const before = mergeSettings(...parts).deprecationDays;
    flags.deprecationDays = {
      stable: stable === undefined ? before.stable : dayCount(stable, '--deprecation-days-stable'),
      beta: beta === undefined ? before.beta : dayCount(beta, '--deprecation-days-beta'),
    };
  }
  return { settings: mergeSettings(...parts, flags), ...(configFile ? { configFile } : {}) };
}
