// `npm run dev [-- --spec openapi/openapi.yaml --port 4321 --mock-port 4010 --host 127.0.0.1 --base <file>]`:
// the writers' preview. The portal in development mode and the mock server,
// both rebuilt on every save of any file of the description; problems in the
// terminal and over the pages; "What changed" at /changes/. Ctrl-C stops all.
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, DESCRIPTION_USAGE, descriptionOptions, parseCli } from './cli/args.ts';
import { mockLine } from './cli/mock-example.ts';
import { parsePort } from './infra/ports.ts';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_PORTAL_PORT } from './defaults.ts';
import type { Preview } from './dev/preview.ts';
import { enableCompileCache } from 'node:module';

const USAGE = `Usage: npm run dev -- [--spec openapi/openapi.yaml] [--port 4321] [--mock-port 4010] [--host 127.0.0.1] [--base <file>] [--root <dir>] [--allow-remote <origin>] [--config <file>]

Starts the portal in preview mode and the mock server, and rebuilds both on every save.
  --spec       the OpenAPI description (default openapi/openapi.yaml)
  --port       port of the preview (default 4321)
  --mock-port  port of the mock server (default 4010)
  --host       address both listen on (default 127.0.0.1)
  --base       compare with this file on the "What changed" page (default: the last committed version)
${DESCRIPTION_USAGE}`;

const { values } = parseCli({
  spec: { type: 'string', default: DEFAULT_SPEC },
  port: { type: 'string', default: String(DEFAULT_PORTAL_PORT) },
  'mock-port': { type: 'string', default: String(DEFAULT_MOCK_PORT) },
  host: { type: 'string', default: DEFAULT_HOST },
  base: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  ...DESCRIPTION_OPTIONS,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

let port: number;
let mockPort: number;
try {
  port = parsePort('--port', values.port!);
  mockPort = parsePort('--mock-port', values['mock-port']!);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

let preview: Preview | undefined;
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) {
    // A second Ctrl-C while closing means "now".
    process.exit(130);
  }
  stopping = true;
  // Closing takes well under a second; should anything hang, the process still ends.
  setTimeout(() => process.exit(0), 5000).unref();
  await preview?.close();
  process.exit(0);
}

const onSignal = (): void => void stop();
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
// The dev server adds its own SIGTERM (and stdin end) handler, at start and again when it restarts
// after a config change; it exits once the site alone is closed, leaving the mock and watchers to
// the OS. Those handlers are taken off as they come: stopping is this command's job.
process.on('newListener', (event, listener) => {
  if (event === 'SIGTERM' && listener !== onSignal) queueMicrotask(() => process.off('SIGTERM', listener));
});
process.stdin.on('newListener', (event, listener) => {
  if (event === 'end') queueMicrotask(() => process.stdin.off('end', listener));
});

// Node keeps the compiled code of the modules it loads (Astro, its bundler, the mock's): the preview's own modules load
// in about a third less time once cached, on the thread that then compiles the first page. Before any heavy import.
enableCompileCache();
const { startPreview } = await import('./dev/preview.ts');

try {
  preview = await startPreview({
    spec: values.spec!,
    port,
    mockPort,
    host: values.host!,
    access: descriptionOptions(values),
    ...(values.base ? { base: values.base } : {}),
  });
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (stopping) await new Promise(() => {});
console.log(`Preview: ${preview.url}`);
console.log(`What changed: ${preview.changesUrl}`);
console.log(mockLine(preview.mockUrl, preview.last().result?.model));
if (!preview.mockRunning()) console.log('The mock server starts once the description loads.');
console.log('Edit the description and save: the pages and the mock follow. Press Ctrl-C to stop.');
