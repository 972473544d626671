// Shared by the mock server's tests: start a server in-process, speak raw
// HTTP when fetch would refuse to send the request, and a seeded PRNG so a
// failing fuzz case can be replayed.
import { connect } from 'node:net';
import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { resolve } from 'node:path';
import { startMockServer, type MockServer } from '../../scripts/mock/server.ts';
import type { MockServerOptions } from '../../scripts/mock/server-options.ts';
import { ROOT } from '../helpers/paths.ts';

export const OUR_SPEC = resolve(ROOT, 'openapi/openapi.yaml');
export const GALAXY_SPEC = resolve(ROOT, 'node_modules/@scalar/galaxy/dist/3.1.json');
export const PETSTORE_30_SPEC = resolve(ROOT, 'node_modules/@readme/oas-examples/3.0/json/petstore.json');
export const AUTH = { authorization: 'Bearer test-key' };

/** Lines the server printed, for tests that read them. */
export class Collected {
  text = '';
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

export async function startMock(options: Partial<MockServerOptions> = {}): Promise<MockServer & { output: Collected }> {
  const output = new Collected();
  const server = await startMockServer({ spec: OUR_SPEC, port: 0, host: '127.0.0.1', quiet: true, output, ...options });
  return Object.assign(server, { output });
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received. */
  raw: string;
}

/** Parses the first HTTP/1.1 response in `text` (Content-Length bodies, as the mock sends). */
export function parseResponse(text: string): RawResponse | undefined {
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...lines] = text.slice(0, end).split('\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
  if (!m) return undefined;
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = text.slice(end + 4, end + 4 + length);
  if (Buffer.byteLength(body) < length) return undefined;
  return { status: Number(m[1]), headers, body, raw: text };
}

/**
 * Sends bytes as they are over a fresh connection and resolves with the first
 * response, or rejects when none arrives within `timeoutMs`.
 */
export function rawRequest(port: number, payload: string | Buffer, timeoutMs = 2000): Promise<RawResponse> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let finished = false;
    const finish = (error?: Error, response?: RawResponse) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      socket.destroy();
      if (response) done(response);
      else fail(error ?? new Error('no response'));
    };
    const timer = setTimeout(() => finish(new Error(`no response within ${timeoutMs} ms`)), timeoutMs);
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const parsed = parseResponse(received.toString('latin1'));
      if (parsed) finish(undefined, { ...parsed, body: Buffer.from(parsed.body, 'latin1').toString('utf8') });
    });
    socket.on('error', (error) => {
      const parsed = parseResponse(received.toString('latin1'));
      finish(error, parsed);
    });
    socket.on('end', () =>
      finish(
        new Error(`connection closed without a full response: ${JSON.stringify(received.toString('latin1').slice(0, 200))}`),
        parseResponse(received.toString('latin1')),
      ),
    );
    socket.write(payload);
  });
}

/** Mulberry32: small, fast, and the same sequence for the same seed everywhere. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The exact shape of every error the mock makes itself. */
export function expectErrorShape(body: unknown, status: number, code?: string): void {
  const b = body as Record<string, unknown>;
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw new Error(`not an object: ${JSON.stringify(body)}`);
  const keys = Object.keys(b).sort().join(',');
  if (keys !== 'code,message,status') throw new Error(`keys are ${keys}: ${JSON.stringify(body)}`);
  if (typeof b.code !== 'string' || !/^[a-z_]+$/.test(b.code)) throw new Error(`bad code: ${JSON.stringify(body)}`);
  if (typeof b.message !== 'string' || b.message === '') throw new Error(`bad message: ${JSON.stringify(body)}`);
  if (b.status !== status) throw new Error(`status ${String(b.status)} in body, ${status} on the wire`);
  if (code !== undefined && b.code !== code) throw new Error(`code ${String(b.code)}, expected ${code}`);
}

/** A validator of JSON bodies against a bundled 3.0 document's schemas, by JSON pointer (`doc.json#/components/schemas/Pet`). */
export function documentValidator(document: object): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  ajvFormats.default(ajv);
  ajv.addSchema(document, 'doc.json');
  return ajv;
}
