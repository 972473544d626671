// What a mock server is started with, and what it says on each reload: apart from server.ts, so the
// steps it is made of (server-setup.ts, served-versions.ts) read them without importing the server.
import type { Diagnostic } from '../diagnostics.ts';
import type { BuildResult } from '../model/index.ts';
import type { LoadOptions } from '../model/load/load.ts';
import type { MockFeatures } from './features.ts';
import type { Output } from './log.ts';

export interface MockServerOptions {
  /** The OpenAPI document (default `openapi/openapi.yaml`). */
  spec: string;
  port?: number;
  host?: string;
  /** The portal's origin, for `Link` headers pointing at operation pages. */
  site?: string;
  /** No line per request. */
  quiet?: boolean;
  /** Reload when a file of the document changes. */
  watch?: boolean;
  maxBodyBytes?: number;
  /** How long a request body may take to arrive. */
  bodyTimeoutMs?: number;
  /** How long a connection a fault holds (hang, slow) stays open at most, and how many are held at once. */
  faultHold?: { ms?: number; max?: number };
  /** How long one answer generated from a schema may take (default 2 s). */
  generateTimeoutMs?: number;
  /** Where lines go (default stdout). */
  output?: Output;
  onReload?: (event: ReloadEvent) => void;
  /** What the description may read (--root, --allow-remote) and its config (--config). */
  access?: LoadOptions;
  /** The document already built (the preview builds anyway): served as is, instead of building `spec` again. */
  build?: Pick<BuildResult, 'model' | 'document' | 'files'>;
  /** Print the portal's vocabulary problems at start and reload (default true; `npm start` has its build print them). */
  vocabulary?: boolean;
  /** State, seeded and dynamic answers, latency and faults, callbacks: all off unless set. */
  features?: Partial<MockFeatures>;
  /** Load the generator (Prism's engine) once listening, so the first generated answer does not wait for it (`npm run mock`). */
  warmGenerator?: boolean;
}

export interface ReloadEvent {
  ok: boolean;
  /** Every problem found (errors keep the previous version serving). */
  diagnostics: Diagnostic[];
  ms: number;
  title: string;
  version: string;
  operations: number;
}
