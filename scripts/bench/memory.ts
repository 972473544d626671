// Resident memory of a process group, read from /proc (Linux).
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

const PAGE = 4096;

/** The processes of the group led by `pgid`, by their /proc names. */
function groupMembers(pgid: number): string[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const members: string[] = [];
  for (const name of entries) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // The command name may hold spaces and parentheses; the fields after its last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[2]) === pgid) members.push(name);
    } catch {
      // Gone meanwhile.
    }
  }
  return members;
}

/** Sum of the RSS of every process in the group led by `pgid`, in bytes (0 when none). */
export function treeRss(pgid: number): number {
  let total = 0;
  for (const name of groupMembers(pgid)) {
    try {
      total += Number(readFileSync(`/proc/${name}/statm`, 'latin1').split(' ')[1]) * PAGE;
    } catch {
      // Gone meanwhile.
    }
  }
  return total;
}

/**
 * The group's resident memory with each program's file pages (its own code and libraries, the
 * same pages in every process that runs it) counted once: the memory of each process that is its
 * own, plus per program the most file pages one of its processes maps. A sum of RSS counts Node's
 * code (about 50 MB) again for every Node process of the group. From statm, cheap enough to
 * sample every 100 ms, where smaps costs about 10 ms per large process.
 */
export function treeResident(pgid: number): number {
  let own = 0;
  const files = new Map<string, number>();
  for (const name of groupMembers(pgid)) {
    try {
      const [, resident = 0, shared = 0] = readFileSync(`/proc/${name}/statm`, 'latin1').split(' ').map(Number);
      const program = readlinkSync(`/proc/${name}/exe`);
      own += (resident - shared) * PAGE;
      files.set(program, Math.max(files.get(program) ?? 0, shared * PAGE));
    } catch {
      // Gone meanwhile.
    }
  }
  let total = own;
  for (const bytes of files.values()) total += bytes;
  return total;
}
