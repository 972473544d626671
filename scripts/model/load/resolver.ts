// The one resolver every reader of a description goes through (bundle, lint, lint's config, the
// locator): Redocly's BaseResolver, with the rules of access.ts on every file it loads and the
// alias bound of yaml-aliases.ts on every file it parses. What it refused is kept, so problems
// can name the rule that was broken instead of a bare "Can't resolve $ref".
import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BaseResolver, ResolveError, Source, type Document } from '@redocly/openapi-core';
import { isInside, readLocalFile, readRemote, Refusal, remoteOrigin, type DescriptionAccess } from './access.ts';
import { nestedDeeperThan } from './expansion.ts';
import { digestOf, parsedText } from './file-cache.ts';
import { aliasProblem, firstAlias } from './yaml-aliases.ts';

const URL_LIKE = /^[a-z][a-z0-9+.-]+:/i;
const HTTP = /^https?:\/\//i;
const JSON_FILE = /\.json$/i;
const JSON_TEXT = /^\s*[[{]/;

export interface ResolverOptions {
  /**
   * Parse `.json` files with JSON.parse, several times faster than the YAML parser on a large file.
   * It lets a duplicate key through (the last one wins), which the YAML parser refuses: only for a
   * build whose document is also checked strictly (the preview's, checked after it shows).
   */
  quickJson?: boolean;
}

/** A text as loaded: what Redocly's Source is made of, and its hash. */
interface Loaded {
  body: string;
  digest: string;
  mimeType?: string;
}

export class DescriptionResolver extends BaseResolver {
  /** Real path of the folder local files must be in. */
  readonly root: string;
  /** The same folder as the command named it (it may be reached through a symlink). */
  private readonly lexicalRoot: string;
  private readonly origins: ReadonlySet<string>;
  /** Real paths of files outside the root that may be read too (the project's config, extended by a fixture's). */
  private readonly alsoAllowed: ReadonlySet<string>;
  /** Reads refused, by what was asked for (an absolute path or a URL). */
  readonly refusals = new Map<string, Refusal>();
  /** Local files read, in the order they were read. */
  readonly read: string[] = [];
  /** sha1 of every text loaded (local or remote), by what was asked for: what the document is made of. */
  readonly digests = new Map<string, string>();
  private readonly options: ResolverOptions;
  /** Texts loaded, by what was asked for. */
  private readonly texts = new Map<string, Loaded>();
  /** Texts a resolver this one was made `fresh` from loaded: the same again, not the file as it may be by now. */
  private readonly earlier: ReadonlyMap<string, Loaded>;

  private constructor(
    root: string,
    lexicalRoot: string,
    origins: ReadonlySet<string>,
    alsoAllowed: ReadonlySet<string>,
    options: ResolverOptions,
    earlier: ReadonlyMap<string, Loaded> = new Map(),
  ) {
    super();
    this.root = root;
    this.lexicalRoot = lexicalRoot;
    this.origins = origins;
    this.alsoAllowed = alsoAllowed;
    this.options = options;
    this.earlier = earlier;
  }

  /** A resolver for the description whose entry file is `entry`. */
  static async create(entry: string, access: DescriptionAccess = {}, options: ResolverOptions = {}): Promise<DescriptionResolver> {
    const lexicalRoot = resolve(access.root ?? dirname(resolve(entry)));
    return new DescriptionResolver(await realpath(lexicalRoot), lexicalRoot, new Set((access.allowRemote ?? []).map(remoteOrigin)), new Set(), options);
  }

  /**
   * A fresh resolver under the same rules (lint must see the files as written, not as the bundler left them). What
   * this one loaded it loads as this one did, so lint checks the very texts bundled, even if a file was saved since.
   */
  fresh(alsoAllowed: ReadonlySet<string> = this.alsoAllowed): DescriptionResolver {
    // Under other allowances (a config's own files) nothing is taken over: each read is checked under its own rules.
    const earlier = alsoAllowed === this.alsoAllowed ? this.texts : new Map<string, Loaded>();
    return new DescriptionResolver(this.root, this.lexicalRoot, this.origins, alsoAllowed, this.options, earlier);
  }

  /**
   * The text of a config this description is linted with, read under the description's rules (symlinks
   * judged by where they lead, credential files refused): inside its root, or for a config outside it (a
   * diff's base copy is linted with its working copy's config) inside that config's own folder.
   */
  async readConfig(file: string): Promise<string> {
    if (isInside(this.lexicalRoot, file) || isInside(this.root, file)) return readLocalFile(file, this.root, { lexicalRoot: this.lexicalRoot });
    return readLocalFile(file, await realpath(dirname(file)), { lexicalRoot: dirname(file) });
  }

  private loaded(absoluteRef: string, text: Loaded): Source {
    this.texts.set(absoluteRef, text);
    this.digests.set(absoluteRef, text.digest);
    return new Source(absoluteRef, text.body, text.mimeType);
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    // `file:`, `data:` and other schemes are kept as written, and refused when loaded.
    if (URL_LIKE.test(ref) && !HTTP.test(ref)) return ref;
    return super.resolveExternalRef(base, ref);
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    const again = this.earlier.get(absoluteRef);
    if (again) {
      if (!HTTP.test(absoluteRef)) this.read.push(absoluteRef);
      return this.loaded(absoluteRef, again);
    }
    try {
      if (HTTP.test(absoluteRef)) {
        const { body, mimeType } = await readRemote(absoluteRef, this.origins);
        return this.loaded(absoluteRef, { body, digest: digestOf(absoluteRef, body), ...(mimeType ? { mimeType } : {}) });
      }
      if (URL_LIKE.test(absoluteRef)) {
        throw new Refusal(
          'ref-scheme-not-allowed',
          absoluteRef,
          `${absoluteRef} was not read: a description reaches files by relative path, and other documents by http(s) URL`,
        );
      }
      // A file unchanged since this thread last read it is not read again (file-cache.ts), after the same checks.
      const body = await readLocalFile(absoluteRef, this.root, { alsoAllowed: this.alsoAllowed, lexicalRoot: this.lexicalRoot, reuse: true });
      this.read.push(absoluteRef);
      // As Redocly's own resolver: Windows line ends would shift every column.
      return this.loaded(absoluteRef, { body: body.replace(/\r\n/g, '\n'), digest: digestOf(absoluteRef, body) });
    } catch (error) {
      if (error instanceof Refusal) {
        this.refusals.set(absoluteRef, error);
        throw error;
      }
      // Worded as Redocly's own resolver words a missing file (a timeout's message cannot be rewritten in place).
      throw new ResolveError(new Error(String((error as Error)?.message ?? error).replace(/, (lstat|realpath|open)/, '')));
    }
  }

  override parseDocument(source: Source, isRoot = false): Document {
    const quick = this.options.quickJson === true && JSON_FILE.test(source.absoluteRef) && JSON_TEXT.test(source.body);
    // A text parsed before in this thread is copied instead of parsed again (file-cache.ts); only a text
    // that passed the alias bound is kept.
    const key = `${quick ? 'json' : 'yaml'}:${isRoot ? 'root' : 'ref'}:${source.absoluteRef}`;
    const parsed = parsedText(key, source.body, () => {
      const json = quick ? quickParse(source) : undefined;
      const tree = json ?? super.parseDocument(source, isRoot).parsed;
      const problem = aliasProblem(source.body, tree);
      if (problem) {
        const refusal = new Refusal('yaml-aliases', source.absoluteRef, problem, { file: source.absoluteRef, ...firstAlias(source.body) });
        this.refusals.set(source.absoluteRef, refusal);
        throw refusal;
      }
      return tree;
    });
    return { source, parsed };
  }
}

/**
 * JSON.parse, or undefined for a text it refuses (the YAML parser then reports where it breaks, or reads it) and for
 * one nested nearly as deep as the YAML parser allows (about 100 levels), which it then reads or refuses at its place.
 */
function quickParse(source: Source): unknown {
  try {
    const tree: unknown = JSON.parse(source.body);
    return nestedDeeperThan(tree, YAML_DEPTH_MARGIN) ? undefined : tree;
  } catch {
    return undefined;
  }
}

/** Below the YAML parser's own bound on nesting (js-yaml's maxDepth, 100, counted a little differently for flow maps). */
const YAML_DEPTH_MARGIN = 90;
