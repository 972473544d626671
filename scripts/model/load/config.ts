// The Redocly configuration a description is checked and bundled with. Code runs only from the
// project: its own `openapi/redocly.yaml` (compared by real path) or a config the user names with
// --config is trusted and loaded as written. A `redocly.yaml` found beside any other description
// is used for its rules only: what could run code, read files or reach the network (plugins, a
// `@theme/plugin.js` beside it, `extends` other than Redocly's built-in sets, decorators,
// preprocessors, per-API sections, HTTP settings) is left out, each with a warning at its place.
// A config that does not parse or load is an error at its place, and the built-in rules are used.
// Every config gets the project's own plugin (scripts/model/check/ruleset).
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BaseResolver,
  ConfigTypes,
  createConfig,
  getLineColLocation,
  lintConfig,
  loadIgnoreConfig,
  makeDocumentFromString,
  parseYaml,
  type Config,
} from '@redocly/openapi-core';
import { LineCounter, parseDocument, isMap, isSeq, type Node } from 'yaml';
import type { Diagnostic } from '../../diagnostics.ts';
import { readLocalFile, Refusal } from './access.ts';
import type { DescriptionResolver } from './resolver.ts';
import { portalPlugin, portalRules } from '../check/ruleset/index.ts';
import { yamlSyntaxDiagnostic } from './yaml-syntax.ts';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
/** The project's own configuration. */
export const PROJECT_CONFIG = join(ROOT, 'openapi/redocly.yaml');
// Where Redocly is told an untrusted config lives: it looks for `@theme/plugin.js` beside its config
// and loads it unasked, so that place is a folder of the project's (without one), never the foreign one.
export const NEUTRAL_CONFIG_PATH = join(ROOT, 'scripts/model/check/ruleset/redocly.yaml');

const BUILT_IN_SETS = new Set(['recommended', 'recommended-strict', 'minimal', 'all', 'spec']);
const RULE_KEYS = new Set([
  'rules',
  'oas2Rules',
  'oas3_0Rules',
  'oas3_1Rules',
  'oas3_2Rules',
  'async2Rules',
  'async3Rules',
  'arazzo1Rules',
  'overlay1Rules',
  'openrpc1Rules',
]);
// Keys of an untrusted config that are refused with a warning; others that lint does not use are dropped quietly.
const REFUSED: Record<string, string> = {
  plugins: 'plugins run code',
  decorators: 'decorators can read files and rewrite the description',
  preprocessors: 'preprocessors can read files and rewrite the description',
  apis: 'per-API sections can bring their own plugins and extends',
  resolve: 'HTTP settings can send environment variables to other servers',
};
const THEME_PLUGINS = ['@theme/plugin.js', '@theme/plugin.cjs', '@theme/plugin.mjs'];

export interface ConfigChoice {
  /** A config to use instead of the `redocly.yaml` beside the description. */
  configPath?: string;
  /** The user named `configPath` (--config): trusted like the project's own. */
  configExplicit?: boolean;
}

export interface ConfigLoading {
  /** Also report keys and values Redocly does not know (`config-struct`): part of linting, skipped by commands that do not lint. */
  checkStructure?: boolean;
}

export interface LoadedConfig {
  config: Config;
  /** The config file in use, if any (the preview watches it). */
  file?: string;
  trusted: boolean;
  diagnostics: Diagnostic[];
}

/** The project's plugin as Redocly holds loaded plugins: rule names prefixed with the plugin's id. */
export function projectPlugin() {
  const prefix = `${portalPlugin.id}/`;
  const oas3 = Object.fromEntries(Object.entries(portalPlugin.rules.oas3).map(([name, rule]) => [name.startsWith(prefix) ? name : `${prefix}${name}`, rule]));
  return { id: portalPlugin.id, rules: { oas3 }, typeExtension: portalPlugin.typeExtension };
}

async function sameFile(a: string, b: string): Promise<boolean> {
  try {
    return (await realpath(a)) === (await realpath(b));
  } catch {
    return false;
  }
}

type Raw = Record<string, unknown>;

function withPortalRules(raw: Raw): Raw {
  const rules = raw.rules && typeof raw.rules === 'object' ? (raw.rules as Raw) : {};
  return { ...raw, rules: { ...portalRules, ...rules } };
}

let recommended: Promise<Config> | undefined;

/** Redocly's recommended rules and the project's plugin: made once, used by every description without a config. */
function fallback(): Promise<Config> {
  recommended ??= createConfig(withPortalRules({ extends: ['recommended'] }), { configPath: NEUTRAL_CONFIG_PATH, plugins: [projectPlugin() as never] });
  return recommended;
}

/** Positions in a config's text, from the `yaml` library's syntax tree (js-yaml keeps none). */
function positions(file: string, text: string) {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const at = (node: Node | null | undefined) => {
    const offset = node?.range?.[0];
    const { line, col } = typeof offset === 'number' ? lines.linePos(offset) : { line: 1, col: 1 };
    return { file, line, col };
  };
  return {
    key(name: string) {
      const pair = isMap(doc.contents) ? doc.contents.items.find((p) => (p.key as { value?: unknown } | null)?.value === name) : undefined;
      return at(pair?.key as Node | undefined);
    },
    item(name: string, index: number) {
      const value = doc.get(name, true);
      return isSeq(value) ? at(value.items[index] as Node) : at(value as Node);
    },
    text(needle: string) {
      const offset = text.indexOf(needle);
      return offset < 0 ? { file, line: 1, col: 1 } : { file, ...lines.linePos(offset) };
    },
  };
}

/** Leaves out of an untrusted config what could run code or reach outside; a warning for each. */
async function sanitize(raw: Raw, file: string, text: string): Promise<{ raw: Raw; diagnostics: Diagnostic[] }> {
  const where = positions(file, text);
  const diagnostics: Diagnostic[] = [];
  const warn = (at: { file: string; line: number; col: number }, message: string) =>
    diagnostics.push({ severity: 'warning', rule: 'config-untrusted', message, ...at });
  const kept: Raw = {};
  for (const [key, value] of Object.entries(raw)) {
    if (RULE_KEYS.has(key)) kept[key] = value;
    else if (REFUSED[key]) {
      warn(where.key(key), `\`${key}\` in ${file} was not used: ${REFUSED[key]}, and this config is not the project's own (name it with --config to trust it)`);
    }
  }
  const wanted = Array.isArray(raw.extends) ? raw.extends : typeof raw.extends === 'string' ? [raw.extends] : [];
  const extended: string[] = [];
  for (const [index, entry] of wanted.entries()) {
    const name = String(entry);
    if (BUILT_IN_SETS.has(name)) extended.push(name);
    // Extending the project's own config brings the project's own plugins: project code.
    else if (!/^[a-z][a-z0-9+.-]+:/i.test(name) && (await sameFile(resolve(dirname(file), name), PROJECT_CONFIG))) extended.push(PROJECT_CONFIG);
    else {
      warn(
        where.item('extends', index),
        `\`extends: ${name}\` in ${file} was not used: only Redocly's built-in sets (${[...BUILT_IN_SETS].join(', ')}) are, since a file or URL there can bring plugins or reach the network (name the config with --config to trust it)`,
      );
    }
  }
  if (raw.extends !== undefined) kept.extends = extended;
  for (const plugin of THEME_PLUGINS) {
    if (existsSync(join(dirname(file), plugin))) {
      warn(
        { file, line: 1, col: 1 },
        `${join(dirname(file), plugin)} was not loaded: plugins run code, and this config is not the project's own (name it with --config to trust it)`,
      );
    }
  }
  return { raw: kept, diagnostics };
}

/** Where a loading error points: the plugin or set it names, if the config mentions it. */
function thrownDiagnostic(error: unknown, file: string, text: string): Diagnostic {
  const message = (String((error as Error)?.message ?? error).split('\n')[0] ?? '')
    // Redocly colours some of its messages for its own terminal output.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing colour codes is the point
    .replace(/\u001b\[[0-9;]*m/g, '');
  const named = /"([^"]+)"/.exec(message)?.[1];
  return {
    severity: 'error',
    rule: 'config',
    message: `${message} (the built-in recommended rules are used instead)`,
    ...positions(file, text).text(named ?? '\u0000'),
  };
}

/** Keys Redocly does not know, values it does not accept: located, as Redocly's own config check finds them. */
async function structureProblems(file: string, text: string, resolver: DescriptionResolver): Promise<Diagnostic[]> {
  const checked = await lintConfig({
    config: { document: makeDocumentFromString(text, file) } as never,
    externalConfigTypes: ConfigTypes,
    externalRefResolver: resolver.fresh(),
  });
  // Its `$ref`s and extends are followed (or refused) by the loading itself, which reports them.
  return checked
    .filter((p) => p.ruleId === 'configuration struct')
    .map((problem) => {
      let at = { file, line: 1, col: 1 };
      try {
        const lc = getLineColLocation(problem.location[0] as never);
        at = { file, line: lc.start.line, col: lc.start.col };
      } catch {
        // Unplaceable: the file's first line.
      }
      return { severity: 'warning', rule: 'config-struct', message: problem.message, ...at } satisfies Diagnostic;
    });
}

/** What a loaded config depends on: when none of it changed, the config loaded last time is the same. */
async function cacheKey(file: string, trusted: boolean, resolver: DescriptionResolver, loading: ConfigLoading): Promise<string> {
  const stamp = async (path: string) => {
    const info = await stat(path).catch(() => undefined);
    return info ? `${info.ino}:${info.size}:${info.mtimeMs}` : '-';
  };
  const dir = dirname(file);
  const files = [file, join(dir, '.redocly.lint-ignore.yaml'), PROJECT_CONFIG, ...THEME_PLUGINS.map((p) => join(dir, p))];
  return [trusted, loading.checkStructure === true, resolver.root, ...(await Promise.all(files.map(stamp)))].join('|');
}

// Loading a config (and its plugins) takes longer than bundling a small description; the preview and the
// mock's reloads load the same one on every save. A few are kept, each known by what it was made from.
const loaded = new Map<string, LoadedConfig>();
const KEPT = 8;

export async function loadDescriptionConfig(
  entry: string,
  choice: ConfigChoice,
  resolver: DescriptionResolver,
  loading: ConfigLoading = {},
): Promise<LoadedConfig> {
  const file = choice.configPath ? resolve(choice.configPath) : join(dirname(resolve(entry)), 'redocly.yaml');
  if (!choice.configPath && !existsSync(file)) return { config: await fallback(), trusted: true, diagnostics: [] };
  const trusted = choice.configExplicit === true || (await sameFile(file, PROJECT_CONFIG));
  const key = await cacheKey(file, trusted, resolver, loading);
  const known = loaded.get(key);
  if (known) return known;
  const result = await loadConfigFile(file, trusted, resolver, loading);
  loaded.set(key, result);
  if (loaded.size > KEPT) loaded.delete(loaded.keys().next().value as string);
  return result;
}

async function loadConfigFile(file: string, trusted: boolean, resolver: DescriptionResolver, loading: ConfigLoading): Promise<LoadedConfig> {
  let text: string;
  try {
    // Its place is chosen by the command (beside the description) or the user (--config), never by the description;
    // one found beside a description is confined as the description is, so a symlink there cannot reach outside.
    text = trusted ? await readLocalFile(file, '/') : await resolver.readConfig(file);
  } catch (error) {
    const refused = error instanceof Refusal ? error : undefined;
    const message = refused ? refused.message : `Cannot read ${file}: ${(error as Error).message}`;
    return { config: await fallback(), trusted, diagnostics: [{ severity: 'error', rule: refused?.rule ?? 'config', message, file, line: 1, col: 1 }] };
  }
  let raw: unknown;
  try {
    raw = parseYaml(text, { filename: file });
  } catch (error) {
    const e = error as { message?: string; mark?: { line?: number; column?: number } };
    const fallbackAt = {
      message: String(e.message ?? 'invalid YAML').split('\n')[0] ?? 'invalid YAML',
      line: (e.mark?.line ?? 0) + 1,
      col: (e.mark?.column ?? 0) + 1,
    };
    return { config: await fallback(), file, trusted, diagnostics: [{ ...yamlSyntaxDiagnostic(file, text, fallbackAt), rule: 'config-yaml-syntax' }] };
  }
  if (raw === undefined || raw === null) raw = {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      config: await fallback(),
      file,
      trusted,
      diagnostics: [{ severity: 'error', rule: 'config', message: `${file} is not a Redocly configuration (a mapping of settings)`, file, line: 1, col: 1 }],
    };
  }
  const diagnostics: Diagnostic[] = [];
  if (loading.checkStructure) diagnostics.push(...(await structureProblems(file, text, resolver)));
  let settings = raw as Raw;
  if (!trusted) {
    const sanitized = await sanitize(settings, file, text);
    settings = sanitized.raw;
    diagnostics.push(...sanitized.diagnostics);
  }
  // A trusted config's own `$ref`s and extends are the project's; an untrusted one's go through the
  // description's rules, with the project's config as the one file outside them it may extend.
  const configResolver = trusted ? new BaseResolver() : resolver.fresh(new Set([await realpath(PROJECT_CONFIG)]));
  try {
    const config = await createConfig(withPortalRules(settings) as never, {
      configPath: trusted ? file : NEUTRAL_CONFIG_PATH,
      plugins: [projectPlugin() as never],
      externalRefResolver: configResolver,
      ignore: await loadIgnoreConfig(file, configResolver).catch(() => ({})),
    });
    return { config, file, trusted, diagnostics };
  } catch (error) {
    return { config: await fallback(), file, trusted, diagnostics: [...diagnostics, thrownDiagnostic(error, file, text)] };
  }
}
