// The one way the project runs git (the diff's base version, the preview's comparison, a build's
// tagged versions). git runs through execFile with an argument array, so nothing is read by a
// shell; a revision that comes from a user or a repository (`--base-ref`, a tag, `ref:path`) is
// refused when git could read it as an option (`--output=<file>` makes `git show` write a file)
// and is passed after `--end-of-options`, where git reads nothing as an option.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { MAX_FILE_BYTES } from '../model/limits.ts';

const run = promisify(execFile);

/** A revision git must never be given. */
export class GitRefError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GitRefError';
  }
}

/** Why `ref` cannot be given to git as a revision, or undefined when it can. */
export function refProblem(ref: string): string | undefined {
  if (ref === '') return 'an empty name is not a git ref';
  if (ref.startsWith('-')) return `"${ref}" is not a git ref: it starts with "-", which git would read as an option`;
  // Arguments are C strings: a NUL would end it early.
  if (ref.includes('\0')) return 'a git ref has no NUL character';
  return undefined;
}

export interface GitCommand {
  /** The subcommand and its options: the project's own words only. */
  args: readonly string[];
  /** Revisions (`v1.0.0`, `HEAD:openapi/openapi.yaml`), each checked and given after `--end-of-options`. */
  revisions?: readonly string[];
  /** Paths, given after `--` (an empty list still ends the revisions with `--`). */
  paths?: readonly string[];
}

/** The arguments git gets for `command` in `cwd`; throws GitRefError for a revision it would read as an option. */
export function gitArgs(cwd: string, command: GitCommand): string[] {
  const revisions = command.revisions ?? [];
  for (const revision of revisions) {
    const problem = refProblem(revision);
    if (problem) throw new GitRefError(problem);
  }
  return ['-C', cwd, ...command.args, ...(revisions.length > 0 ? ['--end-of-options', ...revisions] : []), ...(command.paths ? ['--', ...command.paths] : [])];
}

/**
 * git's output, or null when git fails (no repository, no such ref or file). Output is capped at the
 * size a description file may have: a larger file is not copied, and loading without it reports it.
 */
export async function git(cwd: string, command: GitCommand): Promise<Buffer | null> {
  const args = gitArgs(cwd, command);
  try {
    const { stdout } = await run('git', args, { encoding: 'buffer', maxBuffer: MAX_FILE_BYTES });
    return stdout;
  } catch {
    return null;
  }
}

/** git's output as text, or null when git fails. */
export async function gitText(cwd: string, command: GitCommand): Promise<string | null> {
  return (await git(cwd, command))?.toString('utf8') ?? null;
}
