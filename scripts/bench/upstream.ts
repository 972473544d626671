// The real API a proxy bench relays to: a node:http server on 127.0.0.1 that answers every
// request with one fixed answer (the description's own example, so a checking proxy finds
// nothing to report), as cheaply as Node answers. `node upstream.ts <port> <body file>`.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, bodyFile] = process.argv.slice(2);
const body = readFileSync(bodyFile!);
const headers = { 'content-type': 'application/json', 'content-length': String(body.length) };

createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, headers);
    res.end(body);
  });
}).listen(Number(port), '127.0.0.1', () => console.log(`upstream on 127.0.0.1:${port}`));
