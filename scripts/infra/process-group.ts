// A child process leading a process group of its own, and that group stopped as a whole: how the
// benchmarks and the tests start builds and servers, so that nothing they spawn (Astro's workers,
// a curl, a mock) outlives the run. Hand-written on node:child_process: no installed package
// starts and kills a process group.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

/** Spawns `command` as the leader of a new process group (`detached`), which `killGroup` ends as a whole. */
export function spawnGroup(command: string, args: string[], options: Omit<SpawnOptions, 'detached'>): ChildProcess {
  return spawn(command, args, { ...options, detached: true });
}

/** Sends `signal` to every process of the group `pid` leads; a group already gone is fine. */
export function killGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // No process is left in the group.
  }
}

/** Whether any process of the group `pid` leads is still there. */
export function groupAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group, SIGKILL to what is left after `graceMs`; resolves once the group is gone. */
export async function stopGroup(pid: number | undefined, graceMs = 3000): Promise<void> {
  killGroup(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (groupAlive(pid) && Date.now() < deadline) await sleep(50);
  if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
  while (groupAlive(pid)) await sleep(20);
}
