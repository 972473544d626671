// Load: read the entry file and every file its $refs reach, with Redocly's
// resolver (it handles 3.0 and 3.1, including refs inside schemas with `$id`,
// where swagger-parser gives up), and bundle them into one document whose
// remaining $refs are internal. Every read goes through the description's
// resolver (resolver.ts): files inside its root, remote origins allowed by name.
import { existsSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { bundle, parseYaml, type Config } from '@redocly/openapi-core';
import { DiagnosticsError, type Diagnostic } from '../../diagnostics.ts';
import { isInside, Refusal, type DescriptionAccess } from './access.ts';
import { loadDescriptionConfig, PROJECT_CONFIG, type ConfigChoice } from './config.ts';
import { problemToDiagnostic, type RedoclyProblem } from './problems.ts';
import { locateOverrun } from './expansion.ts';
import { WORK_LIMITS } from '../limits.ts';
import { refusalDiagnostic } from './refusals.ts';
import { DescriptionResolver, type ResolverOptions } from './resolver.ts';
import { selfContained } from './self-contained.ts';
import { depthMessage, depthProblem, measureDocument, type DocumentMeasure } from './document-cost.ts';
import { createLocator } from './locate.ts';
import { yamlSyntaxDiagnostic } from './yaml-syntax.ts';

export type { OpenApiDocument } from '../document/document.ts';
import type { OpenApiDocument } from '../document/document.ts';

/** What a description may read (--root, --allow-remote) and which config checks it (--config). */
export interface LoadOptions extends DescriptionAccess, ConfigChoice {
  /** Check the config's own keys and values too (when linting). */
  checkConfig?: boolean;
  /**
   * The quick load, for a model something waits for (the preview's page, the build's site), whose checks load the
   * description again as every other command loads it: JSON read with JSON.parse (ResolverOptions.quickJson; a
   * duplicated key is then JSON's, the last one counts, where the YAML parser refuses it), and one file referring
   * only to itself taken as its own bundle without Redocly's bundler (self-contained.ts).
   */
  firstPass?: boolean;
}

export interface LoadedDocument {
  entry: string;
  document: OpenApiDocument;
  /** Every local file the entry's $refs reach, entry first. */
  files: string[];
  /** Kept so lint and source locations reuse the parsed files instead of reading them again. */
  resolver: DescriptionResolver;
  config: Config;
  /** The Redocly config file in use, if any. */
  configFile?: string;
  /** Problems found while bundling that did not stop it (warnings), and the config's. */
  diagnostics: Diagnostic[];
  /**
   * What the document is made of, in one hash: every file's text, the config's files, what the
   * description may read. Two loads with the same key lint the same (the preview keeps lint results by it).
   */
  contentKey: string;
  /** Its size and depth with references expanded (document-cost.ts), within WORK_LIMITS.depth. */
  measure: DocumentMeasure;
}

const at = (file: string) => ({ file, line: 1, col: 1 });

/** The resolver for a description, or the reason there cannot be one (a root that is no folder, an origin that is no URL). */
export async function createResolver(entry: string, access: DescriptionAccess, options: ResolverOptions = {}): Promise<DescriptionResolver> {
  let resolver: DescriptionResolver;
  try {
    resolver = await DescriptionResolver.create(entry, access, options);
  } catch (error) {
    const message = (error as NodeJS.ErrnoException).code === 'ENOENT' ? `--root ${access.root}: no such folder` : (error as Error).message;
    throw new DiagnosticsError(message, [{ severity: 'error', rule: 'access', message, ...at(entry) }]);
  }
  if (!isInside(resolver.root, await realpath(entry))) {
    const message = `The description ${entry} is outside its root ${resolver.root}: name a --root that contains it`;
    throw new DiagnosticsError(message, [{ severity: 'error', rule: 'ref-outside-root', message, ...at(entry) }]);
  }
  return resolver;
}

export async function loadDocument(specPath: string, options: LoadOptions = {}): Promise<LoadedDocument> {
  const entry = resolve(specPath);
  if (!existsSync(entry)) {
    throw new DiagnosticsError(`Cannot read ${specPath}`, [{ severity: 'error', rule: 'file-not-found', message: `No such file: ${specPath}`, ...at(entry) }]);
  }
  const resolver = await createResolver(entry, options, { quickJson: options.firstPass === true });
  const loadedConfig = await loadDescriptionConfig(entry, options, resolver, { checkStructure: options.checkConfig === true });
  const { config } = loadedConfig;
  let parsed: unknown;
  let problems: RedoclyProblem[];
  try {
    const root = await resolver.resolveDocument(null, entry, true);
    if (root instanceof Error) throw root;
    // One file referring only to itself is its own bundle (self-contained.ts); anything else is bundled.
    const alone = options.firstPass ? selfContained(root, config)?.document : undefined;
    const result = alone ? undefined : await bundle({ ref: entry, config, externalRefResolver: resolver });
    parsed = alone ?? result?.bundle.parsed;
    problems = (result?.problems ?? []) as RedoclyProblem[];
  } catch (error) {
    if (isStackOverflow(error)) throw new DiagnosticsError(`Too deep: ${specPath}`, [...loadedConfig.diagnostics, await tooDeep(entry, resolver)]);
    throw new DiagnosticsError(`Cannot parse ${specPath}`, [...loadedConfig.diagnostics, thrownToDiagnostic(error, entry)]);
  }
  const bundled = bundleDiagnostics(problems, resolver);
  // A document with unresolved references or unparsable files cannot be rendered faithfully.
  const fatal = bundled.filter((d) => d.severity === 'error');
  if (fatal.length > 0) throw new DiagnosticsError(`Cannot resolve ${specPath}`, [...loadedConfig.diagnostics, ...fatal]);
  const diagnostics = [...loadedConfig.diagnostics, ...bundled];
  const head = parsed as { openapi?: unknown; swagger?: unknown } | null;
  if (!head || typeof head !== 'object' || typeof head.openapi !== 'string' || !/^3\.[01]\./.test(head.openapi)) {
    throw new DiagnosticsError(`Not an OpenAPI 3.0/3.1 document: ${specPath}`, [
      {
        severity: 'error',
        rule: 'openapi-version',
        message: `Expected \`openapi: 3.0.x\` or \`3.1.x\`, found ${JSON.stringify(head?.openapi ?? head?.swagger ?? null)}`,
        ...at(entry),
      },
    ]);
  }
  const document = parsed as OpenApiDocument;
  const files = [...new Set([entry, ...resolver.read.map((f) => resolve(f))])];
  const contentKey = keyOf(entry, resolver, loadedConfig.file, options);
  const measure = measureDocument(document);
  const loaded = {
    entry,
    document,
    files,
    resolver,
    config,
    ...(loadedConfig.file ? { configFile: loadedConfig.file } : {}),
    diagnostics,
    contentKey,
    measure,
  };
  // Nested past WORK_LIMITS.depth through its references: refused here, before any walk (ours, Redocly's, ajv's) recurses into it.
  if (measure.depth > WORK_LIMITS.depth) {
    const problem = depthProblem(measure, await createLocator(loaded));
    if (problem) throw new DiagnosticsError(`Too deep: ${specPath}`, [...loadedConfig.diagnostics, problem]);
  }
  return loaded;
}

function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/**
 * Where the bundler ran out of stack: the entry's own tree measured (expansion.ts, no recursion), the place its
 * references pass WORK_LIMITS.depth; the entry itself when the chain runs through other files.
 */
async function tooDeep(entry: string, resolver: DescriptionResolver): Promise<Diagnostic> {
  const root = await resolver.resolveDocument(null, entry, true);
  if (!(root instanceof Error)) {
    // The bundler rewrote the tree it was given: a fresh parse of the same text.
    const measure = measureDocument(parseYaml(root.source.body));
    const overrun = locateOverrun(measure, 'depth', WORK_LIMITS.depth);
    if (overrun) {
      const pointer = overrun.reference?.pointer ?? overrun.pointer;
      return problemToDiagnostic({
        ruleId: 'document-too-deep',
        severity: 'error',
        message: depthMessage(measure.depth, overrun.reference ? 'reference' : 'here'),
        location: [{ source: root.source, pointer }],
      });
    }
  }
  return { severity: 'error', rule: 'document-too-deep', message: depthMessage(undefined, 'files'), ...at(entry) };
}

/** A file's identity and times, as the key of what a load read names a config file. */
function fileStamp(file: string): string {
  try {
    const info = statSync(file);
    return `${file}:${info.ino}:${info.size}:${info.mtimeMs}:${info.ctimeMs}`;
  } catch {
    return `${file}:-`;
  }
}

/** The hash of what a load read (texts by their sha1, the config's files by their identity and times) and may read. */
function keyOf(entry: string, resolver: DescriptionResolver, configFile: string | undefined, options: LoadOptions): string {
  const configFiles = configFile ? [configFile, join(dirname(configFile), '.redocly.lint-ignore.yaml'), PROJECT_CONFIG] : [PROJECT_CONFIG];
  const reach = { root: options.root, allowRemote: options.allowRemote, configPath: options.configPath, configExplicit: options.configExplicit };
  const parts = [entry, JSON.stringify(reach), ...configFiles.map(fileStamp), ...[...resolver.digests].map(([file, digest]) => `${file}=${digest}`).sort()];
  return createHash('sha1').update(parts.join('\n')).digest('hex');
}

/**
 * A referenced file that does not parse comes back twice: as "Failed to parse" in that file and
 * as an unresolved `$ref` where it is referenced. The parse error is the one to fix; the `$ref`
 * resolves once it is, so only the parse error is reported, at its own line and column.
 * A refused read is reported under the rule it broke (refusals.ts).
 */
function bundleDiagnostics(problems: RedoclyProblem[], resolver: DescriptionResolver): Diagnostic[] {
  const unparsable = new Map<string, Diagnostic>();
  for (const problem of problems) {
    const source = problem.location[0]?.source as { absoluteRef: string; body?: string } | undefined;
    if (problem.ruleId !== 'bundler' || !problem.message.startsWith('Failed to parse') || !source) continue;
    const file = resolve(source.absoluteRef);
    if (unparsable.has(file)) continue;
    const { line, col, message } = problemToDiagnostic(problem);
    const reason = message.replace(/^Failed to parse: /, '').replace(/ in "[^"]*" \(\d+:\d+\)$/, '');
    unparsable.set(
      file,
      source.body === undefined
        ? { severity: 'error', rule: 'yaml-syntax', message: reason, file, line, col }
        : yamlSyntaxDiagnostic(file, source.body, { message: reason, line, col }),
    );
  }
  const files = [...unparsable.keys()];
  return problems
    .filter((p) => !(p.ruleId === 'bundler' && p.message.startsWith('Failed to parse')))
    .filter((p) => !(/resolve \$ref/i.test(p.message) && files.some((file) => p.message.includes(`"${file}"`))))
    .map((p) => refusalDiagnostic(p, resolver.refusals) ?? problemToDiagnostic(p))
    .concat([...unparsable.values()]);
}

function thrownToDiagnostic(error: unknown, entry: string): Diagnostic {
  if (error instanceof Refusal) return { severity: 'error', rule: error.rule, message: error.message, ...(error.at ?? at(entry)) };
  const e = error as { name?: string; message?: string; line?: number; col?: number; source?: { absoluteRef?: string; body?: string } };
  if (e?.name === 'YamlParseError' || typeof e?.line === 'number') {
    const message = String(e.message ?? 'Invalid YAML').replace(/ in "[^"]*" \(\d+:\d+\)$/, '');
    const file = e.source?.absoluteRef ? resolve(e.source.absoluteRef) : entry;
    const fallback = { message, line: e.line || 1, col: e.col || 1 };
    const body = e.source?.body;
    return body === undefined ? { severity: 'error', rule: 'yaml-syntax', file, ...fallback } : yamlSyntaxDiagnostic(file, body, fallback);
  }
  const original = (error as { originalError?: Error })?.originalError;
  return { severity: 'error', rule: 'load', message: String(original?.message ?? e?.message ?? error), ...at(entry) };
}
