// Callbacks, on Galaxy's `createPlanet` (three of them, sent to the URLs its
// runtime expressions name in the request body): received by a listener the
// test starts on 127.0.0.1 (the request's own host, also as an IPv4-mapped
// address), refused and logged for any other host unless `--callback-hosts`
// names it (with its port, when it gives one), refused to the machine's own
// ports when a page of another origin sent the request, and never sent
// without `--callbacks`.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockServer } from '../../scripts/mock/server.ts';
import { type Collected, GALAXY_SPEC, startMock } from './helpers.ts';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: unknown;
}

let listener: Server;
let listenerUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  listener = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        contentType: req.headers['content-type'],
        body: JSON.parse(Buffer.concat(chunks).toString() || 'null'),
      });
      res.writeHead(204).end();
    });
  });
  listener.listen(0, '127.0.0.1');
  await once(listener, 'listening');
  listenerUrl = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
});

afterAll(async () => {
  listener.close();
  await once(listener, 'close');
});

function createPlanet(mock: MockServer, body: Record<string, unknown>) {
  return fetch(`${mock.url}/planets`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'k' }, body: JSON.stringify(body) });
}

describe('callbacks', () => {
  let mock: MockServer & { output: Collected };

  beforeAll(async () => {
    mock = await startMock({ spec: GALAXY_SPEC, features: { callbacks: true } });
  });
  afterAll(async () => {
    await mock?.close();
  });

  it('sends each callback the operation declares to the URL its expression names, with a body from its examples', async () => {
    const r = await createPlanet(mock, { name: 'Mars', successCallbackUrl: `${listenerUrl}/hooks/success?x=1` });
    expect(r.status).toBe(201);
    // planetCreated and planetExploded go to successCallbackUrl; planetCreationFailed's URL is not in the request.
    await expect.poll(() => received.length).toBe(2);
    const op = mock.current().model.operations.find((o) => o.operationId === 'createPlanet')!;
    const example = op.callbacks.find((c) => c.name === 'planetCreated')?.operations[0]?.requestBody?.content[0]?.examples[0]?.value;
    expect(example).toMatchObject({ name: expect.any(String) });
    for (const callback of received) {
      expect(callback).toMatchObject({ method: 'POST', url: '/hooks/success?x=1', contentType: 'application/json' });
      expect(callback.body).toEqual(example);
    }
    await expect.poll(() => mock.output.text).toMatch(/Callback planetCreated: POST http:\/\/127\.0\.0\.1:\d+\/hooks\/success\?x=1 answered 204\./);
    expect(mock.output.text).toContain('Callback planetCreationFailed: POST not sent: $request.body#/failureCallbackUrl has no value in this request.');
  });

  it('refuses a host that is not loopback, and says so', async () => {
    const before = received.length;
    const r = await createPlanet(mock, { name: 'Mars', successCallbackUrl: 'http://callbacks.example.com/hook' });
    expect(r.status).toBe(201);
    await expect
      .poll(() => mock.output.text)
      .toContain(
        "Callback planetCreated: POST http://callbacks.example.com/hook refused: callbacks.example.com is not the request's own host (allow it with --callback-hosts callbacks.example.com).",
      );
    expect(received.length).toBe(before);
  });

  it('takes an IPv4-mapped loopback address for the loopback address it is', async () => {
    const port = new URL(listenerUrl).port;
    const r = await createPlanet(mock, { name: 'Mars', successCallbackUrl: `http://[::ffff:127.0.0.1]:${port}/mapped` });
    expect(r.status).toBe(201);
    await expect.poll(() => received.filter((c) => c.url === '/mapped').length).toBe(2);
  });

  it('sends nothing for a refused request', async () => {
    const before = mock.output.text.length;
    const r = await fetch(`${mock.url}/planets`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"Mars"}' });
    expect(r.status).toBe(401);
    await fetch(`${mock.url}/planets`);
    expect(mock.output.text.slice(before)).not.toContain('Callback');
  });
});

describe('--callback-hosts with a port', () => {
  it('reaches the port named and no other, when the request is not from its own host', async () => {
    // A second receiver on another port of the same host, which must receive nothing.
    const otherHits: string[] = [];
    const other = createServer((req, res) => {
      otherHits.push(req.url!);
      req.resume();
      res.writeHead(204).end();
    }).listen(0, '127.0.0.1');
    await once(other, 'listening');
    const otherPort = (other.address() as { port: number }).port;
    const port = Number(new URL(listenerUrl).port);
    const mock = await startMock({ spec: GALAXY_SPEC, features: { callbacks: true, callbackHosts: [{ host: '127.0.0.1', port }] } });
    try {
      // A page of another origin sent these: the request's own host does not count for it.
      const fromPage = (url: string) =>
        fetch(`${mock.url}/planets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'k', origin: 'http://evil.example' },
          body: JSON.stringify({ name: 'Mars', successCallbackUrl: url }),
        });
      expect((await fromPage(`http://127.0.0.1:${otherPort}/refused`)).status).toBe(201);
      await expect
        .poll(() => mock.output.text)
        .toContain(
          `Callback planetCreated: POST http://127.0.0.1:${otherPort}/refused refused: 127.0.0.1:${otherPort} is not the request's own host (allow it with --callback-hosts 127.0.0.1:${otherPort}).`,
        );
      expect((await fromPage(`${listenerUrl}/allowed`)).status).toBe(201);
      await expect.poll(() => received.filter((c) => c.url === '/allowed').length).toBe(2);
      expect(otherHits).toEqual([]);
    } finally {
      await mock.close();
      other.close();
    }
  });
});

describe('without --callbacks', () => {
  it('sends none', async () => {
    const mock = await startMock({ spec: GALAXY_SPEC, quiet: false });
    try {
      const before = received.length;
      expect((await createPlanet(mock, { name: 'Mars', successCallbackUrl: `${listenerUrl}/off` })).status).toBe(201);
      // The request's own log line is written after its answer; a callback would be logged by then too.
      await expect.poll(() => mock.output.text).toMatch(/POST \/planets 201 /);
      expect(mock.output.text).not.toContain('Callback');
      expect(received.length).toBe(before);
    } finally {
      await mock.close();
    }
  });
});
