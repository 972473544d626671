// Shared command-line options, parsed with node:util (no dependency needed for flags this simple).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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
