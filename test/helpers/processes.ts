// Child processes the tests start: the project's scripts, the shell. Each runs in a process
// group of its own under a time limit, so that one that hangs is killed with everything it
// started (Astro's workers, a curl) instead of holding the test run up or outliving it.
// The group itself is the project's one helper (scripts/infra/process-group.ts).
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { killGroup, spawnGroup } from '../../scripts/infra/process-group.ts';
import { ROOT } from './paths.ts';

/** A whole portal build on two shared cores; one still running after this has hung. */
export const BUILD_TIMEOUT_MS = 240_000;

/**
 * The environment of a plain build: the test run's own, without the variables the writers'
 * preview sets for the builds it runs (they would point the site at the preview's model).
 */
export function scriptEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env = { ...process.env, ...extra };
  for (const name of ['PORTAL_MODEL', 'PORTAL_PREVIEW']) if (!(name in extra)) delete env[name];
  return env;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Running {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Both streams, in the order their chunks arrived. */
  output(): string;
  /** Resolves when the process exits (its output may still be arriving). */
  exited: Promise<Exit>;
  /** Resolves once the process has exited and both streams are read to the end. */
  closed: Promise<Exit>;
  /** True when the time limit ran out and the process group was killed. */
  timedOut(): boolean;
  /** Resolves when stdout or stderr matches; rejects when the process exits first or time runs out. */
  waitFor(pattern: RegExp, timeoutMs: number): Promise<RegExpMatchArray>;
}

export interface StartOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** How long the process may live; past it, its whole process group is killed. */
  timeoutMs: number;
}

export interface Finished extends Exit {
  stdout: string;
  stderr: string;
  /** Both streams, in the order their chunks arrived. */
  output: string;
}

const isRunning = (child: ChildProcess): boolean => child.pid !== undefined && child.exitCode === null && child.signalCode === null;

export function start(command: string, args: string[], options: StartOptions): Running {
  // The child leads a new process group, which a hang kills as a whole.
  const child = spawnGroup(command, args, { cwd: options.cwd ?? ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  let all = '';
  let failure = '';
  let hasExited = false;
  let timedOut = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
    all += chunk;
    notify();
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    err += chunk;
    all += chunk;
    notify();
  });
  const limit = setTimeout(() => {
    timedOut = true;
    killGroup(child.pid, 'SIGKILL');
  }, options.timeoutMs);
  const exited = new Promise<Exit>((resolve) => {
    child.once('exit', (code, signal) => {
      hasExited = true;
      notify();
      resolve({ code, signal });
    });
    // Not started at all (no such command): there is no exit to wait for.
    child.once('error', (error) => {
      if (child.pid !== undefined) return;
      failure = `${error.message}\n`;
      err += failure;
      all += failure;
      hasExited = true;
      clearTimeout(limit);
      notify();
      resolve({ code: null, signal: null });
    });
  });
  const closed = new Promise<Exit>((resolve) => {
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      resolve({ code, signal });
    });
    void exited.then((exit) => failure && resolve(exit));
  });
  const text = () => `${out}\n${err}`;
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    output: () => all,
    exited,
    closed,
    timedOut: () => timedOut,
    waitFor(pattern, timeoutMs) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const match = text().match(pattern);
          if (match) done(() => resolve(match));
          else if (hasExited) done(() => reject(new Error(`Exited before printing ${pattern}:\n${text()}`)));
        };
        const timer = setTimeout(() => done(() => reject(new Error(`Nothing matched ${pattern} within ${timeoutMs} ms:\n${text()}`))), timeoutMs);
        const done = (then: () => void) => {
          clearTimeout(timer);
          listeners.delete(check);
          then();
        };
        listeners.add(check);
        check();
      });
    },
  };
}

/** Runs a command to its end and collects its output; rejects when it does not start or outlives its time limit. */
export async function run(command: string, args: string[], options: StartOptions): Promise<Finished> {
  const running = start(command, args, options);
  const exit = await running.closed;
  const finished = { ...exit, stdout: running.stdout(), stderr: running.stderr(), output: running.output() };
  if (running.timedOut()) throw new Error(`${command} ${args.join(' ')} took longer than ${options.timeoutMs} ms and was killed:\n${finished.output}`);
  if (running.child.pid === undefined) throw new Error(`${command} did not start:\n${finished.output}`);
  return finished;
}

/** A project script (path from the project's root), run by this Node. */
export function startScript(script: string, args: string[], options: StartOptions): Running {
  return start(process.execPath, [join(ROOT, script), ...args], options);
}

export function runScript(script: string, args: string[], options: StartOptions): Promise<Finished> {
  return run(process.execPath, [join(ROOT, script), ...args], options);
}

/** A shell command line, as a reader would paste it. */
export function runShell(commandLine: string, options: StartOptions): Promise<Finished> {
  return run('sh', ['-c', commandLine], options);
}

/**
 * Stops a process a test started and waits until it has exited: `signal` first, then SIGKILL
 * to its group if it is still there after `graceMs`; whatever it left running is killed too.
 */
export async function stop(running: Running | undefined, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (!running) return;
  if (isRunning(running.child)) {
    running.child.kill(signal);
    const timer = setTimeout(() => killGroup(running.child.pid, 'SIGKILL'), graceMs);
    await running.exited;
    clearTimeout(timer);
  }
  killGroup(running.child.pid, 'SIGKILL');
  // A process that left the group could still hold the pipes open: do not wait for it forever.
  await Promise.race([running.closed, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
}

/** Whether the process is gone: signal 0 to its pid fails. */
export function gone(running: Running): boolean {
  try {
    process.kill(running.child.pid!, 0);
    return false;
  } catch {
    return true;
  }
}
