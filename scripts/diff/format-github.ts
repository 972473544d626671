// GitHub Actions workflow commands, one per change: `::error` for breaking
// changes, `::warning` for warnings, `::notice` for the rest, each at the
// operation's or schema's file and line in the head document when known, so
// they show up on the pull request's diff.
import { relative, resolve } from 'node:path';
import { printable } from '../terminal.ts';
import { groupChanges } from './format.ts';
import type { ApiChanges, ChangeLevel } from './types.ts';

const COMMAND: Record<ChangeLevel, string> = { breaking: 'error', warning: 'warning', info: 'notice' };

/** A command's message: GitHub reads `%`, CR and LF as escapes (actions/toolkit's escapeData). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A command's property value: `:` and `,` separate properties, so they are escaped too (escapeProperty). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export interface GithubOptions {
  /** The head document's entry file, for changes with no line of their own (removals, the version). */
  file?: string;
  /** Paths are written relative to this folder: the repository's root, where the job runs. Default: the current folder. */
  cwd?: string;
}

export function formatGithub(changes: ApiChanges, options: GithubOptions = {}): string {
  const cwd = options.cwd ?? process.cwd();
  const repoPath = (file: string): string => relative(cwd, resolve(cwd, file)).split('\\').join('/');
  const report = groupChanges(changes);
  const lines: string[] = [];
  for (const group of report.groups) {
    for (const c of group.changes) {
      const file = c.source?.file ?? options.file;
      const props = [
        ...(file ? [`file=${escapeProperty(repoPath(file))}`] : []),
        ...(c.source ? [`line=${c.source.line}`, `col=${c.source.col}`] : []),
        `title=${escapeProperty(printable(`${group.title}: ${c.id}`))}`,
      ];
      lines.push(`::${COMMAND[c.level]} ${props.join(',')}::${escapeData(printable(`${c.message}${c.location ? ` [${c.location}]` : ''}`))}`);
    }
  }
  const { base, head } = changes;
  lines.push(`${base.title} ${base.version} → ${head.title} ${head.version}: ${report.headline}.`);
  return lines.join('\n');
}
