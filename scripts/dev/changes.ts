// "What changed": the working document against its base version (the last
// commit, or a file given with --base). The base model is built once and
// rebuilt only when the base itself changes (a new commit, an edited base file).
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DiagnosticsError, formatDiagnostic } from '../diagnostics.ts';
import { resolveBaseSpec } from '../diff/base.ts';
import { compareModels } from '../diff/compare.ts';
import { groupChanges } from '../diff/format.ts';
import { buildModel, type ApiModel } from '../model/index.ts';
import type { PreviewChanges } from './channel.ts';

const run = promisify(execFile);

interface Base {
  key: string;
  label?: string;
  model?: ApiModel;
  unavailable?: string;
}

export interface ChangeTracker {
  compare(head: ApiModel, version: number): Promise<PreviewChanges>;
}

export function createChangeTracker(spec: string, baseFile?: string): ChangeTracker {
  let base: Base | undefined;

  /** Identifies the base version cheaply, so it is rebuilt only when it changed. */
  async function baseKey(): Promise<string> {
    if (baseFile) {
      const info = await stat(resolve(baseFile)).catch(() => undefined);
      return `file:${info?.mtimeMs ?? 'missing'}`;
    }
    try {
      const { stdout } = await run('git', ['-C', dirname(resolve(spec)), 'rev-parse', 'HEAD']);
      return `git:${stdout.trim()}`;
    } catch {
      return 'git:none';
    }
  }

  async function loadBase(key: string): Promise<Base> {
    const commit = key.startsWith('git:') && key !== 'git:none' ? key.slice(4) : undefined;
    const found = await resolveBaseSpec(spec, baseFile ? { base: baseFile } : commit ? { ref: commit } : {});
    if (!found) {
      return { key, unavailable: `${spec} has no committed version to compare with yet. Commit it, or start the preview with --base <file>.` };
    }
    const label = baseFile ? found.label : found.label.replace(commit ?? '', 'HEAD');
    try {
      const result = await buildModel(found.path, { lint: false, validate: false, ...(found.configPath ? { configPath: found.configPath } : {}) });
      return { key, label, model: result.model };
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      const first = error.diagnostics[0];
      return { key, label, unavailable: `The base version (${label}) does not load${first ? `: ${formatDiagnostic(first)}` : '.'}` };
    } finally {
      await found.cleanup();
    }
  }

  return {
    async compare(head, version) {
      const key = await baseKey();
      if (!base || base.key !== key) base = await loadBase(key);
      if (!base.model) return { version, ...(base.label ? { baseLabel: base.label } : {}), unavailable: base.unavailable };
      return { version, baseLabel: base.label, report: groupChanges(compareModels(base.model, head)) };
    },
  };
}
