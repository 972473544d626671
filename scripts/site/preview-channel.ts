// The one module the portal imports from the writers' preview (scripts/dev): what the preview
// knows right now — the last build's problems, the comparison with the base version, the model the
// pages show — shared between the rebuild loop and the Astro integration that shows it in the
// browser. Both run in one process, but Astro evaluates the integration and the pages in its own
// module graph, so the state lives on globalThis under a registered symbol instead of in a module.
import { isAbsolute, relative } from 'node:path';
import type { Diagnostic } from '../diagnostics.ts';
import type { ChangeReport } from '../diff/format.ts';
import type { ApiModel } from '../model/contract/types.ts';

export interface PreviewProblem extends Diagnostic {
  /** File as shown to writers: relative to the project root when inside it. */
  display: string;
  /** `file:line:col severity rule message`, exactly as the terminal prints it. */
  text: string;
}

export interface PreviewStatus {
  /**
   * `checking`: the pages show the last save; its validation and lint are still running, so the
   * problems are those known so far (the document's loading, its examples).
   * `ok`: the pages show the last save, checked, whatever problems it has (counted below).
   * `error`: the last save does not parse or resolve; the pages show the last good version.
   */
  state: 'starting' | 'checking' | 'ok' | 'error';
  /** Increments on every finished build, good or bad. */
  build: number;
  /** Increments on every good build (the version the pages show). */
  version: number;
  finishedAt: string;
  /** From the save to the pages and the mock following it (or to the build failing). */
  durationMs: number;
  /** How long validation and lint took, once they are done (`ok`). */
  checkMs?: number;
  errors: number;
  warnings: number;
  /** Errors first, then warnings, each sorted by file and position. */
  problems: PreviewProblem[];
}

export interface PreviewChanges {
  /** Where the base version came from, e.g. `HEAD:openapi/openapi.yaml`. */
  baseLabel?: string;
  report?: ChangeReport;
  /** Why there is no comparison (no committed version, base does not load, …). */
  unavailable?: string;
  /** The good build the report describes. */
  version: number;
}

export interface PreviewChannel {
  status: PreviewStatus;
  changes: PreviewChanges;
  /** Files the document is made of (absolute paths): the only ones the source view shows… */
  files: string[];
  /** …and of those, only the ones inside these folders (the description's own and the project's). */
  folders: string[];
  /** The project root, for display paths and editor links. */
  root: string;
  /** The model the pages show, read once for the pages and the mock, which share it and change nothing in it. */
  model?: ApiModel;
  /** Settles once the first save is built (loaded or not): pages asked for sooner wait for it. */
  ready?: Promise<unknown>;
  /** Resolves once the dev server has served a page. */
  firstPage: Promise<void>;
  /** Resolves when the dev server next serves a page. */
  nextPage(): Promise<void>;
  pageServed(): void;
  /** A request to the dev server began (the preview's own endpoints aside); call what it returns when it is answered. */
  requestStarted(): () => void;
  /** Resolves once the dev server has answered every request and none came for `quietMs`: a reloaded page has its modules. */
  quiet(quietMs: number): Promise<void>;
  /** How many pages follow the status (their overlay's event stream is open): those reload on every save. */
  watching(): number;
  /** Set while the comparison of the newest version is being made: the "What changed" page waits for it. */
  comparing?: Promise<unknown>;
  /** Called with each new status; returns the unsubscribe function. */
  subscribe(listener: (status: PreviewStatus | null) => void): () => void;
  publish(status: PreviewStatus): void;
  /** Called when the model file holds a new version (the site reloads its pages); returns the unsubscribe function. */
  onModel(listener: () => void): () => void;
  modelChanged(): void;
  /** Ends every open subscription (null to listeners), so streams close with the server. */
  close(): void;
}

/** Relative to `root` when the file is inside it, else absolute (a `../../tmp/…` path helps nobody). */
export function displayPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

const KEY = Symbol.for('petstore-portal.preview');

export function emptyStatus(): PreviewStatus {
  return { state: 'starting', build: 0, version: 0, finishedAt: new Date().toISOString(), durationMs: 0, errors: 0, warnings: 0, problems: [] };
}

/** The channel if a preview runs in this process (never in a build), without creating one. */
export function runningPreview(): PreviewChannel | undefined {
  return (globalThis as typeof globalThis & { [KEY]?: PreviewChannel })[KEY];
}

/** The process's channel, created on first use. */
export function previewChannel(root = process.cwd()): PreviewChannel {
  const holder = globalThis as typeof globalThis & { [KEY]?: PreviewChannel };
  const existing = holder[KEY];
  if (existing) return existing;
  const listeners = new Set<(status: PreviewStatus | null) => void>();
  const modelListeners = new Set<() => void>();
  let served: () => void = () => {};
  let inFlight = 0;
  let lastActivity = 0;
  let next: { promise: Promise<void>; resolve: () => void } | undefined;
  const channel: PreviewChannel = {
    status: emptyStatus(),
    changes: { version: 0, unavailable: 'The preview has not built the document yet.' },
    files: [],
    folders: [root],
    root,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish(status) {
      channel.status = status;
      for (const listener of [...listeners]) listener(status);
    },
    firstPage: new Promise((resolve) => (served = resolve)),
    nextPage() {
      if (!next) {
        let resolve: () => void = () => {};
        const promise = new Promise<void>((settle) => (resolve = settle));
        next = { promise, resolve };
      }
      return next.promise;
    },
    pageServed() {
      served();
      next?.resolve();
      next = undefined;
    },
    requestStarted() {
      inFlight++;
      lastActivity = performance.now();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        inFlight--;
        lastActivity = performance.now();
      };
    },
    quiet(quietMs) {
      return new Promise((resolve) => {
        const check = (): void => {
          const left = lastActivity + quietMs - performance.now();
          if (inFlight === 0 && left <= 0) resolve();
          else setTimeout(check, Math.max(left, 5)).unref();
        };
        check();
      });
    },
    watching: () => listeners.size,
    onModel(listener) {
      modelListeners.add(listener);
      return () => modelListeners.delete(listener);
    },
    modelChanged() {
      for (const listener of [...modelListeners]) listener();
    },
    close() {
      for (const listener of [...listeners]) listener(null);
      listeners.clear();
    },
  };
  holder[KEY] = channel;
  return channel;
}
