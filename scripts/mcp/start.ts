// Starting the MCP server: the model built once (loaded and normalized, as the mock builds it),
// the in-process mock started on it by the first call (the mock's own server on a free loopback
// port, so a call runs the mock's whole pipeline), and the transport connected at once.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { DEFAULT_HOST } from '../defaults.ts';
import { formatDiagnostics } from '../diagnostics.ts';
import { MOCK_CHECKS } from '../mock/defaults.ts';
import { DEFAULT_FEATURES } from '../mock/features.ts';
import type { MockServer } from '../mock/server.ts';
import { buildModel } from '../model/index.ts';
import type { LoadOptions } from '../model/load/load.ts';
import { judgeVersion } from '../model/contract/verdict.ts';
import { readSecrets } from './auth.ts';
import type { Target } from './call.ts';
import { type HttpMcp, startHttp } from './http.ts';
import { createApi, createServer, type McpApi } from './server.ts';

export interface McpOptions {
  spec: string;
  access?: LoadOptions;
  /** Streamable HTTP on this address; stdio when absent. */
  http?: { host: string; port: number };
  /** The API to call; the in-process mock when absent. */
  server?: URL;
  /** The portal the references link to. */
  site: URL;
  auth?: string[];
  env?: NodeJS.ProcessEnv;
  timeoutMs?: number;
  mock?: { stateful?: boolean; seed?: string; dynamic?: boolean };
  /** Where the mock's and the model's notices go (default stderr: stdout may be the protocol's). */
  log?: { write(text: string): unknown };
}

export interface RunningMcp {
  api: McpApi;
  http?: HttpMcp;
  close(): Promise<void>;
}

export async function startMcp(options: McpOptions): Promise<RunningMcp> {
  const log = options.log ?? process.stderr;
  const built = await buildModel(options.spec, { ...MOCK_CHECKS, ...options.access });
  const verdict = judgeVersion({ loaded: true, diagnostics: built.diagnostics });
  if (verdict.diagnostics.length > 0) log.write(`${formatDiagnostics(verdict.diagnostics)}\n`);
  const { model } = built;
  const secrets = readSecrets(options.auth ?? [], options.env ?? process.env, model.securitySchemes);
  const schemes = new Map(model.securitySchemes.map((s) => [s.name, s]));
  const timeoutMs = options.timeoutMs ?? 30_000;
  let mock: Promise<MockServer> | undefined;
  // The mock prepares every answer when it starts (on this thread): started by the first call, not before
  // the first tools/list, which a large API's client would otherwise wait a second or two more for.
  const startMock = () =>
    (mock ??= import('../mock/server.ts').then(({ startMockServer }) =>
      startMockServer({
        spec: options.spec,
        port: 0,
        host: DEFAULT_HOST,
        site: options.site.href.replace(/\/$/, ''),
        build: built,
        quiet: true,
        vocabulary: false,
        output: log,
        features: { ...DEFAULT_FEATURES, stateful: options.mock?.stateful === true, seed: options.mock?.seed, dynamic: options.mock?.dynamic === true },
      }),
    ));
  const server = options.server;
  const target = async (): Promise<Target> =>
    server ? { url: server.href, mock: false, secrets, schemes, timeoutMs } : { url: (await startMock()).url, mock: true, secrets, schemes, timeoutMs };
  const api = createApi(model, built.document, target, { mock: !options.server, url: options.server?.href ?? '', site: options.site });
  let http: HttpMcp | undefined;
  let stdio: ReturnType<typeof createServer> | undefined;
  if (options.http) http = await startHttp(api, options.http.host, options.http.port);
  else {
    stdio = createServer(api);
    await stdio.connect(new StdioServerTransport());
  }
  return {
    api,
    ...(http ? { http } : {}),
    async close() {
      await Promise.allSettled([http?.close(), stdio?.close(), mock?.then((m) => m.close())]);
    },
  };
}
