// Every process the benchmarks start runs in its own process group, is tracked here,
// and is killed with its whole group when it is done, when the run fails and at exit.
import type { ChildProcess } from 'node:child_process';
import { openSync, closeSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { NODE, TIME } from './paths.ts';
import { existsSync } from 'node:fs';
import { treeRss } from './memory.ts';
import { groupAlive, killGroup, spawnGroup, stopGroup } from '../infra/process-group.ts';

export interface Started {
  child: ChildProcess;
  pid: number;
  /** Resolves with the exit code (or the signal's name) once the group leader exits. */
  exited: Promise<number | string>;
  /** Where stdout and stderr go. */
  log: string;
  stop(): Promise<void>;
}

const running = new Set<Started>();

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** File that receives stdout and stderr (appended). */
  log: string;
}

export function start(command: string, args: string[], options: StartOptions): Started {
  const fd = openSync(options.log, 'a');
  const child = spawnGroup(command, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    child.once('error', () => resolve('spawn-error'));
  });
  const pid = child.pid!;
  const handle: Started = {
    child,
    pid,
    exited,
    log: options.log,
    async stop() {
      await stopGroup(pid);
      await exited;
      running.delete(handle);
    },
  };
  running.add(handle);
  exited.then(() => {
    // The leader is gone; anything it left in its group goes too.
    if (!groupAlive(pid)) running.delete(handle);
  });
  return handle;
}

export function startNode(script: string, args: string[], options: StartOptions): Started {
  return start(NODE, [script, ...args], options);
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((p) => p.stop()));
}

/** Synchronous last resort for exit paths that cannot wait. */
export function killAllNow(): void {
  for (const p of running) {
    killGroup(p.pid, 'SIGKILL');
  }
  running.clear();
}

export interface TimedRun {
  code: number | string;
  wallMs: number;
  /** Peak summed RSS of the process group, sampled, and at least the largest single process's peak. */
  peakRssBytes: number;
  /** Largest single process's peak RSS, from /usr/bin/time -v. */
  maxProcessRssBytes?: number;
  output: string;
}

/**
 * Runs a command to completion, timing it and following the memory of its whole tree.
 * /usr/bin/time -v gives the exact peak of the largest process; sampling /proc every
 * 50 ms gives the peak of all processes together.
 */
export async function timed(command: string, args: string[], options: StartOptions & { timeoutMs?: number }): Promise<TimedRun> {
  const timeFile = `${options.log}.time`;
  const useTime = existsSync(TIME);
  const [cmd, argv] = useTime ? [TIME, ['-v', '-o', timeFile, command, ...args]] : [command, args];
  const started = performance.now();
  const p = start(cmd, argv, options);
  let peak = 0;
  let done = false;
  const sampler = (async () => {
    while (!done) {
      peak = Math.max(peak, treeRss(p.pid));
      await sleep(50);
    }
  })();
  const timeout = options.timeoutMs ?? 30 * 60_000;
  const code = await Promise.race([p.exited, sleep(timeout, undefined, { ref: false }).then(() => 'timeout' as const)]);
  const wallMs = performance.now() - started;
  done = true;
  await sampler;
  await p.stop();
  let maxProcessRssBytes: number | undefined;
  if (useTime) {
    const text = readFileSync(timeFile, 'utf8');
    const m = /Maximum resident set size \(kbytes\): (\d+)/.exec(text);
    if (m) maxProcessRssBytes = Number(m[1]) * 1024;
  }
  const output = readFileSync(options.log, 'utf8');
  return { code, wallMs, peakRssBytes: Math.max(peak, maxProcessRssBytes ?? 0), maxProcessRssBytes, output };
}
