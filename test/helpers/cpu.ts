// CPU time, the measure of work on a machine whose other load inflates elapsed time: this process's,
// a command's run to its end with everything it started and waited for, or a running process's so far.
import { readdirSync, readFileSync } from 'node:fs';
import { type Finished, runShell, type StartOptions } from './processes.ts';

/** CPU seconds this process spends on `work`. */
export async function cpuSeconds<T>(work: () => Promise<T>): Promise<{ result: T; seconds: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, seconds: (used.user + used.system) / 1e6 };
}

const TIMES = /\n(\d+)m([\d.]+)s (\d+)m([\d.]+)s\n?$/;

/**
 * Runs a shell command line to its end; `seconds` is the CPU time of everything it started and waited for
 * (the shell's `times`: its children's user and system time, theirs included), printed after it on stderr.
 */
export async function runCounted(commandLine: string, options: StartOptions): Promise<Finished & { seconds: number }> {
  const finished = await runShell(`${commandLine}; status=$?; times >&2; exit $status`, options);
  const match = TIMES.exec(finished.stderr);
  if (!match) throw new Error(`No CPU times after the command:\n${finished.output}`);
  const seconds = Number(match[1]) * 60 + Number(match[2]) + Number(match[3]) * 60 + Number(match[4]);
  return { ...finished, stderr: finished.stderr.slice(0, match.index), seconds };
}

const TICKS_PER_SECOND = 100;

/** /proc/<pid>/stat's user and system time, its own and its waited-for children's, in seconds (0 when it is gone). */
function statSeconds(pid: number): number {
  try {
    // The command name (in parentheses) may hold spaces: fields are counted after it.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .split(' ');
    return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds a running process and every process under it have used so far (Linux). */
export function treeCpuSeconds(pid: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const parent = Number(
        readFileSync(`/proc/${entry}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ')[1],
      );
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // Gone meanwhile.
    }
  }
  let seconds = 0;
  const stack = [pid];
  while (stack.length > 0) {
    const next = stack.pop()!;
    seconds += statSeconds(next);
    stack.push(...(children.get(next) ?? []));
  }
  return seconds;
}
