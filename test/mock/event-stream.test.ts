// The mock streams a `text/event-stream` answer as a server pushing events does: headers at
// once, then the documented events one at a time, then the end; seen by a client over real HTTP.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitEvents } from '../../scripts/mock/event-stream.ts';
import type { MockServer } from '../../scripts/mock/server.ts';
import { startMock } from './helpers.ts';

const SPEC = `openapi: 3.0.3
info: {title: Feeds, version: 1.0.0}
paths:
  /feed:
    get:
      operationId: followFeed
      responses:
        '200':
          description: Arrivals.
          content:
            text/event-stream:
              schema: {type: string}
              example: "event: arrival\\ndata: {\\"name\\":\\"Tom\\"}\\n\\nevent: arrival\\ndata: {\\"name\\":\\"Rex\\"}\\n\\nevent: closing\\ndata: That is all.\\n"
        '404':
          description: No feed.
          content:
            application/json:
              example: {code: not_found, message: No feed., status: 404}
  /ticks:
    get:
      operationId: followTicks
      responses:
        '200':
          description: Ticks, as a JSON list of events.
          content:
            text/event-stream:
              example:
                - {event: tick, id: '1', data: {n: 1}}
                - {event: tick, id: '2', data: "two\\nlines"}
`;

let dir: string;
let mock: MockServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mock-event-stream-'));
  writeFileSync(join(dir, 'openapi.yaml'), SPEC);
  mock = await startMock({ spec: join(dir, 'openapi.yaml') });
});

afterAll(async () => {
  await mock?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

interface Streamed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** What each read brought. */
  chunks: { text: string }[];
}

function follow(path: string, method = 'GET'): Promise<Streamed> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: mock.port, path, method }, (res) => {
      const chunks: Streamed['chunks'] = [];
      res.setEncoding('utf8');
      res.on('data', (text: string) => chunks.push({ text }));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('text/event-stream answers', () => {
  it('come as a stream: headers first, then each documented event on its own, then the end', async () => {
    const streamed = await follow('/feed');
    expect(streamed.status).toBe(200);
    expect(streamed.headers['content-type']).toBe('text/event-stream');
    expect(streamed.headers['content-length']).toBeUndefined();
    expect(streamed.headers['cache-control']).toBe('no-cache');
    const text = streamed.chunks.map((chunk) => chunk.text).join('');
    expect(text).toBe('event: arrival\ndata: {"name":"Tom"}\n\nevent: arrival\ndata: {"name":"Rex"}\n\nevent: closing\ndata: That is all.\n\n');
    // The first event was read while the answer was still open, before the last was written.
    expect(streamed.chunks.length).toBeGreaterThanOrEqual(2);
    expect(streamed.chunks[0]?.text.startsWith('event: arrival\ndata: {"name":"Tom"}\n\n')).toBe(true);
    expect(streamed.chunks[0]?.text).not.toContain('closing');
  });

  it('a JSON list of events in the example is sent as events', async () => {
    const text = (await follow('/ticks')).chunks.map((chunk) => chunk.text).join('');
    expect(text).toBe('event: tick\nid: 1\ndata: {"n":1}\n\nevent: tick\nid: 2\ndata: two\ndata: lines\n\n');
  });

  it('HEAD gets the headers only, and another response asked for is answered as usual', async () => {
    const head = await follow('/feed', 'HEAD');
    expect(head.headers['content-type']).toBe('text/event-stream');
    expect(head.chunks).toEqual([]);
    const notFound = await fetch(`${mock.url}/feed?__code=404`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({ code: 'not_found', message: 'No feed.', status: 404 });
  });

  it('splits an example into events by blank lines, whatever the line endings', () => {
    expect(splitEvents(Buffer.from('data: a\r\n\r\ndata: b\r\r\n\n\ndata: c'))).toEqual(['data: a\n\n', 'data: b\n\n', 'data: c\n\n']);
  });
});
