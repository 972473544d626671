// Patterns run in linear time: a value made to make a backtracking engine
// take forever against nested quantifiers is refused at once (RE2 decides it),
// and 20 other clients are answered meanwhile. The work is counted in CPU time,
// which a shared machine's load does not inflate: against `^(a+)+$` a backtracking
// engine spends hours on 40 a's and a `!`. The latencies on a quiet machine (other
// clients within 50 ms, the hostile one within 1 s) are measured by `npm run bench`. Patterns RE2
// cannot express are left unchecked, and the mock says which when it starts.
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { expectErrorShape, startMock } from './helpers.ts';

let mock: Awaited<ReturnType<typeof startMock>>;
beforeAll(async () => {
  mock = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/redos.yaml') });
});
afterAll(async () => {
  await mock?.close();
});

async function timed2(base: string, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const body = await response.json();
  return { status: response.status, body, ms: performance.now() - started };
}

const timed = (path: string, init: RequestInit = {}) => timed2(mock.url, path, init);

/** CPU milliseconds this process (the mock runs in it) spends on `work`: unlike elapsed time, not inflated by other load. */
async function cpuMs<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const before = process.cpuUsage();
  const result = await work();
  const used = process.cpuUsage(before);
  return { result, ms: (used.user + used.system) / 1000 };
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('patterns in linear time', () => {
  it('refuses hostile values at once, in linear time, while 20 other clients are answered', async () => {
    // Every operation's checks are compiled on first use: once before measuring.
    expect((await timed('/codes?q=aaa', json({ code: 'aa' }))).status).toBe(201);
    // And the connections are opened: what is measured is the answer, not the handshake.
    for (const r of await Promise.all(Array.from({ length: 24 }, () => timed('/fast')))) expect(r.status).toBe(200);

    const hostile = () => [
      timed(`/codes?q=${'a'.repeat(40)}!`, json({})),
      timed('/codes', json({ code: `${'a'.repeat(40)}!` })),
      timed('/codes', json({ email: `${'a'.repeat(40)}!` })),
      // As long as the body limit allows.
      timed('/codes', json({ code: `${'a'.repeat(60_000)}!` })),
    ];
    // The mock runs in this process: the CPU time counts its checks, the 24 requests and their answers.
    const { result, ms } = await cpuMs(() => Promise.all([Promise.all(Array.from({ length: 20 }, () => timed('/fast'))), Promise.all(hostile())]));
    expect(ms).toBeLessThan(1000);
    const [answered, refused] = result;
    for (const r of answered) {
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ fast: true });
    }
    const fields = ['query.q', 'body.code', 'body.email', 'body.code'];
    refused.forEach((r, i) => {
      expect(r.status).toBe(400);
      expectErrorShape(r.body, 400, 'validation_failed');
      expect(r.body.message).toMatch(new RegExp(`^${fields[i]?.replace('.', '\\.')} must match pattern`));
    });
  });

  it('checks uniqueItems in linear time', async () => {
    // A mock taking 2 MiB bodies, so the array is long enough to tell linear from pairwise:
    // 100,000 distinct objects are five billion comparisons pairwise, one pass here.
    const big = await startMock({ spec: resolve(ROOT, 'test/mock/fixtures/hostile/redos.yaml'), maxBodyBytes: 2 * 1024 * 1024 });
    try {
      const distinct = Array.from({ length: 100_000 }, (_, i) => ({ a: i }));
      const { result: ok, ms } = await cpuMs(() => timed2(big.url, '/codes', json({ tags: distinct })));
      expect(ok.status).toBe(201);
      expect(ms).toBeLessThan(3000);
      const duplicate = await timed2(big.url, '/codes', json({ tags: [...distinct, { a: 5 }] }));
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toBe('body.tags must NOT have duplicate items (items ## 5 and 100000 are identical)');
    } finally {
      await big.close();
    }
    // Equal as JSON Schema counts it: the same fields in another order; values of other types are not equal.
    const reordered = await timed(
      '/codes',
      json({
        tags: [
          { a: 1, b: [2] },
          { b: [2], a: 1 },
        ],
      }),
    );
    expect(reordered.body.message).toBe('body.tags must NOT have duplicate items (items ## 0 and 1 are identical)');
    expect((await timed('/codes', json({ tags: [1, '1', [1], { a: 1 }, null] }))).status).toBe(201);
  });

  it('routes segments with several parameters in linear time', async () => {
    expect((await timed('/files/x-y-3.json')).status).toBe(200);
    expect((await timed('/files/a-b-12.json')).body).toEqual({ file: true });
    const { result, ms } = await cpuMs(() => Promise.all([timed(`/files/${'-'.repeat(8000)}`), timed(`/files/${'a-'.repeat(4000)}x.json`)]));
    const [miss, wrong] = result;
    expect(miss.status).toBe(404);
    expectErrorShape(miss.body, 404, 'route_not_found');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('path.c must be integer');
    expect(ms).toBeLessThan(1000);
  });

  it('reads a matrix parameter whose name is not a valid regular expression', async () => {
    expect(await timed('/matrix/;a[(b+)+=5,6')).toMatchObject({ status: 200, body: { matrix: true } });
    const wrong = await timed(`/matrix/;a[(b+)+=5,x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('path.a[(b+)+[1] must be integer');
  });

  it('still accepts values the patterns allow', async () => {
    const r = await timed(`/codes?q=${'a'.repeat(1000)}`, json({ code: 'a'.repeat(1001), email: 'ann.lee@example.com' }));
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ created: true });
  });

  it('says at start which patterns it leaves unchecked, escaped, and answers those requests', async () => {
    const lines = mock.output.text.split('\n').filter((line) => line.startsWith('Not checked by the mock:'));
    expect(lines).toEqual([
      'Not checked by the mock: POST /secrets: pattern "^(?=.*\\\\d)(?=.*[a-z]).{8,}$" at #/paths/~1secrets/post/requestBody/content/application~1json/schema/properties/password/pattern (RE2 has no lookahead).',
      'Not checked by the mock: POST /secrets: pattern "^(\\\\w)\\\\1$" at #/paths/~1secrets/post/requestBody/content/application~1json/schema/properties/repeat/pattern (RE2 has no backreference).',
      'Not checked by the mock: POST /secrets: pattern "^(?<!x)y_" at #/paths/~1secrets/post/requestBody/content/application~1json/schema/patternProperties/^(?<!x)y_ (RE2 has no lookbehind).',
    ]);
    const unchecked = await timed('/secrets', json({ password: 'short', repeat: 'ab', y_1: 'not a number' }));
    expect(unchecked.status).toBe(201);
    expect(unchecked.body).toEqual({ stored: true });
    // The rest of the same schema is still checked.
    const wrongType = await timed('/secrets', json({ size: 'x' }));
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toBe('body.size must be integer');
  });
});

describe('unchecked patterns on reload', () => {
  it('lists them again after the version that brings them is served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mock-patterns-'));
    const spec = join(dir, 'openapi.yaml');
    writeFileSync(spec, "openapi: 3.0.3\ninfo: {title: Plain, version: '1'}\npaths: {}\n");
    const plain = await startMock({ spec });
    try {
      expect(plain.output.text).not.toContain('Not checked by the mock');
      copyFileSync(resolve(ROOT, 'test/mock/fixtures/hostile/redos.yaml'), spec);
      const event = await plain.reload();
      expect(event.ok, JSON.stringify(event.diagnostics)).toBe(true);
      const after = plain.output.text.slice(plain.output.text.indexOf('Reloaded in'));
      expect(after.match(/^Not checked by the mock: POST \/secrets: /gm)).toHaveLength(3);
    } finally {
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
