// `npm run mcp [-- --spec <file> --http <port> --host 127.0.0.1 --server <url> --auth <secret> --stateful]`:
// the API's MCP server (scripts/mcp/), over stdio or Streamable HTTP. Its tools call an in-process
// mock of the same description (the mock's own server, on a free loopback port) unless --server
// names the API to call. `--help` lists every flag (scripts/mcp/help.ts).
import { enableCompileCache } from 'node:module';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, descriptionOptions, parseCli } from './cli/args.ts';
import { parsePort } from './infra/ports.ts';
import { DEFAULT_HOST, DEFAULT_SITE } from './defaults.ts';
import { DiagnosticsError, formatDiagnostics } from './diagnostics.ts';
import { MCP_HELP } from './mcp/help.ts';
import { printable } from './terminal.ts';

enableCompileCache();

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  http: { type: 'string' },
  host: { type: 'string', default: DEFAULT_HOST },
  server: { type: 'string' },
  auth: { type: 'string', multiple: true, default: [] },
  site: { type: 'string', default: DEFAULT_SITE },
  timeout: { type: 'string', default: '30000' },
  stateful: { type: 'boolean', default: false },
  seed: { type: 'string' },
  dynamic: { type: 'boolean', short: 'd', default: false },
  help: { type: 'boolean', default: false },
  ...DESCRIPTION_OPTIONS,
});

const fail = (message: string, code = 2): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

if (values.help) {
  process.stdout.write(MCP_HELP);
  process.exit(0);
}
// Over stdio, stdout carries the protocol and nothing else: whatever a dependency logs goes to stderr.
if (values.http === undefined) console.log = console.info = console.warn = console.error;

const http = values.http === undefined ? undefined : parsePortOrFail(values.http);
const timeoutMs = Number(values.timeout);
if (!Number.isInteger(timeoutMs) || timeoutMs < 1 || timeoutMs > 600_000) fail(`--timeout must be milliseconds from 1 to 600000, not ${values.timeout}`);
const server = values.server === undefined ? undefined : httpUrl('--server', values.server);
const site = httpUrl('--site', values.site as string);

function parsePortOrFail(text: string): number {
  try {
    return parsePort('--http', text, { allowZero: true });
  } catch (error) {
    return fail((error as Error).message);
  }
}

function httpUrl(flag: string, text: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    // Reported below.
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fail(`${flag} must be an http(s) address, not ${JSON.stringify(text)}`);
  return url;
}

const { startMcp } = await import('./mcp/start.ts');
try {
  const running = await startMcp({
    spec: values.spec as string,
    access: descriptionOptions(values),
    http: http === undefined ? undefined : { host: values.host as string, port: http },
    server,
    site,
    auth: values.auth as string[],
    timeoutMs,
    mock: { stateful: values.stateful, seed: values.seed, dynamic: values.dynamic },
  });
  const { title, version } = running.api.model.info;
  const tools = running.api.tools.plans.length + 1;
  const where = running.http ? `on ${running.http.url}` : 'on stdio';
  process.stderr.write(
    `MCP server for ${printable(`${title} ${version}`, { max: 200 })} ${where}: ${tools} tools, calls to ${server ? server.href : 'the in-process mock'}\n`,
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(0), 1000).unref();
    void running.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // A stdio client that goes away closes our stdin: the server ends with it.
  if (!running.http) process.stdin.on('end', stop);
} catch (error) {
  if (error instanceof DiagnosticsError) fail(formatDiagnostics(error.diagnostics), 1);
  fail(String((error as Error)?.message ?? error), 1);
}
