// "What changed": the working document against its base version (the last
// commit, or a file given with --base). Both models live on the preview's
// worker (preview-worker.ts), which compares them there: the base is built once
// and rebuilt only when the base itself changes (a new commit, an edited base
// file), and the same two versions are not compared twice.
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { DiagnosticsError, formatDiagnostic } from '../diagnostics.ts';
import { resolveBaseSpec } from '../diff/base.ts';
import { gitText } from '../infra/git.ts';
import type { ChangeReport } from '../diff/format.ts';
import type { ModelBuilder } from '../model/process/isolated.ts';
import type { LoadOptions } from '../model/load/load.ts';
import type { PreviewChanges } from '../site/preview-channel.ts';
import { printable } from '../terminal.ts';

interface Base {
  key: string;
  label?: string;
  /** Built on the worker. */
  loaded: boolean;
  unavailable?: string;
}

export interface ChangeTracker {
  /** The worker's last save (`version`) against the base version. */
  compare(version: number): Promise<PreviewChanges>;
}

/** `builder` runs preview-worker.ts, which holds the last save. */
export function createChangeTracker(spec: string, baseFile: string | undefined, builder: ModelBuilder, access: LoadOptions = {}): ChangeTracker {
  let base: Base | undefined;

  /** Identifies the base version cheaply, so it is rebuilt only when it changed. */
  async function baseKey(): Promise<string> {
    if (baseFile) {
      const info = await stat(resolve(baseFile)).catch(() => undefined);
      return `file:${info?.mtimeMs ?? 'missing'}`;
    }
    const head = await gitText(dirname(resolve(spec)), { args: ['rev-parse', '--verify'], revisions: ['HEAD'] });
    return head ? `git:${head.trim()}` : 'git:none';
  }

  async function loadBase(key: string): Promise<Base> {
    const commit = key.startsWith('git:') && key !== 'git:none' ? key.slice(4) : undefined;
    const found = await resolveBaseSpec(spec, { ...(baseFile ? { base: baseFile } : commit ? { ref: commit } : {}), access });
    if (!found) {
      return {
        key,
        loaded: false,
        unavailable: `${spec} has no committed version to compare with yet. Commit it, or start the preview with --base <file>.`,
      };
    }
    const label = baseFile ? found.label : found.label.replace(commit ?? '', 'HEAD');
    try {
      await builder.call('base', found.path, found.access, { key });
      return { key, label, loaded: true };
    } catch (error) {
      if (!(error instanceof DiagnosticsError)) throw error;
      const first = error.diagnostics[0];
      return { key, label, loaded: false, unavailable: `The base version (${label}) does not load${first ? `: ${formatDiagnostic(first)}` : '.'}` };
    } finally {
      await found.cleanup();
    }
  }

  return {
    async compare(version) {
      const key = await baseKey();
      if (!base || base.key !== key) base = await loadBase(key);
      if (!base.loaded) return { version, ...(base.label ? { baseLabel: base.label } : {}), unavailable: base.unavailable };
      return { version, baseLabel: base.label, report: await builder.call<ChangeReport>('compare', spec) };
    },
  };
}

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The first breaking change in a few words: `GET /store/inventory was removed`. */
function firstBreaking(report: ChangeReport): string | undefined {
  for (const group of report.groups) {
    const change = group.changes.find((c) => c.breaking);
    if (!change) continue;
    const clause = (change.message.split(/;|\.(?:\s|$)/)[0] ?? '').trim();
    const named = (change.operation && clause.includes(change.operation.path)) || (change.schema !== undefined && clause.includes(change.schema));
    return named ? clause : `${group.title}: ${clause.charAt(0).toLowerCase()}${clause.slice(1)}`;
  }
  return undefined;
}

/** One line for the terminal: `2 changes since HEAD:openapi/openapi.yaml, 1 breaking: GET /store/inventory was removed`. */
export function changeSummary(changes: PreviewChanges): string {
  // Messages and titles quote the description: control characters are shown escaped in the terminal.
  return printable(summaryText(changes));
}

function summaryText(changes: PreviewChanges): string {
  const report = changes.report;
  if (!report) return `What changed: ${changes.unavailable ?? 'no comparison available.'}`;
  const since = changes.baseLabel ? ` since ${changes.baseLabel}` : '';
  const { total, breaking } = report.summary;
  if (total === 0) return `No changes${since}`;
  const first = breaking > 0 ? firstBreaking(report) : undefined;
  const breakingPart = breaking > 0 ? `, ${breaking} breaking${first ? `${breaking > 1 ? ', first' : ''}: ${first}` : ''}` : ', none breaking';
  return `${count(total, 'change')}${since}${breakingPart}`;
}
