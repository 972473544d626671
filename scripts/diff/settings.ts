// What a team sets for its gate: a level per check id, the policies it keeps, the changes it
// has accepted (each with a reason), the stability threshold and the notice a sunset must give.
// Read from a YAML file (`api-diff.yaml` beside the description, or `--diff-config`) and from
// flags for one run, in oasdiff's words where it has them (--severity-levels, --err-ignore,
// --warn-ignore, --stability-level, --deprecation-days-stable/beta), so a team's files carry over.
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { CATALOGUE, POLICIES, type PolicyName } from './catalogue.ts';
import type { ApiChange, ChangeLevel } from './types.ts';

/** oasdiff's four stability words: operations below the threshold have their breaking changes lowered. */
export const STABILITY_LEVELS = ['draft', 'alpha', 'beta', 'stable'] as const;
export type StabilityLevel = (typeof STABILITY_LEVELS)[number];

/** A change a team has accepted. Every field given must match; `reason` says why, for whoever reads the file next. */
export interface IgnoreRule {
  id?: string;
  /** An operationId, or `METHOD /path`. */
  operation?: string;
  /** The API path, for every method on it. */
  path?: string;
  /** A component schema's name. */
  schema?: string;
  /** Where inside the subject, as the report prints it (`response 200 body .tag`); a prefix matches what is under it. */
  location?: string;
  reason?: string;
  /** An oasdiff ignore-file line: matches a change of `level` whose operation and check id (or message) it contains. */
  line?: string;
  level?: ChangeLevel;
}

export interface DiffSettings {
  /** A level per check id; `off` leaves the check out. */
  levels: Record<string, ChangeLevel | 'off'>;
  /** Policies switched off take oasdiff's level back for their checks. */
  policies: Partial<Record<PolicyName, boolean>>;
  ignore: IgnoreRule[];
  stabilityLevel: StabilityLevel;
  deprecationDays: { stable: number; beta: number };
}

/** oasdiff's defaults: beta and stable operations are judged in full, no minimum notice. */
export const DEFAULT_SETTINGS: DiffSettings = { levels: {}, policies: {}, ignore: [], stabilityLevel: 'beta', deprecationDays: { stable: 0, beta: 0 } };

const LEVEL_WORDS: Record<string, ChangeLevel | 'off'> = {
  breaking: 'breaking',
  err: 'breaking',
  error: 'breaking',
  warning: 'warning',
  warn: 'warning',
  info: 'info',
  off: 'off',
  none: 'off',
};

/** The level a team set for a check, else its policy's (when kept), else oasdiff's or the catalogue's. */
export function levelOf(id: string, settings: DiffSettings): ChangeLevel | 'off' | undefined {
  const set = settings.levels[id];
  if (set) return set;
  const check = CATALOGUE.get(id);
  if (!check) return undefined;
  if (check.policy && settings.policies[check.policy] === false) return check.oasdiff ?? check.level;
  return check.level;
}

export class SettingsError extends Error {}

function levelWord(word: unknown, where: string): ChangeLevel | 'off' {
  const level = typeof word === 'string' ? LEVEL_WORDS[word.toLowerCase()] : undefined;
  if (!level) throw new SettingsError(`${where}: ${JSON.stringify(word)} is not a level (breaking, warning, info or off; oasdiff's err, warn, info, none).`);
  return level;
}

function checkId(id: string, where: string): string {
  if (!CATALOGUE.has(id)) throw new SettingsError(`${where}: ${id} is not a check id (npm run diff -- --checks lists them).`);
  return id;
}

/** oasdiff's severity-levels file: `<check id> <level>` per line, `#` comments. */
export function parseSeverityLevels(text: string, file: string): Record<string, ChangeLevel | 'off'> {
  const levels: Record<string, ChangeLevel | 'off'> = {};
  for (const [i, raw] of text.split(/\r?\n/).entries()) {
    const line = raw.replace(/#.*/, '').trim();
    if (!line) continue;
    const [id = '', word, ...rest] = line.split(/\s+/);
    if (word === undefined || rest.length) throw new SettingsError(`${file}:${i + 1}: write a check id and a level, e.g. "request-parameter-removed err".`);
    levels[checkId(id, `${file}:${i + 1}`)] = levelWord(word, `${file}:${i + 1}`);
  }
  return levels;
}

/** oasdiff's ignore file: each non-empty line names an operation (`GET /pets`) and the change (its check id or its message). */
export function parseIgnoreFile(text: string, level: ChangeLevel): IgnoreRule[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => ({ line: line.toLowerCase(), level }));
}

const SETTING_KEYS = new Set(['levels', 'policies', 'ignore', 'stability-level', 'deprecation-days']);
const IGNORE_KEYS = new Set(['id', 'operation', 'path', 'schema', 'location', 'reason']);

/** Reads a YAML config file; every mistake names the file and the key. */
export async function readDiffConfig(file: string): Promise<Partial<DiffSettings>> {
  const doc = parse(await readFile(file, 'utf8')) ?? {};
  if (typeof doc !== 'object' || Array.isArray(doc)) throw new SettingsError(`${file}: expected a mapping of settings.`);
  for (const key of Object.keys(doc))
    if (!SETTING_KEYS.has(key)) throw new SettingsError(`${file}: unknown setting "${key}" (use ${[...SETTING_KEYS].join(', ')}).`);
  const out: Partial<DiffSettings> = {};
  if (doc.levels !== undefined) {
    out.levels = {};
    for (const [id, word] of Object.entries(doc.levels as Record<string, unknown>))
      out.levels[checkId(id, `${file}: levels`)] = levelWord(word, `${file}: levels.${id}`);
  }
  if (doc.policies !== undefined) {
    out.policies = {};
    for (const [name, on] of Object.entries(doc.policies as Record<string, unknown>)) {
      if (!(name in POLICIES)) throw new SettingsError(`${file}: policies.${name} is not a policy (${Object.keys(POLICIES).join(', ')}).`);
      if (typeof on !== 'boolean') throw new SettingsError(`${file}: policies.${name} is true or false.`);
      out.policies[name as PolicyName] = on;
    }
  }
  if (doc.ignore !== undefined) {
    if (!Array.isArray(doc.ignore)) throw new SettingsError(`${file}: ignore is a list of changes, each with a reason.`);
    out.ignore = doc.ignore.map((rule: Record<string, unknown>, i: number) => ignoreRule(rule, `${file}: ignore[${i}]`));
  }
  if (doc['stability-level'] !== undefined) out.stabilityLevel = stabilityLevel(doc['stability-level'], `${file}: stability-level`);
  if (doc['deprecation-days'] !== undefined) {
    const days = doc['deprecation-days'] as Record<string, unknown>;
    out.deprecationDays = {
      stable: dayCount(days.stable ?? 0, `${file}: deprecation-days.stable`),
      beta: dayCount(days.beta ?? 0, `${file}: deprecation-days.beta`),
    };
  }
  return out;
}

function ignoreRule(rule: Record<string, unknown>, where: string): IgnoreRule {
  if (!rule || typeof rule !== 'object') throw new SettingsError(`${where}: expected a mapping (id, operation, path, schema, location, reason).`);
  for (const key of Object.keys(rule)) if (!IGNORE_KEYS.has(key)) throw new SettingsError(`${where}: unknown key "${key}".`);
  if (typeof rule.reason !== 'string' || !rule.reason.trim()) throw new SettingsError(`${where}: say why the change is accepted (reason).`);
  if (!rule.id && !rule.operation && !rule.path && !rule.schema) throw new SettingsError(`${where}: name the change (id, operation, path or schema).`);
  const out: IgnoreRule = { reason: rule.reason };
  for (const key of ['operation', 'path', 'schema', 'location'] as const) if (rule[key] !== undefined) out[key] = String(rule[key]);
  if (rule.id !== undefined) out.id = checkId(String(rule.id), where);
  return out;
}

export function stabilityLevel(word: unknown, where: string): StabilityLevel {
  if (typeof word === 'string' && (STABILITY_LEVELS as readonly string[]).includes(word)) return word as StabilityLevel;
  throw new SettingsError(`${where}: ${JSON.stringify(word)} is not a stability level (${STABILITY_LEVELS.join(', ')}).`);
}

export function dayCount(value: unknown, where: string): number {
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 0) return n;
  throw new SettingsError(`${where}: ${JSON.stringify(value)} is not a number of days.`);
}

/** Later settings win key by key; ignore lists add up. */
export function mergeSettings(...parts: Partial<DiffSettings>[]): DiffSettings {
  const out: DiffSettings = structuredClone(DEFAULT_SETTINGS);
  for (const part of parts) {
    Object.assign(out.levels, part.levels);
    Object.assign(out.policies, part.policies);
    out.ignore.push(...(part.ignore ?? []));
    if (part.stabilityLevel) out.stabilityLevel = part.stabilityLevel;
    if (part.deprecationDays) out.deprecationDays = { ...out.deprecationDays, ...part.deprecationDays };
  }
  return out;
}

/** Does the accepted change `rule` cover `change`? */
export function ignores(rule: IgnoreRule, change: ApiChange): boolean {
  const op = change.operation;
  const route = op ? `${op.method.toUpperCase()} ${op.path}` : undefined;
  if (rule.line !== undefined) {
    if (rule.level !== change.level) return false;
    const named = route
      ? rule.line.includes(route.toLowerCase())
      : change.schema !== undefined && rule.line.includes('components') && rule.line.includes(change.schema.toLowerCase());
    return named && (rule.line.includes(change.id) || rule.line.includes(change.message.toLowerCase()));
  }
  if (rule.id !== undefined && rule.id !== change.id) return false;
  if (rule.operation !== undefined) {
    const wanted = rule.operation.replace(/^(\w+)\s+/, (_m, method: string) => `${method.toUpperCase()} `);
    if (!op || (op.operationId !== rule.operation && route !== wanted)) return false;
  }
  if (rule.path !== undefined && op?.path !== rule.path) return false;
  if (rule.schema !== undefined && change.schema !== rule.schema) return false;
  if (rule.location !== undefined) {
    const at = change.location ?? '';
    if (at !== rule.location && !at.startsWith(`${rule.location} `) && !at.startsWith(`${rule.location}.`)) return false;
  }
  return true;
}
