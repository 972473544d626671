// Runs one job of the build (the model) in a child process of its own rather than on a worker
// thread: when a worker ends, the memory it used stays with this process (about 500 MB after
// GitHub's model) and adds to the site build's peak; a process gives it all back. Written on
// node:child_process: a job is one message in, its answer out, and it may go on working after
// answering (the description's copies, while the site renders) until it exits.
import { fork } from 'node:child_process';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { MODEL_HEAP_FLAGS } from '../model/isolated.ts';

/** What a job sends back: its result, the description's problems, or a failure. */
export type JobReply<T> = { ok: true; result: T } | { ok: false; diagnostics: Diagnostic[] } | { ok: false; error: string };

/** A job under way: its answer as soon as it is sent, and its end. */
export interface RunningJob<T> {
  /** Rejects with a DiagnosticsError for the description's problems, or an Error when the job failed before answering. */
  answer: Promise<T>;
  /** Resolves once the job has answered and exited; rejects when it failed, before or after answering. */
  done: Promise<void>;
}

/** Runs the job module `entry` (see answerJob) with `input`. */
export function runJob<T>(entry: URL, input: unknown, what: string): RunningJob<T> {
  let answered: (result: T) => void = () => undefined;
  let refused: (error: Error) => void = () => undefined;
  const answer = new Promise<T>((resolve, reject) => {
    answered = resolve;
    refused = reject;
  });
  const done = new Promise<void>((resolve, reject) => {
    // The same Node flags (a --max-old-space-size, the memory bound of the model's worker) and environment.
    const child = fork(entry, { execArgv: [...MODEL_HEAP_FLAGS, ...process.execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let failure: Error | undefined;
    child.on('message', (message: JobReply<T>) => {
      if (message.ok) return answered(message.result);
      failure = 'diagnostics' in message ? new DiagnosticsError(what, message.diagnostics) : new Error(message.error);
      refused(failure);
    });
    child.once('error', (error) => {
      refused(error);
      reject(error);
    });
    // 'close', not 'exit': the process can be gone before its last message is read from the channel.
    child.once('close', (code, signal) => {
      const stopped = code === 0 ? undefined : (failure ?? new Error(`${what} stopped (${signal ?? `exit code ${code}`})`));
      // Settled already when it answered; otherwise it ended without a word.
      refused(stopped ?? new Error(`${what} stopped without an answer`));
      if (stopped) reject(stopped);
      else resolve();
    });
    // Stopping the build (Ctrl-C) stops the job: it goes with this process.
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('exit', () => process.off('exit', stop));
    child.send(input as object);
  });
  // Whoever waits for the answer alone is not told twice of a failure.
  done.catch(() => undefined);
  return { answer, done };
}

const failed = (error: unknown): JobReply<never> =>
  error instanceof DiagnosticsError ? { ok: false, diagnostics: error.diagnostics } : { ok: false, error: (error as Error).stack ?? String(error) };

/**
 * The child's side: runs `job` on the one message it is sent. The job answers by calling `answer`
 * once, and may go on working; the process exits when the job's promise settles (1 when it failed).
 */
export function answerJob<I, T>(job: (input: I, answer: (result: T) => void) => Promise<void>): void {
  // The build that started it is gone: nothing would read the answer.
  process.once('disconnect', () => process.exit(1));
  process.once('message', async (input: I) => {
    let sent = Promise.resolve();
    const send = (reply: JobReply<T>) => {
      sent = new Promise((resolve) => process.send!(reply, () => resolve()));
    };
    let code = 0;
    try {
      await job(input, (result) => send({ ok: true, result }));
    } catch (error) {
      send(failed(error));
      code = 1;
    }
    await sent;
    process.exit(code);
  });
}
