// `npm run mock [-- --port 4010 --host 127.0.0.1 --spec openapi/openapi.yaml --site http://127.0.0.1:4321 --quiet]`
// (and `--root`, `--allow-remote`, `--config`: what the description may read, see cli/args.ts):
// serve the document's operations from its examples, check requests against
// it, and reload on every save. `--help` lists the switches for state,
// generated answers, latency and faults, and callbacks (scripts/mock/help.ts).
import { enableCompileCache } from 'node:module';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, descriptionOptions, parseCli } from './cli/args.ts';
import { parsePort, portProblem } from './infra/ports.ts';
import { DiagnosticsError, formatDiagnostics } from './diagnostics.ts';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_SITE } from './defaults.ts';
import { readFeatures } from './mock/features.ts';
import { MOCK_HELP } from './mock/help.ts';
import type { MockServer } from './mock/server.ts';
import { printable } from './terminal.ts';

// Node keeps the compiled code of the modules it loads (the OpenAPI tooling is
// large): the second start skips a third of the work. Before any heavy import.
enableCompileCache();

const { values } = parseCli({
  port: { type: 'string', default: String(DEFAULT_MOCK_PORT) },
  host: { type: 'string', default: DEFAULT_HOST },
  spec: { type: 'string', default: DEFAULT_SPEC },
  site: { type: 'string', default: DEFAULT_SITE },
  quiet: { type: 'boolean', default: false },
  stateful: { type: 'boolean', default: false },
  state: { type: 'string' },
  seed: { type: 'string' },
  dynamic: { type: 'boolean', short: 'd', default: false },
  latency: { type: 'string' },
  'fault-rate': { type: 'string' },
  'error-rate': { type: 'string' },
  callbacks: { type: 'boolean', default: false },
  'callback-hosts': { type: 'string' },
  'max-sessions': { type: 'string' },
  'session-ttl': { type: 'string' },
  'store-timeout': { type: 'string' },
  'max-records': { type: 'string' },
  'max-session-bytes': { type: 'string' },
  proxy: { type: 'string' },
  errors: { type: 'boolean', default: false },
  record: { type: 'string' },
  examples: { type: 'string' },
  help: { type: 'boolean', default: false },
  ...DESCRIPTION_OPTIONS,
});
if (values.help) {
  process.stdout.write(MOCK_HELP);
  process.exit(0);
}
const features = readFeatures(values);
if (typeof features === 'string') {
  console.error(features);
  process.exit(2);
}
const access = descriptionOptions(values);
const { startMockServer } = await import('./mock/server.ts');

let port: number;
try {
  port = parsePort('--port', values.port!, { allowZero: true });
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

let mock: MockServer;
try {
  mock = await startMockServer({
    spec: values.spec!,
    port,
    host: values.host,
    site: values.site,
    quiet: values.quiet,
    watch: true,
    access,
    features,
    warmGenerator: true,
  });
} catch (error) {
  if (error instanceof DiagnosticsError) {
    console.error(formatDiagnostics(error.diagnostics));
  } else if (typeof (error as NodeJS.ErrnoException).code === 'string' && (error as NodeJS.ErrnoException).syscall === 'listen') {
    console.error(portProblem(error as NodeJS.ErrnoException, values.host!, port, 'mock server', { command: 'npm run mock', flag: '--port' }));
  } else {
    console.error(String((error as Error)?.message ?? error));
  }
  process.exit(1);
}

const { title, version, operations } = mock.current();
console.log(`Mock server listening on ${mock.url} (${printable(`${title} ${version}`)}, ${operations} operation${operations === 1 ? '' : 's'})`);

let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  // Whatever happens, the process is gone within a second.
  setTimeout(() => process.exit(0), 1000).unref();
  void mock.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
