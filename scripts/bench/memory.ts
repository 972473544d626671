// Resident memory of a process group, read from /proc (Linux).
import { readdirSync, readFileSync } from 'node:fs';

const PAGE = 4096;

/** Sum of the RSS of every process in the group led by `pgid`, in bytes (0 when none). */
export function treeRss(pgid: number): number {
  let total = 0;
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return 0;
  }
  for (const name of entries) {
    if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'latin1');
    } catch {
      continue;
    }
    // The command name may hold spaces and parentheses; the fields after its last ')' are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    total += Number(fields[21]) * PAGE;
  }
  return total;
}
