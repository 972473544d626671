// An HTTP server on 127.0.0.1 that records every request it receives, exactly as it arrived
// (the raw request target, headers, body bytes), and answers each with `answer`.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  /** The request target as sent: path and query, still encoded. */
  target: string;
  /** Header names lower-cased, as Node reports them. */
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export interface Recorder {
  port: number;
  origin: string;
  requests: Recorded[];
  close(): Promise<void>;
}

export type Answer = (request: Recorded, res: ServerResponse) => void;

const ok: Answer = (_request, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain' });
  res.end('ok');
};

export async function startRecorder(answer: Answer = ok): Promise<Recorder> {
  const requests: Recorded[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = { method: req.method ?? '', target: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(recorded);
      answer(recorded, res);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
