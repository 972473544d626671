// One save, start to finish: validate, lint and build the model. A document
// that parses and resolves is the new version, problems or not (as for
// `npm run build`): the mock and the site get it, its problems go to the
// terminal and the pages' panel. One that does not parse or resolve leaves
// the last good version everywhere, with the reasons reported.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiagnosticsError, formatDiagnostics, type Diagnostic } from '../diagnostics.ts';
import type { BuildResult } from '../model/index.ts';
import type { ModelBuilder } from '../model/isolated.ts';
import type { LoadOptions } from '../model/load.ts';
import { judgeVersion } from '../model/verdict.ts';
import { writeModelFile } from '../site/model-file.ts';
import type { PreviewChannel } from './channel.ts';
import { changeSummary, type ChangeTracker } from './changes.ts';
import { toProblems } from './problems.ts';
import type { FileWatcher } from './watch.ts';

export interface RebuildOptions {
  spec: string;
  /** The model JSON the site reads (PORTAL_MODEL). */
  modelFile: string;
  channel: PreviewChannel;
  watcher: FileWatcher;
  /** The model worker every save is built on. */
  builder: ModelBuilder;
  /** What the description may read, and its config. */
  access?: LoadOptions;
  changes: ChangeTracker;
  /** Receives each good build before the pages reload (the mock swaps to it). */
  onBuild?: (build: BuildResult) => void | Promise<void>;
  log: (text: string) => void;
  /** The "What changed" page, named in the terminal's one-line summary of the changes. */
  changesUrl?: string;
}

export interface RebuildOutcome {
  /** True when this save became the version shown (it parsed and resolved), problems or not. */
  ok: boolean;
  /** The build the pages show after this step. */
  version: number;
  durationMs: number;
  /** Undefined when the document did not load at all. */
  result?: BuildResult;
}

const clock = (): string => new Date().toTimeString().slice(0, 8);
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export function createRebuilder(options: RebuildOptions): { rebuild(): Promise<RebuildOutcome> } {
  const { spec, channel, watcher, log } = options;
  let build = 0;
  let version = 0;
  let documentFiles: string[] = [resolve(spec)];
  let lastSummary: string | undefined;

  return {
    async rebuild() {
      const started = performance.now();
      let result: BuildResult | undefined;
      let diagnostics: Diagnostic[];
      try {
        result = await options.builder.build(spec, options.access);
        diagnostics = result.diagnostics;
      } catch (error) {
        if (!(error instanceof DiagnosticsError)) throw error;
        diagnostics = error.diagnostics;
      }
      // The one verdict every command reaches (model/verdict.ts): only a document that does not load
      // keeps the last good version; lint and validation errors are shown, not blocking.
      const failed = !judgeVersion({ loaded: result !== undefined, diagnostics }).ok;
      // The config is watched too: a save to it rebuilds, and its problems are shown like the description's.
      if (result) documentFiles = [...result.files, ...(result.configFile ? [result.configFile] : [])].map((f) => resolve(f));
      // The files named by problems are watched and viewable too (the source view keeps to the description's
      // folder and the project): a broken `$ref` may point into a new file.
      const named = diagnostics.map((d) => resolve(d.file)).filter((f) => existsSync(f));
      const files = [...new Set([...documentFiles, ...named])];
      watcher.setFiles(files);
      watcher.setLoose(failed);
      channel.files = files;

      build++;
      let summary: string | undefined;
      if (result) {
        version++;
        await options.onBuild?.(result);
        // Before the pages reload, so "What changed" shows this version.
        channel.changes = await options.changes.compare(result.model, version).catch((error: Error) => ({
          version,
          unavailable: `The comparison failed: ${error.message}`,
        }));
        await writeModelFile(options.modelFile, result.model);
        // Printed when what changed is not what was printed last, so a save that changes nothing new stays quiet.
        const line = changeSummary(channel.changes);
        if (line !== lastSummary) {
          lastSummary = line;
          summary = options.changesUrl ? `${line} — see ${options.changesUrl}` : line;
        }
      }
      const durationMs = Math.round(performance.now() - started);
      const problems = toProblems(diagnostics, channel.root);
      const errors = problems.filter((p) => p.severity === 'error').length;
      channel.publish({
        state: failed ? 'error' : 'ok',
        build,
        version,
        finishedAt: new Date().toISOString(),
        durationMs,
        errors,
        warnings: problems.length - errors,
        problems,
      });

      const report = diagnostics.length > 0 ? `${formatDiagnostics(diagnostics)}\n` : '';
      if (failed) {
        const kept = version > 0 ? ' The preview keeps showing the last good version.' : '';
        log(`${report}[${clock()}] The description does not load (${plural(errors, 'error')}).${kept}`);
      } else {
        const warnings = problems.length - errors;
        const found = [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(' and ');
        log(`${report}[${clock()}] Rebuilt in ${durationMs} ms${found ? ` with ${found}` : ''}.${summary ? `\n${summary}` : ''}`);
      }
      return { ok: !failed, version, durationMs, ...(result ? { result } : {}) };
    },
  };
}
