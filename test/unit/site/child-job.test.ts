// A build job in a child process (scripts/site/child-job.ts): its answer reaches the build as soon
// as it is sent, the work it does after answering is waited for apart, and a failure on either side
// of the answer is told where it is waited for.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DiagnosticsError } from '../../../scripts/diagnostics.ts';
import { runJob } from '../../../scripts/site/child-job.ts';
import { ROOT } from '../../helpers/paths.ts';

const dir = mkdtempSync(join(tmpdir(), 'child-job-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHILD_JOB = pathToFileURL(join(ROOT, 'scripts/site/child-job.ts')).href;
const DIAGNOSTICS = pathToFileURL(join(ROOT, 'scripts/diagnostics.ts')).href;

/** A job module whose body runs with `input` and `answer` in scope. */
function jobModule(name: string, body: string): URL {
  const file = join(dir, `${name}.ts`);
  writeFileSync(
    file,
    `import { answerJob } from ${JSON.stringify(CHILD_JOB)};
import { DiagnosticsError } from ${JSON.stringify(DIAGNOSTICS)};
import { writeFileSync, existsSync } from 'node:fs';
answerJob(async (input: { file: string; gate: string }, answer: (result: unknown) => void) => {
  void DiagnosticsError; void writeFileSync; void existsSync;
  ${body}
});
`,
  );
  return pathToFileURL(file);
}

describe('a build job', () => {
  it('answers before it ends, and its end waits for the work after the answer', async () => {
    const gate = join(dir, 'gate');
    const file = join(dir, 'after.txt');
    // After answering, the job waits for a file only the test writes once it has the answer.
    const job = runJob<number>(
      jobModule(
        'later',
        `answer(42);
  while (!existsSync(input.gate)) await new Promise((resolve) => setTimeout(resolve, 5));
  writeFileSync(input.file, 'written after the answer');`,
      ),
      { file, gate },
      'The job',
    );
    let ended = false;
    void job.done.then(() => (ended = true));
    expect(await job.answer).toBe(42);
    expect(ended).toBe(false);
    writeFileSync(gate, '');
    await job.done;
    expect(readFileSync(file, 'utf8')).toBe('written after the answer');
  });

  it("gives the description's problems as a DiagnosticsError, to the answer and the end", async () => {
    const job = runJob(
      jobModule('refused', `throw new DiagnosticsError('no', [{ severity: 'error', rule: 'r', message: 'm', file: 'f', line: 2, col: 3 }]);`),
      {},
      'Cannot load f',
    );
    const refused = await job.answer.catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DiagnosticsError);
    expect((refused as DiagnosticsError).message).toBe('Cannot load f');
    expect((refused as DiagnosticsError).diagnostics).toEqual([{ severity: 'error', rule: 'r', message: 'm', file: 'f', line: 2, col: 3 }]);
    await expect(job.done).rejects.toBe(refused);
  });

  it('that fails after answering keeps its answer, and its end tells the failure', async () => {
    const job = runJob<string>(jobModule('late-failure', `answer('model'); throw new Error('the copies could not be written');`), {}, 'The job');
    expect(await job.answer).toBe('model');
    await expect(job.done).rejects.toThrow('the copies could not be written');
  });

  it('that exits without a word rejects both', async () => {
    const job = runJob(jobModule('silent', 'process.exit(3);'), {}, 'The job');
    await expect(job.answer).rejects.toThrow('The job stopped (exit code 3)');
    await expect(job.done).rejects.toThrow('The job stopped (exit code 3)');
  });
});
