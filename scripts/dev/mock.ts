// The mock server inside the preview, serving each good build of the preview:
// the mock is handed the build the preview just made (to start with, then
// `apply`), so a save is built once, and the new version replaces the old in
// one assignment while requests keep being answered.
import { httpOrigin } from '../defaults.ts';
import { formatDiagnostics } from '../diagnostics.ts';
import type { BuildResult } from '../model/index.ts';
import { startMockServer, type MockServer } from '../mock/server.ts';
import type { ReloadEvent } from '../mock/server-options.ts';

export interface PreviewMockOptions {
  spec: string;
  port: number;
  host: string;
  /** The preview's address, for the `Link` headers pointing at operation pages. */
  site: string;
  log: (text: string) => void;
}

export interface PreviewMock {
  /** The address it listens on, known before it starts. */
  url: string;
  /** Not before the description first loads. */
  running(): boolean;
  /** The preview built a version: the mock starts with it, or serves it from now on. */
  built(build: BuildResult): Promise<void>;
  close(): Promise<void>;
}

export function createPreviewMock(options: PreviewMockOptions): PreviewMock {
  let mock: MockServer | undefined;
  let starting: Promise<void> | undefined;
  /** The newest build handed over, so one arriving while the server starts is not lost. */
  let latest: BuildResult | undefined;
  let closed = false;

  // Request lines and reload notes would bury the description's problems, which the preview prints itself.
  const silent = { write: () => true };

  const start = (build: BuildResult): Promise<void> =>
    (starting ??= startMockServer({
      spec: options.spec,
      build,
      port: options.port,
      host: options.host,
      site: options.site,
      quiet: true,
      watch: false,
      output: silent,
    })
      .then(async (server) => {
        if (closed) return server.close();
        mock = server;
        // A version the preview accepts but the mock cannot serve is the one thing only the mock can tell.
        mock.events.on('reload-failed', (event: ReloadEvent) => {
          options.log(`${formatDiagnostics(event.diagnostics)}\nThe mock server keeps answering with the previous version.`);
        });
        if (latest !== build && latest) mock.apply(latest);
      })
      .catch((error: unknown) => {
        // The next build tries again.
        starting = undefined;
        throw error;
      }));

  return {
    url: `${httpOrigin(options.host, options.port)}/`,
    running: () => mock !== undefined,
    async built(build) {
      if (closed) return;
      latest = build;
      if (!mock) return start(build);
      mock.apply(build);
    },
    async close() {
      closed = true;
      await starting?.catch(() => undefined);
      await mock?.close();
      mock = undefined;
    },
  };
}
