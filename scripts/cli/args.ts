// Shared command-line options, parsed with node:util (no dependency needed for flags this simple).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteOrigin } from '../model/load/access.ts';
import type { LoadOptions } from '../model/load/load.ts';

/** The project root, whatever the current directory. */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DEFAULT_SPEC = resolve(ROOT, 'openapi/openapi.yaml');

export function parseCli<T extends NonNullable<ParseArgsConfig['options']>>(options: T, argv = process.argv.slice(2)) {
  try {
    // allowNegative: a boolean flag that defaults to on is turned off as `--no-<flag>`.
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true, allowNegative: true });
  } catch (error) {
    console.error(String((error as Error).message));
    process.exit(2);
  }
}

/**
 * What a description may read and which config checks it, for every command that reads one:
 * `--root <dir>` (local files must be inside; default the entry's folder), `--allow-remote <origin>`
 * (repeatable; remote references are off without it), `--config <redocly.yaml>` (trusted, plugins included).
 */
export const DESCRIPTION_OPTIONS = {
  root: { type: 'string' },
  'allow-remote': { type: 'string', multiple: true },
  config: { type: 'string' },
} as const;

export const DESCRIPTION_USAGE = `  --root          folder the description's files must be in (default: the entry file's folder)
  --allow-remote  an origin whose documents $refs may fetch, e.g. https://schemas.example.com (repeatable; none by default)
  --config        a redocly.yaml to lint with, plugins included (default: the one beside the description, without plugins unless it is the project's)`;

/** The flags above as load options; exits 2 on an origin that is not one. */
export function descriptionOptions(values: { root?: string; 'allow-remote'?: string[]; config?: string }): LoadOptions {
  const options: LoadOptions = {};
  if (values.root) options.root = resolve(values.root);
  try {
    if (values['allow-remote']?.length) options.allowRemote = values['allow-remote'].map(remoteOrigin);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  if (values.config) {
    options.configPath = resolve(values.config);
    options.configExplicit = true;
  }
  return options;
}

/** The same options as command-line arguments, for a command that starts another. */
export function descriptionArgs(options: LoadOptions): string[] {
  return [
    ...(options.root ? ['--root', options.root] : []),
    ...(options.allowRemote ?? []).flatMap((origin) => ['--allow-remote', origin]),
    ...(options.configPath ? ['--config', options.configPath] : []),
  ];
}
