// `npm start`: build the portal, serve it, and run the mock server beside it,
// so the try-it panels have something to answer them. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DEFAULT_SPEC, DESCRIPTION_OPTIONS, DESCRIPTION_USAGE, ROOT, descriptionArgs, descriptionOptions, parseCli } from './cli/args.ts';
import { mockLine } from './cli/mock-example.ts';
import { checkPorts, parsePort, portProblem } from './infra/ports.ts';
import { DEFAULT_HOST, DEFAULT_MOCK_PORT, DEFAULT_PORTAL_PORT, httpOrigin } from './defaults.ts';
import { startMockServer } from './mock/server.ts';
import type { ApiModel } from './model/contract/types.ts';
import { serveStatic } from './infra/serve-static.ts';
import { normalizeBase } from './infra/base-path.ts';

const USAGE = `Usage: npm start -- [--port 4321] [--mock-port 4010] [--host 127.0.0.1] [--spec openapi/openapi.yaml] [--out site/dist] [--base /docs/] [--root <dir>] [--allow-remote <origin>] [--config <file>]

Builds the portal, serves it, and starts the mock server.
  --port       port of the portal (default 4321)
  --mock-port  port of the mock server (default 4010)
  --host       address both listen on (default 127.0.0.1)
  --spec       the OpenAPI description (default openapi/openapi.yaml)
  --out        where the portal is built and served from (default site/dist)
  --base       the path the portal is built for and served under, e.g. /docs/ (default /)
${DESCRIPTION_USAGE}`;

const { values } = parseCli({
  port: { type: 'string', default: String(DEFAULT_PORTAL_PORT) },
  'mock-port': { type: 'string', default: String(DEFAULT_MOCK_PORT) },
  host: { type: 'string', default: DEFAULT_HOST },
  spec: { type: 'string', default: DEFAULT_SPEC },
  out: { type: 'string', default: resolve(ROOT, 'site/dist') },
  base: { type: 'string', default: '/' },
  help: { type: 'boolean', short: 'h', default: false },
  ...DESCRIPTION_OPTIONS,
});

if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function port(flag: string, text: string): number {
  try {
    return parsePort(flag, text);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

const host = values.host;
const portalPort = port('--port', values.port);
const mockPort = port('--mock-port', values['mock-port']);
const spec = resolve(values.spec);
const access = descriptionOptions(values);
const outDir = resolve(values.out);
const normalized = normalizeBase(values.base);
if (typeof normalized !== 'string') {
  console.error(normalized.problem);
  process.exit(2);
}
const base: string = normalized;
const portalUrl = `${httpOrigin(host, portalPort)}${base}`;
const mockUrl = httpOrigin(host, mockPort);

if (portalPort === mockPort) {
  console.error(`The portal and the mock server cannot share port ${portalPort}: pass a different --port or --mock-port.`);
  process.exit(2);
}

const PORTAL = { what: 'portal', hint: { command: 'npm start', flag: '--port' } };
const MOCK = { what: 'mock server', hint: { command: 'npm start', flag: '--mock-port' } };

function build(closers: (() => Promise<void>)[]): Promise<void> {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/build.ts'), '--spec', spec, '--out', outDir, '--site', portalUrl, ...descriptionArgs(access)], {
      cwd: ROOT,
      // The try-it panels' default target: this mock, on whatever port it was given.
      env: { ...process.env, PORTAL_MOCK_URL: mockUrl },
      // The build's progress goes to stderr so stdout carries only the addresses.
      stdio: ['ignore', 2, 2],
    });
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    // Stopping during the build stops the build too.
    closers.push(() => (child.exitCode === null && child.signalCode === null && child.kill('SIGTERM') ? exited : Promise.resolve()));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolveBuild() : reject(new Error(`The portal build failed (${signal ?? `exit code ${code}`}); see the messages above.`)),
    );
  });
}

async function main(): Promise<void> {
  // Fails early, before a build, when a port is taken; the listeners below check again.
  await checkPorts(host, [
    { port: portalPort, ...PORTAL },
    { port: mockPort, ...MOCK },
  ]);

  let stopping = false;
  let served: ApiModel | undefined;
  const closers: (() => Promise<void>)[] = [];
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await Promise.allSettled(closers.map((close) => close()));
    process.exit(code);
  };
  // A second Ctrl-C while closing means "now".
  const onSignal = () => (stopping ? process.exit(130) : void shutdown(0));
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    console.error(`Building the portal from ${spec}…`);
    await build(closers);
    const mock = await startMockServer({
      spec,
      port: mockPort,
      host,
      site: portalUrl.replace(/\/$/, ''),
      quiet: false,
      watch: false,
      access,
      vocabulary: false,
    });
    closers.push(() => mock.close());
    served = mock.current().model;
    const portal = await serveStatic(outDir, { port: portalPort, host, base });
    closers.push(() => portal.close());
  } catch (error) {
    if (stopping) return;
    // A listen error names its port: something took it between the check and now.
    const failure = error as NodeJS.ErrnoException & { port?: number };
    const message =
      failure.code && typeof failure.port === 'number'
        ? failure.port === mockPort
          ? portProblem(failure, host, mockPort, MOCK.what, MOCK.hint)
          : portProblem(failure, host, portalPort, PORTAL.what, PORTAL.hint)
        : failure.message;
    console.error(message);
    await shutdown(1);
    return;
  }
  if (stopping) return;
  console.log(`Portal: ${portalUrl}`);
  console.log(mockLine(`${mockUrl}/`, served));
  console.log('Press Ctrl-C to stop both.');
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
