// Request checks against recursive oneOf/anyOf schemas are bounded: bodies and parameters
// of growing depth (40 levels and past the limit) are checked in CPU time that grows with
// the depth, not 2^depth; a body past the work limit is a 413 saying why; a large body is
// checked by a worker while other clients are answered; and `npm run mock` ends within a
// second of SIGTERM while hostile bodies are being checked. The document and every body
// are made here. CPU time is the mock's own: in this process (process.cpuUsage counts the
// worker threads too), or read from /proc for `npm run mock`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECK_DEPTH, WORKER_LIMITS } from '../../scripts/mock/check-limits.ts';
import { CheckPool } from '../../scripts/mock/check-pool.ts';
import { fieldMap } from '../../scripts/mock/request-checks.ts';
import { SchemaCompiler } from '../../scripts/mock/schemas.ts';
import type { OpenApiDocument } from '../../scripts/model/index.ts';
import { defined } from '../helpers/defined.ts';
import { freePort, refused } from '../helpers/ports.ts';
import { gone, startScript, stop, type Running } from '../helpers/processes.ts';
import { componentsDocument, leafPath, nestedBody, treeSchemas, wideBody, wideSchemas, type Combinator } from '../helpers/recursive-schemas.ts';
import { expectErrorShape, startMock } from './helpers.ts';

const BODY_LIMIT = 60_000;

function post(ref: string) {
  return {
    post: {
      requestBody: { required: true, content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } } },
      responses: { '201': { description: 'Created', content: { 'application/json': { example: { created: true } } } } },
    },
  };
}

/** Trees of both combinators, a 16-branch node a large body needs a worker for, a 64-branch one past the work limit. */
function hostileDocument(): Record<string, unknown> {
  const document = componentsDocument('3.0.3', {
    ...treeSchemas('oneOf', 'OneTree'),
    ...treeSchemas('anyOf', 'AnyTree'),
    ...wideSchemas(16, 'Wide'),
    ...wideSchemas(64, 'Wider'),
  });
  document.paths = {
    '/oneOf': post('OneTree'),
    '/anyOf': post('AnyTree'),
    '/wide': post('Wide'),
    '/wider': post('Wider'),
    '/filtered': {
      get: {
        parameters: [{ name: 'tree', in: 'query', content: { 'application/json': { schema: { $ref: '#/components/schemas/AnyTree' } } } }],
        responses: { '200': { description: 'OK', content: { 'application/json': { example: { filtered: true } } } } },
      },
    },
    '/fast': { get: { responses: { '200': { description: 'OK', content: { 'application/json': { example: { fast: true } } } } } } },
  };
  return document;
}

let dir: string;
let spec: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'recursive-bodies-'));
  spec = join(dir, 'openapi.json');
  writeFileSync(spec, JSON.stringify(hostileDocument()));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function send(base: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** CPU milliseconds this process spends (the mock runs in it, its worker threads included). */
async function cpuMs<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}

describe('recursive schemas in process', () => {
  let mock: Awaited<ReturnType<typeof startMock>>;
  const call = (path: string, body?: unknown) => send(mock.url, path, body);
  beforeAll(async () => {
    mock = await startMock({ spec });
    // Each operation's checks compile on first use, and the check workers start on the first body that needs one.
    for (const path of ['/oneOf', '/anyOf']) expect((await call(path, nestedBody(1))).status).toBe(201);
    expect((await call('/wide', wideBody(16, 200))).status).toBe(201);
    expect((await call('/wider', wideBody(64, BODY_LIMIT))).status).toBe(413);
  });
  afterAll(async () => {
    await mock?.close();
  });

  it.each<Combinator>(['oneOf', 'anyOf'])('checks %s bodies of growing depth in CPU time that grows with the depth', async (combinator) => {
    const costs: number[] = [];
    for (const depth of [10, 20, 30, 40, 80, 160, MAX_CHECK_DEPTH - 2]) {
      const { result, ms } = await cpuMs(async () => [await call(`/${combinator}`, nestedBody(depth)), await call(`/${combinator}`, nestedBody(depth, true))]);
      const [valid, invalid] = result;
      expect(valid?.status, `depth ${depth}`).toBe(201);
      expect(invalid?.status, `depth ${depth}`).toBe(400);
      expectErrorShape(invalid?.body, 400, 'validation_failed');
      expect(invalid?.body.message).toBe(`${leafPath(depth)} must be string`);
      costs.push(ms);
    }
    // A naive check of 30 levels is 2^30 checks of a subtree (the 24-level body took 1.3 s of CPU before); 254 levels here take milliseconds.
    expect(Math.max(...costs)).toBeLessThan(250);
    const past = await cpuMs(() => call(`/${combinator}`, nestedBody(MAX_CHECK_DEPTH + 50)));
    expect(past.result.status).toBe(413);
    expectErrorShape(past.result.body, 413, 'payload_too_large');
    expect(past.result.body.message).toBe(
      `The body is nested too deeply to check against its schema: more than ${MAX_CHECK_DEPTH} levels of schema references.`,
    );
    expect(past.ms).toBeLessThan(250);
  });

  it('checks a recursive parameter the same way', async () => {
    const query = (tree: unknown) => `/filtered?tree=${encodeURIComponent(JSON.stringify(tree))}`;
    // Parameters are coerced (text to the schema's types): a leaf only an object can make invalid.
    const { result, ms } = await cpuMs(async () => [
      await call(query(nestedBody(40))),
      await call(query(nestedBody(40, {}))),
      await call(query(nestedBody(MAX_CHECK_DEPTH + 20))),
    ]);
    const [valid, invalid, deep] = result;
    expect(valid?.status).toBe(200);
    expect(invalid?.status).toBe(400);
    expect(invalid?.body.message).toBe(`${leafPath(40).replace(/^body/, 'query.tree')} must be string`);
    expect(deep?.status).toBe(400);
    expectErrorShape(deep?.body, 400, 'validation_failed');
    expect(deep?.body.message).toContain('The parameters are nested too deeply to check');
    expect(ms).toBeLessThan(250);
  });

  it('checks a large body in a worker, and refuses one past the work limit with 413 saying why', async () => {
    const large = wideBody(16, BODY_LIMIT);
    const wrong = structuredClone(large) as { c: { c: { v: number }[] }[] };
    defined(wrong.c[2]?.c[1], 'a node two levels down').v = 99;
    const { result, ms } = await cpuMs(async () => [await call('/wide', large), await call('/wide', wrong), await call('/wider', wideBody(64, BODY_LIMIT))]);
    const [valid, invalid, refused] = result;
    expect(valid?.status).toBe(201);
    expect(invalid?.status).toBe(400);
    expectErrorShape(invalid?.body, 400, 'validation_failed');
    expect(invalid?.body.message).toBe('body.c[2].c[1].v must be <= 0');
    expect(refused?.status).toBe(413);
    expectErrorShape(refused?.body, 413, 'payload_too_large');
    expect(refused?.body.message).toBe(
      `The body takes too much work to check against its schema: more than ${WORKER_LIMITS.steps.toLocaleString('en')} schema references followed (a oneOf or anyOf over schemas that refer to one another, say).`,
    );
    // Three bodies of 60 KB, the last stopped after 200,000 references (a naive check of it never ends).
    expect(ms).toBeLessThan(2000);
  });

  it('answers other clients while hostile bodies are checked', async () => {
    // Connections opened once: what is counted is answers, not handshakes.
    for (const r of await Promise.all(Array.from({ length: 20 }, () => call('/fast')))) expect(r.status).toBe(200);
    const hostile = Promise.all([
      ...Array.from({ length: 6 }, () => call('/wider', wideBody(64, BODY_LIMIT))),
      call('/oneOf', nestedBody(40)),
      call('/anyOf', nestedBody(MAX_CHECK_DEPTH + 50)),
    ]);
    let done = false;
    void hostile.then(() => (done = true));
    let answered = 0;
    // Rounds of 20 clients for as long as the hostile bodies are being checked.
    while (!done) {
      for (const r of await Promise.all(Array.from({ length: 20 }, () => call('/fast')))) {
        expect(r).toEqual({ status: 200, body: { fast: true } });
        answered++;
      }
    }
    expect(answered).toBeGreaterThanOrEqual(60);
    expect((await hostile).map((r) => r.status)).toEqual([...Array.from({ length: 6 }, () => 413), 201, 413]);
  });
});

describe('a check worker', () => {
  it('sends form fields back coerced to the schema, keeping them without a prototype', async () => {
    const document = componentsDocument('3.0.3', { Count: { type: 'integer', minimum: 0 } });
    const compiler = new SchemaCompiler(document as OpenApiDocument);
    const validator = defined(
      compiler.compile({ type: 'object', properties: { n: { type: 'array', items: { $ref: '#/components/schemas/Count' } } } }, true),
      'a coercing validator',
    );
    const pool = new CheckPool();
    try {
      const form = fieldMap<string | string[]>();
      form.n = Array.from({ length: 3000 }, (_, i) => String(i));
      Object.defineProperty(form, '__proto__', { value: 'a field', enumerable: true, writable: true });
      const pending = pool.check(validator, form, 'The body');
      // More references than the answering thread follows: the worker checks it.
      expect(pending).toBeInstanceOf(Promise);
      const result = await pending;
      expect(result.kind).toBe('valid');
      const data = (result as { data: Record<string, unknown> }).data;
      expect(Object.getPrototypeOf(data)).toBe(null);
      expect(data.n).toEqual(Array.from({ length: 3000 }, (_, i) => i));
      expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toBe('a field');
      (form.n as string[])[2999] = '-1';
      const invalid = await pool.check(validator, form, 'The body');
      expect(invalid).toMatchObject({ kind: 'invalid', error: { instancePath: '/n/2999', message: 'must be >= 0' } });
    } finally {
      await pool.close();
    }
  });
});

/** CPU milliseconds a process has used, its threads included: utime and stime of /proc/<pid>/stat. */
const ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
}

describe('npm run mock checking hostile bodies', () => {
  let mock: Running | undefined;
  afterEach(async () => {
    await stop(mock, 'SIGKILL');
    if (mock) expect(gone(mock)).toBe(true);
    mock = undefined;
  });

  it('ends within a second of SIGTERM while hostile bodies are being checked', async () => {
    const port = await freePort();
    mock = startScript('scripts/mock.ts', ['--port', String(port), '--spec', spec, '--quiet'], { timeoutMs: 120_000 });
    await mock.waitFor(/Mock server listening on/, 30_000);
    const base = `http://127.0.0.1:${port}`;
    const pid = defined(mock.child.pid, 'the mock process');
    // A flat body with more references to follow than the answering thread takes starts a check worker.
    expect((await send(base, '/wide', { c: Array.from({ length: 600 }, () => ({ c: [], v: 15 })), v: 15 })).status).toBe(201);

    // Clients sending hostile bodies one after another until the mock is gone.
    let stopping = false;
    const hostile = async () => {
      while (!stopping) {
        await send(base, '/wider', wideBody(64, BODY_LIMIT)).catch(() => undefined);
        await send(base, '/anyOf', nestedBody(40)).catch(() => undefined);
      }
    };
    const before = processCpuMs(pid);
    const clients = Array.from({ length: 3 }, hostile);
    // Checks are under way once the mock has spent half a second of CPU on them.
    while (processCpuMs(pid) - before < 500) await new Promise((resolve) => setTimeout(resolve, 20));
    const signalled = performance.now();
    mock.child.kill('SIGTERM');
    const exit = await Promise.race([mock.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 5000))]);
    const ms = performance.now() - signalled;
    stopping = true;
    expect(exit).toEqual({ code: 0, signal: null });
    // The bound is one second; the margin is for a loaded machine's scheduling, not for the mock.
    expect(ms).toBeLessThan(2000);
    // The clients' last requests end with the process.
    await Promise.all(clients);
    expect(await refused(port)).toBe(true);
  });
});
