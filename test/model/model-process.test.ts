// Models are built in a child process (scripts/model/process/isolated.ts): a process that ends mid-request,
// or runs out of memory in one long step, fails that request alone at the entry file; the next
// request is answered by a fresh process, and the command itself goes on.
import { getPriority } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { DiagnosticsError } from '../../scripts/diagnostics.ts';
import { createModelBuilder, type ModelBuilder } from '../../scripts/model/process/isolated.ts';

const MODULE = new URL('../helpers/model-process.ts', import.meta.url);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiagnosticsError);
  return (error as DiagnosticsError).diagnostics;
}

describe('the model process', () => {
  let builder: ModelBuilder | undefined;
  afterEach(async () => {
    await builder?.close();
    builder = undefined;
  });

  it('fails a request whose process exits, and answers the next from a new one', async () => {
    builder = createModelBuilder({ worker: MODULE });
    expect(await builder.call('echo', '/api/openapi.yaml', {}, 'first')).toBe('first');
    const [problem, ...more] = await refusal(builder.call('exit', '/api/openapi.yaml'));
    expect(more).toEqual([]);
    expect(problem).toMatchObject({ severity: 'error', rule: 'load', file: '/api/openapi.yaml', line: 1, col: 1 });
    expect(problem?.message).toContain('exit code 3');
    expect(await builder.call('echo', '/api/openapi.yaml', {}, 'after')).toBe('after');
  });

  it("runs background work at the niceness it is given, and other work at the caller's", async () => {
    builder = createModelBuilder({ worker: MODULE, nice: 10 });
    expect(await builder.call('niceness', '/api/openapi.yaml')).toBe(Math.max(getPriority(), 10));
    await builder.close();
    builder = createModelBuilder({ worker: MODULE });
    expect(await builder.call('niceness', '/api/openapi.yaml')).toBe(getPriority());
  });

  it('reports a process out of memory in one long step as memory-limit, without its crash report, and goes on', async () => {
    const written: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const options = process.env.NODE_OPTIONS;
    process.stderr.write = ((chunk: string | Uint8Array) => written.push(String(chunk)) > 0) as typeof process.stderr.write;
    try {
      // The bound the process gets follows this one's, as NODE_OPTIONS sets it.
      process.env.NODE_OPTIONS = '--max-old-space-size=128';
      builder = createModelBuilder({ worker: MODULE });
      const asked = builder.call('exhaust', '/api/openapi.json');
      // A request made while it runs out goes to the same process and fails with it.
      const queued = builder.call('echo', '/api/openapi.json', {}, 'queued');
      const [problem] = await refusal(asked);
      expect(problem).toMatchObject({ rule: 'memory-limit', file: '/api/openapi.json', line: 1, col: 1 });
      expect(problem?.message).toContain('more than 128 MB');
      expect((await refusal(queued))[0]?.rule).toBe('memory-limit');
      expect(await builder.call('echo', '/api/openapi.json', {}, 'after')).toBe('after');
    } finally {
      process.stderr.write = write;
      if (options === undefined) delete process.env.NODE_OPTIONS;
      else process.env.NODE_OPTIONS = options;
    }
    expect(written.join('')).not.toMatch(/FATAL ERROR|heap out of memory|Last few GCs/);
  });
});
