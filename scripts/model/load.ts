// Load: read the entry file and every file its $refs reach, with Redocly's
// resolver (it handles 3.0 and 3.1, including refs inside schemas with `$id`,
// where swagger-parser gives up), and bundle them into one document whose
// remaining $refs are internal.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { BaseResolver, bundle, createConfig, loadConfig, type Config } from '@redocly/openapi-core';
import { DiagnosticsError, type Diagnostic } from '../diagnostics.ts';
import { problemToDiagnostic, type RedoclyProblem } from './problems.ts';
import { yamlSyntaxDiagnostic } from './yaml-syntax.ts';

export type OpenApiDocument = Record<string, any>;

export interface LoadedDocument {
  entry: string;
  document: OpenApiDocument;
  /** Every file the entry's $refs reach, entry first. */
  files: string[];
  /** Kept so lint and source locations reuse the parsed files instead of reading them again. */
  resolver: BaseResolver;
  config: Config;
  /** Problems found while bundling that did not stop it (warnings). */
  diagnostics: Diagnostic[];
}

/** `redocly.yaml` beside the document if there is one, else Redocly's recommended rules. */
export async function loadLintConfig(entry: string, configPath?: string): Promise<Config> {
  const candidate = configPath ?? join(dirname(entry), 'redocly.yaml');
  if (existsSync(candidate)) return loadConfig({ configPath: candidate });
  return createConfig({ extends: ['recommended'] });
}

export async function loadDocument(specPath: string, configPath?: string): Promise<LoadedDocument> {
  const entry = resolve(specPath);
  if (!existsSync(entry)) {
    throw new DiagnosticsError(`Cannot read ${specPath}`, [
      { severity: 'error', rule: 'file-not-found', message: `No such file: ${specPath}`, file: entry, line: 1, col: 1 },
    ]);
  }
  const config = await loadLintConfig(entry, configPath);
  const resolver = new BaseResolver();
  let result;
  try {
    result = await bundle({ ref: entry, config, externalRefResolver: resolver });
  } catch (error) {
    throw new DiagnosticsError(`Cannot parse ${specPath}`, [thrownToDiagnostic(error, entry)]);
  }
  const diagnostics = bundleDiagnostics(result.problems as RedoclyProblem[]);
  // A document with unresolved references or unparsable files cannot be rendered faithfully.
  const fatal = diagnostics.filter((d) => d.severity === 'error');
  if (fatal.length > 0) throw new DiagnosticsError(`Cannot resolve ${specPath}`, fatal);
  const document = result.bundle.parsed as OpenApiDocument;
  if (!document || typeof document !== 'object' || typeof document.openapi !== 'string' || !/^3\.[01]\./.test(document.openapi)) {
    throw new DiagnosticsError(`Not an OpenAPI 3.0/3.1 document: ${specPath}`, [
      {
        severity: 'error',
        rule: 'openapi-version',
        message: `Expected \`openapi: 3.0.x\` or \`3.1.x\`, found ${JSON.stringify(document?.openapi ?? document?.swagger ?? null)}`,
        file: entry,
        line: 1,
        col: 1,
      },
    ]);
  }
  const files = [entry, ...[...result.fileDependencies].map((f) => resolve(f)).filter((f) => f !== entry)];
  return { entry, document, files, resolver, config, diagnostics };
}

/**
 * A referenced file that does not parse comes back twice: as "Failed to parse" in that file and
 * as an unresolved `$ref` where it is referenced. The parse error is the one to fix; the `$ref`
 * resolves once it is, so only the parse error is reported, at its own line and column.
 */
function bundleDiagnostics(problems: RedoclyProblem[]): Diagnostic[] {
  const unparsable = new Map<string, Diagnostic>();
  for (const problem of problems) {
    const source = problem.location[0]?.source as { absoluteRef: string; body?: string } | undefined;
    if (problem.ruleId !== 'bundler' || !problem.message.startsWith('Failed to parse') || !source) continue;
    const file = resolve(source.absoluteRef);
    if (unparsable.has(file)) continue;
    const { line, col, message } = problemToDiagnostic(problem);
    const body = source.body ?? readText(file);
    const reason = message.replace(/^Failed to parse: /, '').replace(/ in "[^"]*" \(\d+:\d+\)$/, '');
    unparsable.set(
      file,
      body === undefined
        ? { severity: 'error', rule: 'yaml-syntax', message: reason, file, line, col }
        : yamlSyntaxDiagnostic(file, body, { message: reason, line, col }),
    );
  }
  const files = [...unparsable.keys()];
  const rest = problems
    .filter((p) => !(p.ruleId === 'bundler' && p.message.startsWith('Failed to parse')))
    .filter((p) => !(/resolve \$ref/i.test(p.message) && files.some((file) => p.message.includes(`"${file}"`))))
    .map(problemToDiagnostic);
  return [...unparsable.values(), ...rest];
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

function thrownToDiagnostic(error: unknown, entry: string): Diagnostic {
  const e = error as { name?: string; message?: string; line?: number; col?: number; source?: { absoluteRef?: string; body?: string } };
  if (e?.name === 'YamlParseError' || typeof e?.line === 'number') {
    const message = String(e.message ?? 'Invalid YAML').replace(/ in "[^"]*" \(\d+:\d+\)$/, '');
    const file = e.source?.absoluteRef ? resolve(e.source.absoluteRef) : entry;
    const fallback = { message, line: e.line || 1, col: e.col || 1 };
    const body = e.source?.body ?? readText(file);
    return body === undefined ? { severity: 'error', rule: 'yaml-syntax', file, ...fallback } : yamlSyntaxDiagnostic(file, body, fallback);
  }
  return { severity: 'error', rule: 'load', message: String(e?.message ?? error), file: entry, line: 1, col: 1 };
}
