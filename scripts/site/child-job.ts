// Runs one job of the build (the model, the YAML copy) in a child process of its own rather than
// on a worker thread: when a worker ends, the memory it used stays with this process (about
// 500 MB after GitHub's model) and adds to the site build's peak; a process gives it all back.
// Written on node:child_process: a job is one message in, one message out.
import { fork } from 'node:child_process';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';

/** What a job sends back: its result, the description's problems, or a failure. */
export type JobReply<T> = { ok: true; result: T } | { ok: false; diagnostics: Diagnostic[] } | { ok: false; error: string };

/**
 * V8's heap for a job: it holds one large document for a few seconds, and V8's defaults let the heap
 * run far past what is alive meanwhile. A young generation of 2 MB per half and a heap that grows by
 * at most what survives a collection keep GitHub's model job at 459–510 MB instead of 670–730 MB, in
 * the same time; the site build starts beside it, so its peak adds to the build's.
 */
const JOB_HEAP_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=100'];

/** Runs the job module `entry` (see answerJob) with `input`; rejects with a DiagnosticsError for the description's problems. */
export function runJob<T>(entry: URL, input: unknown, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    // The same Node flags (a --max-old-space-size, the memory bound of the model's worker) and environment.
    const child = fork(entry, { execArgv: [...JOB_HEAP_FLAGS, ...process.execArgv], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let reply: JobReply<T> | undefined;
    child.once('message', (message: JobReply<T>) => (reply = message));
    child.once('error', reject);
    // 'close', not 'exit': the process can be gone before its last message is read from the channel.
    child.once('close', (code, signal) => {
      if (reply?.ok) resolve(reply.result);
      else if (reply && 'diagnostics' in reply) reject(new DiagnosticsError(what, reply.diagnostics));
      else reject(new Error(reply && 'error' in reply ? reply.error : `${what} stopped (${signal ?? `exit code ${code}`})`));
    });
    // Stopping the build (Ctrl-C) stops the job: it goes with this process.
    const stop = () => child.kill('SIGTERM');
    process.once('exit', stop);
    child.once('exit', () => process.off('exit', stop));
    child.send(input as object);
  });
}

/** The child's side: answers the one message it is sent with `job`, then exits. */
export function answerJob<I, T>(job: (input: I) => Promise<T>): void {
  // The build that started it is gone: nothing would read the answer.
  process.once('disconnect', () => process.exit(1));
  process.once('message', async (input: I) => {
    let reply: JobReply<T>;
    try {
      reply = { ok: true, result: await job(input) };
    } catch (error) {
      reply = error instanceof DiagnosticsError ? { ok: false, diagnostics: error.diagnostics } : { ok: false, error: (error as Error).stack ?? String(error) };
    }
    process.send!(reply, () => process.exit(0));
  });
}
