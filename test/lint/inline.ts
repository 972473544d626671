// Inline documents for the lint tests: the files of a description written to a temporary folder of
// their own (no redocly.yaml beside them unless a test writes one), linted by `npm run lint` as a
// writer runs it, and the places a test expects, found in the same text it wrote.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { ROOT } from '../helpers/paths.ts';
import { run, scriptEnv } from '../helpers/processes.ts';

export interface Problem {
  /** `file:line:col`, the file relative to the document's folder. */
  at: string;
  severity: 'error' | 'warning';
  rule: string;
  message: string;
}

export interface LintRun {
  code: number;
  output: string;
  problems: Problem[];
}

const PROBLEM = /^(\S+):(\d+):(\d+) (error|warning) (\S+) (.*)$/;
const folders: string[] = [];

/** Writes the files (paths relative to a new folder) and returns the folder. */
export function writeDocument(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'lint-inline-'));
  folders.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Removes every folder written so far. */
export function removeDocuments(): void {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** `npm run lint -- --spec <entry>` from the project's folder; problems are read from its output. */
export async function lintDocument(dir: string, entry = 'openapi.yaml', args: string[] = []): Promise<LintRun> {
  const { code, stdout, output } = await run('npm', ['run', '-s', 'lint', '--', '--spec', join(dir, entry), ...args], {
    cwd: ROOT,
    env: scriptEnv(),
    timeoutMs: 90_000,
  });
  if (code === null) throw new Error(`npm run lint was stopped:\n${output}`);
  const problems = stdout.split('\n').flatMap((line) => {
    const [, path, ln, col, severity, rule, message] = PROBLEM.exec(line) ?? [];
    if (path === undefined || rule === undefined || message === undefined) return [];
    const file = relative(dir, resolve(ROOT, path));
    return [{ at: `${file}:${ln}:${col}`, severity: severity as Problem['severity'], rule, message }];
  });
  return { code, output, problems };
}

/** Where `needle` starts in `text` (`line:col`, 1-based): it must be there exactly once. */
export function at(text: string, needle: string): string {
  const index = text.indexOf(needle);
  if (index < 0 || text.indexOf(needle, index + 1) >= 0) throw new Error(`${JSON.stringify(needle)} is not in the document exactly once`);
  const before = text.slice(0, index).split('\n');
  return `${before.length}:${(before.at(-1) ?? '').length + 1}`;
}

/** Where the value of `key: value` (there exactly once) starts. */
export function valueAt(text: string, keyAndValue: string): string {
  const [line, col = 0] = at(text, keyAndValue).split(':').map(Number);
  return `${line}:${col + keyAndValue.indexOf(': ') + 2}`;
}

/** `text` with `from` (there exactly once) replaced by `to`. */
export function edited(text: string, from: string, to: string): string {
  at(text, from);
  return text.replace(from, () => to);
}
