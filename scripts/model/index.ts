// The pipeline: load → validate → lint → normalize (normalize.ts). Built once per document;
// everything downstream (site, mock, diff, tests) reads the result.
import { statSync } from 'node:fs';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { BudgetExceeded } from './normalize/budget.ts';
import { cappedDiagnostics, pointersOf } from './check/capped.ts';
import { WORK_LIMITS } from './limits.ts';
import type { CappedExample } from './normalize/examples.ts';
import { lintDocument } from './check/lint.ts';
import { loadDocument, type LoadOptions, type OpenApiDocument } from './load/load.ts';
import { createLocator, type Locator } from './load/locate.ts';
import { normalizeDocument, type EarlierParts } from './normalize/normalize.ts';
import { routeProblems } from './check/route-problems.ts';
import type { ApiModel } from './contract/types.ts';
import { validateDocument } from './check/validate.ts';

export type { ApiModel } from './contract/types.ts';
export type { LoadOptions, OpenApiDocument } from './load/load.ts';
export { normalizeDocument } from './normalize/normalize.ts';

/** What to check, besides what the description may read (--root, --allow-remote) and its config (--config). */
export interface BuildOptions extends LoadOptions {
  /** Run Redocly lint (default true). */
  lint?: boolean;
  /** Run swagger-parser validation (default true). */
  validate?: boolean;
  /** Handed the document's locator, for a caller in the same process that places more pointers later (the diff's changes). */
  onLocator?: (locate: Locator) => void;
  /** Hands back parts made from a document before (EarlierParts); `adopt` may give the new document the last one's equal objects. */
  earlier?: EarlierParts & { adopt<T extends object>(document: T): T };
}

export interface BuildResult {
  model: ApiModel;
  /** The bundled document: one object, internal $refs kept. */
  document: OpenApiDocument;
  diagnostics: Diagnostic[];
  /** Every file a $ref reaches, entry first. */
  files: string[];
  /** The Redocly config file in use, if any. */
  configFile?: string;
  /** What the document is made of, in one hash (LoadedDocument.contentKey). */
  contentKey: string;
  /** Milliseconds per phase, for summaries and benchmarks. */
  timings: Record<'load' | 'validate' | 'lint' | 'normalize', number>;
}

// Positions cost a parse of the file's syntax tree; past this size they are skipped to keep large builds fast.
const MAX_LOCATED_BYTES = 4 * 1024 * 1024;

export async function buildModel(specPath: string, options: BuildOptions = {}): Promise<BuildResult> {
  const timings = { load: 0, validate: 0, lint: 0, normalize: 0 };
  let t = performance.now();
  const loaded = await loadDocument(specPath, { ...options, checkConfig: options.lint !== false });
  const locate = await createLocator(loaded);
  options.onLocator?.(locate);
  timings.load = performance.now() - t;

  const diagnostics: Diagnostic[] = [...loaded.diagnostics];
  t = performance.now();
  if (options.validate !== false) diagnostics.push(...(await validateDocument(loaded.document, locate, loaded.measure)));
  timings.validate = performance.now() - t;
  t = performance.now();
  if (options.lint !== false) diagnostics.push(...(await lintDocument(loaded)));
  timings.lint = performance.now() - t;

  t = performance.now();
  const size = loaded.files.reduce((sum, f) => sum + safeSize(f), 0);
  const capped: CappedExample[] = [];
  const document = options.earlier ? options.earlier.adopt(loaded.document) : loaded.document;
  const model = normalized(document, size <= MAX_LOCATED_BYTES ? locate : undefined, capped, options.earlier, loaded.measure.written, locate);
  // Located whatever the size: there are few, and each is a place to look.
  diagnostics.push(...cappedDiagnostics(document, capped, locate));
  diagnostics.push(...routeProblems(model.operations, (op) => locate(op.pointer)));
  timings.normalize = performance.now() - t;
  return {
    model,
    document,
    diagnostics,
    files: loaded.files,
    ...(loaded.configFile ? { configFile: loaded.configFile } : {}),
    contentKey: loaded.contentKey,
    timings,
  };
}

/** The model, or a `document-too-complex` error where normalization passed its budget (WORK_LIMITS). */
function normalized(
  document: OpenApiDocument,
  sourceOf: Locator | undefined,
  capped: CappedExample[],
  earlier: EarlierParts | undefined,
  written: number,
  locate: Locator,
) {
  try {
    return normalizeDocument(document, sourceOf, capped, earlier, written);
  } catch (error) {
    if (!(error instanceof BudgetExceeded)) throw error;
    const pointer = pointersOf(document, new Set([error.at])).get(error.at) ?? '#';
    const message =
      `Normalized for the portal and the mock, with references to anything but a component schema expanded where they are named, ` +
      `this description's model passed the budget of ${error.nodes.toLocaleString('en-US')} nodes (${WORK_LIMITS.nodes.toLocaleString('en-US')} and ` +
      `${WORK_LIMITS.perNode} for each of its ${written.toLocaleString('en-US')} nodes as written), so it is not built. The count passed the budget through this reference.`;
    throw new DiagnosticsError(`Too complex: ${message}`, [{ severity: 'error', rule: 'document-too-complex', message, ...locate(pointer) }]);
  }
}

function safeSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
