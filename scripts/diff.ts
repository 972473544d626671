// `npm run diff -- <old> <new>`: what changed between two versions of the
// description, breaking changes first. `npm run diff -- <spec>` compares the
// working copy with its last committed version.
// Exit code: 0 no breaking change, 1 breaking changes, 2 a document did not load.
import { parseArgs } from 'node:util';
import { DESCRIPTION_OPTIONS, DESCRIPTION_USAGE, descriptionOptions } from './cli/args.ts';
import { DiagnosticsError, formatDiagnostics, hasErrors } from './diagnostics.ts';
import { resolveBaseSpec } from './diff/base.ts';
import { compareModels } from './diff/compare.ts';
import { formatMarkdown, formatText } from './diff/format.ts';
import type { ApiModel } from './model/index.ts';
import { createModelBuilder, type ModelBuilder } from './model/isolated.ts';
import type { LoadOptions } from './model/load.ts';

const USAGE = `Usage:
  npm run diff -- <old-spec> <new-spec> [--json | --markdown]
  npm run diff -- <spec> [--base <old-spec>] [--json | --markdown]
      (without --base, <spec> is compared with its last committed version)
${DESCRIPTION_USAGE}`;

async function load(builder: ModelBuilder, path: string, label: string, access: LoadOptions): Promise<ApiModel | null> {
  try {
    // Validation and lint belong to `npm run lint`; here they would only double the time on large documents.
    // On the model worker, under its memory bound: a description that would exhaust memory does not load (exit 2).
    const result = await builder.build(path, { lint: false, validate: false, ...access });
    if (hasErrors(result.diagnostics)) {
      process.stderr.write(`${label} has errors; the comparison may be incomplete:\n${formatDiagnostics(result.diagnostics)}\n`);
    } else if (result.diagnostics.length > 0) {
      // A foreign config's refused plugins, a capped example: said, and the comparison goes on.
      process.stderr.write(`${label}:\n${formatDiagnostics(result.diagnostics)}\n`);
    }
    return result.model;
  } catch (error) {
    if (error instanceof DiagnosticsError) {
      process.stderr.write(`Cannot load ${label}:\n${formatDiagnostics(error.diagnostics)}\n`);
      return null;
    }
    throw error;
  }
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      allowPositionals: true,
      options: {
        json: { type: 'boolean', default: false },
        markdown: { type: 'boolean', default: false },
        base: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
        ...DESCRIPTION_OPTIONS,
      },
    });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { values, positionals } = args;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length < 1 || positionals.length > 2 || (positionals.length === 2 && values.base)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const headPath = positionals[positionals.length - 1];
  const access = descriptionOptions(values);
  const base = await resolveBaseSpec(headPath, { base: positionals.length === 2 ? positionals[0] : values.base, access });
  if (!base) {
    process.stderr.write(`No committed version of ${headPath} to compare with (not in a git repository, or not committed yet). Pass --base <old-spec>.\n`);
    return 2;
  }
  const builder = createModelBuilder();
  try {
    const [before, after] = [await load(builder, base.path, base.label, base.access), await load(builder, headPath, headPath, access)];
    if (!before || !after) return 2;
    const changes = compareModels(before, after);
    if (values.json) process.stdout.write(`${JSON.stringify(changes, null, 2)}\n`);
    else if (values.markdown) process.stdout.write(`${formatMarkdown(changes)}\n`);
    else {
      const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
      process.stdout.write(`${formatText(changes, { color, baseLabel: base.label, headLabel: headPath })}\n`);
    }
    return changes.summary.breaking > 0 ? 1 : 0;
  } finally {
    await builder.close();
    await base.cleanup();
  }
}

process.exitCode = await main();
