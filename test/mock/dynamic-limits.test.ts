// Answers generated from a schema (`Prefer: dynamic=true`) are bounded: a
// minItems × minLength bomb gets a short honest answer, arrays nested ten deep
// a 500 Error body once the time limit runs out; other clients are answered
// meanwhile, the mock keeps serving under a small heap, and SIGTERM ends it at
// once even while an answer is being generated.
import { connect } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_GENERATED_ITEMS, MAX_GENERATED_LENGTH, MAX_GENERATED_PROPERTIES } from '../../scripts/mock/generation-limits.ts';
import { ROOT } from '../helpers/paths.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, scriptEnv, startScript, stop, type Running } from '../helpers/processes.ts';
import { expectErrorShape, startMock } from './helpers.ts';
import { WAIT_MS } from '../helpers/wait.ts';

const SPEC = resolve(ROOT, 'test/mock/fixtures/hostile/generation-bombs.yaml');
const DYNAMIC = { prefer: 'dynamic=true' };

async function timed(base: string, path: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), bytes: text.length, ms: performance.now() - started };
}

describe('generated answers in process', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  beforeAll(async () => {
    mock = await startMock({ spec: SPEC });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers a minItems × minLength bomb with a short, honest body', async () => {
    const wide = await timed(mock.url, '/wide', DYNAMIC);
    expect(wide.status).toBe(200);
    expect(Array.isArray(wide.body)).toBe(true);
    expect(wide.body.length).toBeGreaterThan(0);
    // The engine's fake text overshoots a bound by a few items or words; what matters is that it stays near it.
    expect(wide.body.length).toBeLessThanOrEqual(2 * MAX_GENERATED_ITEMS);
    for (const item of wide.body) expect(item.length).toBeLessThanOrEqual(2 * MAX_GENERATED_LENGTH);
    const fields = await timed(mock.url, '/fields', DYNAMIC);
    expect(fields.status).toBe(200);
    expect(Object.keys(fields.body).length).toBeLessThanOrEqual(2 * MAX_GENERATED_PROPERTIES);
    for (const value of Object.values(fields.body)) expect(String(value).length).toBeLessThanOrEqual(2 * MAX_GENERATED_LENGTH);
    // Without a preference the declared example is sent, as before.
    expect((await timed(mock.url, '/wide')).body).toEqual(['small']);
  });

  it('stops a generation past its time limit with a 500 Error body, answering others meanwhile', async () => {
    // The engine's worker is started by the first answer above; connections are opened once before.
    for (const r of await Promise.all(Array.from({ length: 20 }, () => timed(mock.url, '/fast')))) expect(r.status).toBe(200);
    const deep = timed(mock.url, '/deep', DYNAMIC);
    const others: Awaited<ReturnType<typeof timed>>[] = [];
    let deepDone = false;
    void deep.then(() => (deepDone = true));
    // Rounds of 20 clients for as long as the generation runs.
    while (!deepDone) others.push(...(await Promise.all(Array.from({ length: 20 }, () => timed(mock.url, '/fast')))));
    for (const r of others) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ fast: true });
    }
    // Round after round was answered while the generation ran: the thread answering requests was never held.
    expect(others.length).toBeGreaterThanOrEqual(60);
    const r = await deep;
    expect(r.status).toBe(500);
    expectErrorShape(r.body, 500, 'internal_error');
    expect(r.body.message).toContain('The answer generated from the schema of GET /deep was stopped: it took longer than 2000 ms.');
    expect(mock.output.text).toContain('Generated answer for GET /deep stopped: it took longer than 2000 ms.');
    // A new worker takes the next generated answer.
    expect((await timed(mock.url, '/wide', DYNAMIC)).status).toBe(200);
  });
});

describe('npm run mock under a 256 MB heap', () => {
  let mock: Running | undefined;
  afterEach(async () => {
    await stop(mock, 'SIGKILL');
    if (mock) expect(gone(mock)).toBe(true);
    mock = undefined;
  });

  /** Two requests written at once on one connection: the second is answered (and logged) only after the first has been handed to the engine. */
  function pipelined(port: number, first: string, second: string): Promise<void> {
    return new Promise((done, fail) => {
      const socket = connect(port, '127.0.0.1', () => socket.write(`${first}${second}`, () => done()));
      socket.on('error', fail);
      // Left open: the process under test ends it.
      socket.on('close', () => socket.destroy());
    });
  }

  it('survives every bomb, keeps answering, and ends at once on SIGTERM mid-generation', async () => {
    const port = await freePort();
    mock = startScript('scripts/mock.ts', ['--port', String(port), '--spec', SPEC], {
      env: scriptEnv({ NODE_OPTIONS: '--max-old-space-size=256' }),
      timeoutMs: 120_000,
    });
    await mock.waitFor(/Mock server listening on/, 30_000);
    const base = `http://127.0.0.1:${port}`;
    expect((await timed(base, '/wide', DYNAMIC)).status).toBe(200);
    expect((await timed(base, '/fields', DYNAMIC)).status).toBe(200);
    const deep = await timed(base, '/deep', DYNAMIC);
    expect(deep.status).toBe(500);
    expectErrorShape(deep.body, 500, 'internal_error');
    expect((await timed(base, '/fast')).body).toEqual({ fast: true });

    // A generation that will run for seconds, then SIGTERM as soon as the request after it is answered.
    await pipelined(port, 'GET /deep HTTP/1.1\r\nHost: mock\r\nPrefer: dynamic=true\r\n\r\n', 'GET /fast?after-deep HTTP/1.1\r\nHost: mock\r\n\r\n');
    await mock.waitFor(/^GET \/fast\?after-deep 200 /m, WAIT_MS);
    mock.child.kill('SIGTERM');
    const exit = await Promise.race([mock.exited, new Promise<'still running'>((r) => setTimeout(() => r('still running'), 3000))]);
    expect(exit).toEqual({ code: 0, signal: null });
    expect(await refused(port)).toBe(true);
    expect(mock.output()).not.toMatch(/heap out of memory|FATAL/i);
  });
});
