// The portal's vocabulary alone (VOCABULARY_RULES), for a command that serves a description without
// linting it: the mock. Its rules run at the severity and with the settings the description's own
// config gives them, and none of Redocly's: the mock says what the portal would misread, nothing else
// (its own notices already cover the patterns and header values the other portal rules check).
import { createConfig, type Config, type NodeType } from '@redocly/openapi-core';
import type { Diagnostic } from '../../../diagnostics.ts';
import { loadDescriptionConfig, NEUTRAL_CONFIG_PATH, projectPlugin } from '../../load/config.ts';
import { lintDocument } from '../lint.ts';
import { createResolver, type LoadOptions } from '../../load/load.ts';
import { VOCABULARY_RULES } from './index.ts';

// What the vocabulary rules visit: the document, its paths and webhooks, their operations (and callbacks).
const WALKED = new Set(['Root', 'Paths', 'PathItem', 'Operation', 'WebhooksMap', 'CallbacksMap', 'Callback']);

/**
 * Redocly walks (and resolves the references of) every typed node of a description; the vocabulary
 * lives on operations, so the walk stops there: GitHub's API is linted in a fraction of the time.
 */
function walkOnlyOperations(types: Record<string, NodeType>): Record<string, NodeType> {
  const out = { ...types };
  const keep = (type: unknown) => (typeof type === 'string' && !WALKED.has(type) ? null : type);
  for (const name of WALKED) {
    const type = types[name];
    if (!type) continue;
    const properties = Object.fromEntries(Object.entries(type.properties).map(([key, value]) => [key, keep(value)]));
    out[name] = { ...type, properties, additionalProperties: keep(type.additionalProperties) } as NodeType;
  }
  return out;
}
const operationsOnly = { id: 'portal-vocabulary-walk', typeExtension: { oas3: walkOnlyOperations } };

// A config is made once per set of settings; a reload with the same config reuses it.
const made = new Map<string, Promise<Config>>();

function vocabularyConfig(described: Config): Promise<Config> {
  const rules = (described as unknown as { rules?: Record<string, Record<string, unknown>> }).rules ?? {};
  const pick = (version: string) => Object.fromEntries(VOCABULARY_RULES.map((rule) => [rule, rules[version]?.[rule] ?? 'off']));
  const settings = { oas3_0Rules: pick('oas3_0'), oas3_1Rules: pick('oas3_1') };
  const key = JSON.stringify(settings);
  let config = made.get(key);
  if (!config) {
    config = createConfig(settings as never, { configPath: NEUTRAL_CONFIG_PATH, plugins: [projectPlugin() as never, operationsOnly as never] });
    made.set(key, config);
  }
  return config;
}

/** The vocabulary problems of a description, each at its file, line and column. */
export async function lintVocabulary(entry: string, options: LoadOptions = {}): Promise<Diagnostic[]> {
  const resolver = await createResolver(entry, options);
  const { config } = await loadDescriptionConfig(entry, options, resolver);
  // Its walk stops at operations (walkOnlyOperations): nothing there to measure.
  const found = await lintDocument({ entry, config: await vocabularyConfig(config), resolver }, { bounded: false });
  return found.filter((d) => VOCABULARY_RULES.includes(d.rule));
}
