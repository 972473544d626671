// Hostile descriptions of a few kilobytes, made here, through the commands a writer and CI run: `npm run lint`,
// `npm run build` and the mock's start. Each finishes within a bound on the CPU time of everything it started
// (not elapsed time, which other load inflates), and where a budget is hit it says so at the reference, with
// its rule. Before these bounds a doubly named allOf 25 levels deep did not finish in ten minutes, and a chain
// of 5,000 references or 5,000 levels written out ended in "Maximum call stack size exceeded".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCounted, treeCpuSeconds } from '../helpers/cpu.ts';
import { deeplyNestedText, doublyNamedAllOf, doublyNamedInline, EXPANDING, inPlaceLoops, referenceAt, referenceChain, textAt } from '../helpers/hostile.ts';
import { freePort } from '../helpers/ports.ts';
import { BUILD_TIMEOUT_MS, type Running, scriptEnv, startScript, stop } from '../helpers/processes.ts';
import { problemsIn, workspace, type Workspace } from './helpers.ts';

let ws: Workspace;
beforeAll(() => {
  ws = workspace('work-budget');
});
afterAll(() => ws?.remove());

/** A description written as JSON with a key per line (places are lines), in a folder of its own. */
function write(name: string, document: unknown): string {
  return ws.write(`${name}/openapi.json`, typeof document === 'string' ? document : JSON.stringify(document, null, 2));
}

/** The diagnostics a command printed for the file, with the text each points at. */
function located(output: string, spec: string) {
  return problemsIn(output, 'openapi.json').map((line) => {
    const [at = '', severity, rule] = line.split(' ');
    const [l = 0, c = 0] = at.split(':').map(Number);
    return { severity, rule, reference: referenceAt(spec, { line: l, col: c } as never), text: textAt(spec, { line: l, col: c } as never), at };
  });
}

const npm = (script: string, args: string[]) => `npm run -s ${script} -- ${args.map((a) => `'${a}'`).join(' ')}`;

describe('npm run lint', () => {
  it.each(EXPANDING)('checks %s in bounded CPU time, validation and lint refused at one reference', async (name, make) => {
    const spec = write(`lint-${EXPANDING.findIndex(([n]) => n === name)}`, make());
    const result = await runCounted(npm('lint', ['--spec', spec]), { env: scriptEnv(), timeoutMs: 120_000 });
    expect(result.code, result.output).toBe(1);
    expect(result.seconds, result.output).toBeLessThan(20);
    const refused = located(result.output, spec).filter((d) => d.rule === 'document-too-complex');
    expect(refused.map((d) => d.severity)).toEqual(['error', 'error']);
    expect(new Set(refused.map((d) => d.at)).size).toBe(1);
    expect(refused[0]?.reference, refused[0]?.text).toMatch(/^S\d+$/);
    expect(result.output).toContain("swagger-parser's validation would walk every one of them, so it was not run");
    expect(result.output).toContain("Redocly's lint would walk every one of them, so it was not run");
  });

  it('validates, and does not lint, 12 schemas that each apply all twelve to the same value, refused where the loop closes', async () => {
    const spec = write('lint-loops', inPlaceLoops(12));
    const result = await runCounted(npm('lint', ['--spec', spec]), { env: scriptEnv(), timeoutMs: 120_000 });
    expect(result.code, result.output).toBe(1);
    expect(result.seconds, result.output).toBeLessThan(20);
    const refused = located(result.output, spec).filter((d) => d.rule === 'document-too-complex');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.reference, refused[0]?.text).toMatch(/^S\d+$/);
    expect(result.output).toContain('checking a value against it never ends');
  });

  it('refuses a chain of 5,000 references at the 257th level, and 5,000 levels written out where the YAML parser stops', async () => {
    const chain = write('lint-chain', referenceChain(5000));
    const nested = write('lint-nested', deeplyNestedText(5000));
    for (const [spec, rule] of [
      [chain, 'document-too-deep'],
      [nested, 'yaml-syntax'],
    ] as const) {
      const result = await runCounted(npm('lint', ['--spec', spec]), { env: scriptEnv(), timeoutMs: 120_000 });
      expect(result.code, result.output).toBe(1);
      expect(result.seconds, result.output).toBeLessThan(20);
      expect(result.output).not.toMatch(/call stack/i);
      expect(located(result.output, spec).map((d) => `${d.severity} ${d.rule}`)).toEqual([`error ${rule}`]);
    }
  });
});

describe('npm run build', () => {
  it('builds a doubly named allOf 30 levels deep in bounded CPU time, with the refusals and the examples it could not make said', async () => {
    const spec = write('build', doublyNamedAllOf(30));
    const out = join(ws.dir, 'build/out');
    const result = await runCounted(npm('build', ['--spec', spec, '--out', out]), { env: scriptEnv(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(0);
    // The model, the lint beside it and Astro's whole build of 36 pages.
    expect(result.seconds, result.output).toBeLessThan(90);
    const problems = located(result.output, spec);
    expect(problems.filter((d) => d.rule === 'document-too-complex')).toHaveLength(2);
    expect(problems.filter((d) => d.rule === 'example-capped').length).toBeGreaterThan(0);
    expect(readFileSync(join(out, 'operations/create-thing/index.html'), 'utf8')).toContain('/things');
  });

  it('refuses a model that would double at each level, at the reference, and leaves the previous output as it was', async () => {
    const spec = write('build-inline', doublyNamedInline(30));
    const out = join(ws.dir, 'build-inline/out');
    ws.write('build-inline/out/previous.txt', 'the previous site');
    const result = await runCounted(npm('build', ['--spec', spec, '--out', out, '--no-lint']), { env: scriptEnv(), timeoutMs: BUILD_TIMEOUT_MS });
    expect(result.code, result.output).toBe(1);
    expect(result.seconds, result.output).toBeLessThan(60);
    const [problem, ...others] = located(result.output, spec);
    expect(others).toEqual([]);
    expect(problem?.rule).toBe('document-too-complex');
    expect(problem?.reference, problem?.text).toMatch(/^P\d+$/);
    expect(readFileSync(join(out, 'previous.txt'), 'utf8')).toBe('the previous site');
    expect(existsSync(join(out, 'index.html'))).toBe(false);
  });
});

describe("the mock's start", () => {
  let mock: Running | undefined;
  afterEach(async () => {
    await stop(mock);
    mock = undefined;
  });

  it('serves a doubly named allOf 30 levels deep within bounded CPU time', async () => {
    const spec = write('mock', doublyNamedAllOf(30));
    const port = await freePort();
    mock = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(port)], { env: scriptEnv(), timeoutMs: 120_000 });
    await mock.waitFor(/Mock server listening/, 110_000);
    expect(treeCpuSeconds(mock.child.pid!), mock.output()).toBeLessThan(20);
    // It answers: the one operation takes POST, so GET is the API's 405.
    const answer = await fetch(`http://127.0.0.1:${port}/things`);
    expect(answer.status).toBe(405);
    expect(located(mock.output(), spec).filter((d) => d.rule === 'example-capped').length).toBeGreaterThan(0);
  });

  it('refuses a chain of 5,000 references at the 257th level instead of running out of stack', async () => {
    const spec = write('mock-chain', referenceChain(5000));
    const port = await freePort();
    mock = startScript('scripts/mock.ts', ['--spec', spec, '--port', String(port)], { env: scriptEnv(), timeoutMs: 120_000 });
    const exit = await mock.closed;
    expect(exit.code, mock.output()).not.toBe(0);
    expect(mock.output()).not.toMatch(/call stack/i);
    const problems = located(mock.output(), spec);
    expect(problems.map((d) => `${d.severity} ${d.rule}`)).toEqual(['error document-too-deep']);
    expect(problems[0]?.reference).toBe('S250');
  });
});
