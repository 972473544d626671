// `--seed` and `--dynamic`, as Prism has them: with a seed, a generated body
// is the same for the same request in two mock processes; with `--dynamic`,
// every operation of our description answers a body generated from its
// schema (not its example) that the schema accepts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { buildModel } from '../../scripts/model/index.ts';
import type { Operation } from '../../scripts/model/contract/types.ts';
import { freePort } from '../helpers/ports.ts';
import { startScript, stop, type Running } from '../helpers/processes.ts';
import { AUTH, documentValidator, OUR_SPEC, startMock } from './helpers.ts';
import { defined } from '../helpers/defined.ts';

const PATHS = ['/pets', '/pets/records/42', '/store/orders?complete=true', '/categories/7'];

async function bytes(base: string, path: string): Promise<Buffer> {
  const response = await fetch(`${base}${path}`, { headers: AUTH });
  expect(response.status, path).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('--seed', () => {
  const processes: Running[] = [];
  afterAll(async () => {
    for (const p of processes) await stop(p);
  });

  it('gives byte-identical generated bodies in two mock processes, request after request', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const mock = startScript('scripts/mock.ts', ['--port', String(port), '--seed', '7', '--dynamic', '--quiet'], { timeoutMs: 120_000 });
      processes.push(mock);
      await mock.waitFor(/Mock server listening on/, 30_000);
      urls.push(`http://127.0.0.1:${port}`);
    }
    const example = await buildModel(OUR_SPEC, { lint: false, validate: false });
    const listExample = example.model.operations.find((o) => o.operationId === 'listPets')!.responses[0]?.content[0]?.examples[0]?.value;
    const [one, other] = [defined(urls[0], 'the first mock'), defined(urls[1], 'the second mock')];
    for (const path of PATHS) {
      const [a, b] = [await bytes(one, path), await bytes(other, path)];
      expect(a.equals(b), `${path}: ${a} vs ${b}`).toBe(true);
      expect((await bytes(one, path)).equals(a), path).toBe(true);
    }
    // Generated, not the example.
    expect(JSON.parse(String(await bytes(one, '/pets')))).not.toEqual(listExample);
    // Another request, another body.
    expect((await bytes(one, '/pets/records/42')).equals(await bytes(one, '/pets/records/43'))).toBe(false);
  });
});

describe('--dynamic', () => {
  let mock: MockServer;
  let document: Record<string, any>;
  let operations: Operation[];

  beforeAll(async () => {
    mock = await startMock({ features: { dynamic: true } });
    const built = await buildModel(OUR_SPEC, { lint: false, validate: false });
    document = built.document;
    operations = built.model.operations;
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('answers every operation with a generated body its schema accepts', async () => {
    const ajv = documentValidator(document);
    const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
    let checked = 0;
    for (const op of operations) {
      const path = op.path.replace(/\{[^}]+\}/g, '42');
      const body = op.requestBody?.content[0]?.examples[0]?.value;
      const response = await fetch(`${mock.url}${path}`, {
        method: op.method.toUpperCase(),
        headers: { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      const declared = op.responses.find((r) => r.status === String(response.status));
      expect(declared, `${op.method} ${op.path} answered ${response.status}`).toBeDefined();
      expect(response.status, `${op.method} ${op.path}`).toBeLessThan(300);
      const media = declared!.content.find((m) => m.mediaType === 'application/json');
      if (!media) continue;
      const validate = ajv.getSchema(
        `doc.json#/${pointer('paths', op.path, op.method, 'responses', declared!.status, 'content', 'application/json', 'schema')}`,
      )!;
      const value = JSON.parse(text);
      expect(validate(value), `${op.method} ${op.path}: ${text}\n${JSON.stringify(validate.errors)}`).toBe(true);
      checked++;
    }
    expect(checked).toBe(operations.length);
  });
});

describe('the generator warmed at start', () => {
  it('is loaded once the mock listens, before any generated answer is asked for, and answers the first at once', async () => {
    const cold = await startMock();
    const warm = await startMock({ warmGenerator: true });
    try {
      const generator = async (mock: MockServer) => ((await (await fetch(`${mock.url}/__mock/health`)).json()) as { generator: string }).generator;
      // Without warming, nothing is loaded until a generated answer is asked for.
      expect(await generator(cold)).toBe('idle');
      // Listening already (health answers) while the engine loads beside it.
      expect(['starting', 'ready']).toContain(await generator(warm));
      await expect.poll(() => generator(warm), { timeout: 60_000, interval: 50 }).toBe('ready');
      const r = await fetch(`${warm.url}/pets`, { headers: { ...AUTH, prefer: 'dynamic=true' } });
      expect(r.status).toBe(200);
      expect(Array.isArray(await r.json())).toBe(true);
    } finally {
      await Promise.all([cold.close(), warm.close()]);
    }
  });
});
