// `npm run diff -- <old> <new>`: what changed between two versions of the
// description, breaking changes first. `npm run diff -- <spec>` compares the
// working copy with its last committed version, `--base-ref <ref>` with the
// version at another git ref (a pull request's base branch).
// Exit code: 0 the gate passes, 1 it fails (`--fail-on`: breaking by default), 2 a document did not load
// or a setting is wrong.
import { appendFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { stringify } from 'yaml';
import { DESCRIPTION_OPTIONS, DESCRIPTION_USAGE, descriptionOptions } from './cli/args.ts';
import { DiagnosticsError, formatDiagnostics, hasErrors } from './diagnostics.ts';
import { resolveBaseSpec } from './diff/base.ts';
import { CATALOGUE } from './diff/catalogue.ts';
import { SETTINGS_OPTIONS, SETTINGS_USAGE, settingsFor } from './diff/cli-settings.ts';
import { compareModels } from './diff/compare.ts';
import { formatText } from './diff/format.ts';
import { formatGithub } from './diff/format-github.ts';
import { formatHtml } from './diff/format-html.ts';
import { formatJunit } from './diff/format-junit.ts';
import { formatMarkdown } from './diff/format-markdown.ts';
import { FAIL_ON, type FailOn, failsGate, isFailOn } from './diff/gate.ts';
import { refProblem } from './infra/git.ts';
import { isDate, today } from './diff/lifecycle.ts';
import { locateChanges } from './diff/locate.ts';
import { SettingsError } from './diff/settings.ts';
import type { ApiChanges } from './diff/types.ts';
import type { ApiModel } from './model/index.ts';
import { createModelBuilder, type ModelBuilder } from './model/process/isolated.ts';
import type { LoadOptions } from './model/load/load.ts';
import type { SourceLocation } from './model/contract/types.ts';
import type { Diagnostic } from './diagnostics.ts';

const FORMATS = ['text', 'json', 'yaml', 'markdown', 'github', 'junit', 'html'] as const;
type Format = (typeof FORMATS)[number];

const USAGE = `Usage:
  npm run diff -- <old-spec> <new-spec> [options]
  npm run diff -- <spec> [--base <old-spec> | --base-ref <git ref>] [options]
      (without --base or --base-ref, <spec> is compared with its last committed version)
Options:
  --format text|json|yaml|markdown|github|junit|html   output (default text; --json and --markdown are short for two of them)
  --fail-on breaking|warning|info|never   exit 1 on a breaking change (default), also on a warning, on any change, or never
  --date YYYY-MM-DD                    the day sunset dates are judged against (default today, UTC)
${SETTINGS_USAGE}
${DESCRIPTION_USAGE}
When $GITHUB_OUTPUT is set, the counts are written to it (breaking, warnings, info, total, ignored).`;

async function load(builder: ModelBuilder, path: string, label: string, access: LoadOptions): Promise<ApiModel | null> {
  try {
    // Validation and lint belong to `npm run lint`; here they would only double the time on large documents.
    // On the model worker, under its memory bound: a description that would exhaust memory does not load (exit 2).
    const result = await builder.call<{ model: ApiModel; diagnostics: Diagnostic[] }>('diff-build', path, { lint: false, validate: false, ...access });
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

function usageError(message: string): number {
  process.stderr.write(`${message ? `${message}\n` : ''}${USAGE}\n`);
  return 2;
}

function render(changes: ApiChanges, format: Format, headPath: string, failOn: FailOn): string {
  if (format === 'json') return JSON.stringify(changes, null, 2);
  if (format === 'yaml') return stringify(changes).trimEnd();
  if (format === 'junit') return formatJunit(changes, failOn);
  if (format === 'html') return formatHtml(changes);
  if (format === 'markdown') return formatMarkdown(changes);
  if (format === 'github') return formatGithub(changes, { file: headPath });
  const color = process.stdout.isTTY === true && !process.env.NO_COLOR;
  return formatText(changes, { color, baseLabel: changes.base.label, headLabel: changes.head.label });
}

function parseDiffArgs() {
  return parseArgs({
    allowPositionals: true,
    options: {
      format: { type: 'string' },
      json: { type: 'boolean', default: false },
      markdown: { type: 'boolean', default: false },
      'fail-on': { type: 'string', default: 'breaking' },
      date: { type: 'string' },
      base: { type: 'string' },
      'base-ref': { type: 'string' },
      checks: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
      ...SETTINGS_OPTIONS,
      ...DESCRIPTION_OPTIONS,
    },
  });
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseDiffArgs>;
  try {
    args = parseDiffArgs();
  } catch (error) {
    return usageError((error as Error).message);
  }
  const { values, positionals } = args;
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (values.checks) {
    const rows = [...CATALOGUE.values()].map((c) => `${c.id}\t${c.level}\t${c.oasdiff ?? '-'}\t${c.policy ?? ''}`);
    process.stdout.write(`check id\tlevel\toasdiff\tpolicy\n${rows.join('\n')}\n`);
    return 0;
  }
  const asked = [values.format, values.json ? 'json' : undefined, values.markdown ? 'markdown' : undefined].filter((f) => f !== undefined);
  if (new Set(asked).size > 1) return usageError(`Choose one output format (got ${asked.join(', ')}).`);
  const format = asked[0] ?? 'text';
  if (!(FORMATS as readonly string[]).includes(format)) return usageError(`Unknown --format ${format}: use ${FORMATS.join(', ')}.`);
  const failOn = values['fail-on'];
  if (!isFailOn(failOn)) return usageError(`Unknown --fail-on ${failOn}: use ${FAIL_ON.join(', ')}.`);
  const date = values.date ?? today();
  if (!isDate(date)) return usageError(`--date ${date} is not a date: write it YYYY-MM-DD.`);
  if (values.base && values['base-ref']) return usageError('Give --base or --base-ref, not both.');
  if (positionals.length < 1 || positionals.length > 2 || (positionals.length === 2 && (values.base || values['base-ref']))) return usageError('');

  const headPath = positionals.at(-1);
  if (headPath === undefined) return usageError('');
  const ref = values['base-ref'];
  // Given to git after --end-of-options all the same; said here, before anything is read.
  const refused = ref === undefined ? undefined : refProblem(ref);
  if (refused) return usageError(`--base-ref: ${refused}.`);
  const access = descriptionOptions(values);
  const base = await resolveBaseSpec(headPath, { base: positionals.length === 2 ? positionals[0] : values.base, access, ...(ref ? { ref } : {}) });
  if (!base) {
    process.stderr.write(
      ref
        ? `Cannot read ${headPath} at ${ref}: not in a git repository, no such ref (fetch it first, e.g. with the full history), or the file is not committed there.\n`
        : `No committed version of ${headPath} to compare with (not in a git repository, or not committed yet). Pass --base <old-spec>.\n`,
    );
    return 2;
  }
  let settings: Awaited<ReturnType<typeof settingsFor>>['settings'];
  try {
    ({ settings } = await settingsFor(headPath, values));
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    await base.cleanup();
    process.stderr.write(`${error.message}\n`);
    return 2;
  }
  const builder = createModelBuilder({ worker: new URL('./diff/worker.ts', import.meta.url) });
  try {
    const [before, after] = [await load(builder, base.path, base.label, base.access), await load(builder, headPath, headPath, access)];
    if (!before || !after) return 2;
    const compared = compareModels(before, after, { date, checkVersion: true, settings });
    const located = await locateChanges(compared.changes, (pointers) => builder.call<(SourceLocation | undefined)[]>('locate', headPath, {}, pointers));
    const changes: ApiChanges = { ...compared, changes: located, base: { ...compared.base, label: base.label }, head: { ...compared.head, label: headPath } };
    process.stdout.write(`${render(changes, format as Format, headPath, failOn)}\n`);
    writeGithubOutput(changes);
    const failed = failsGate(changes.summary, failOn);
    if (failed && changes.summary.breaking === 0)
      process.stderr.write(
        `Failing on ${changes.summary.warnings} warning(s)${failOn === 'info' ? ` and ${changes.summary.total - changes.summary.warnings} other change(s)` : ''}: --fail-on ${failOn}.\n`,
      );
    return failed ? 1 : 0;
  } finally {
    await builder.close();
    await base.cleanup();
  }
}

/** In a GitHub Actions step, the counts as the step's outputs (`steps.<id>.outputs.breaking`). */
function writeGithubOutput(changes: ApiChanges): void {
  const file = process.env.GITHUB_OUTPUT;
  if (!file) return;
  const { breaking, warnings, total, ignored } = changes.summary;
  appendFileSync(file, `breaking=${breaking}\nwarnings=${warnings}\ninfo=${total - breaking - warnings}\ntotal=${total}\nignored=${ignored}\n`);
}

process.exitCode = await main();
