// One save, start to finish: validate, lint and build the model; on success
// hand the new version to the mock and the site; on failure keep the last
// good version everywhere and report every problem.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DiagnosticsError, formatDiagnostics, hasErrors, type Diagnostic } from '../diagnostics.ts';
import { buildModel, type BuildResult } from '../model/index.ts';
import { writeModelFile } from '../site/model-file.ts';
import type { PreviewChannel } from './channel.ts';
import type { ChangeTracker } from './changes.ts';
import { toProblems } from './problems.ts';
import type { FileWatcher } from './watch.ts';

export interface RebuildOptions {
  spec: string;
  /** The model JSON the site reads (PORTAL_MODEL). */
  modelFile: string;
  channel: PreviewChannel;
  watcher: FileWatcher;
  changes: ChangeTracker;
  /** Receives each good build before the pages reload (the mock swaps to it). */
  onBuild?: (build: BuildResult) => void | Promise<void>;
  log: (text: string) => void;
}

export interface RebuildOutcome {
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

  return {
    async rebuild() {
      const started = performance.now();
      let result: BuildResult | undefined;
      let diagnostics: Diagnostic[];
      try {
        result = await buildModel(spec);
        diagnostics = result.diagnostics;
      } catch (error) {
        if (!(error instanceof DiagnosticsError)) throw error;
        diagnostics = error.diagnostics;
      }
      const failed = !result || hasErrors(diagnostics);
      if (result) documentFiles = result.files.map((f) => resolve(f));
      // The files named by problems are watched and viewable too: a broken `$ref` may point into a new file.
      const named = diagnostics.map((d) => resolve(d.file)).filter((f) => existsSync(f));
      const files = [...new Set([...documentFiles, ...named])];
      watcher.setFiles(files);
      watcher.setLoose(failed);
      channel.files = files;

      build++;
      // The first build has no good version to keep: show what there is, with its problems.
      if (result && (!failed || version === 0)) {
        version++;
        await options.onBuild?.(result);
        // Before the pages reload, so "What changed" shows this version.
        channel.changes = await options.changes.compare(result.model, version).catch((error: Error) => ({
          version,
          unavailable: `The comparison failed: ${error.message}`,
        }));
        await writeModelFile(options.modelFile, result.model);
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
        log(`${report}[${clock()}] The description has ${plural(errors, 'error')}.${kept}`);
      } else {
        const warned = problems.length > 0 ? ` with ${plural(problems.length, 'warning')}` : '';
        log(`${report}[${clock()}] Rebuilt in ${durationMs} ms${warned}.`);
      }
      return { ok: !failed, version, durationMs, ...(result ? { result } : {}) };
    },
  };
}
