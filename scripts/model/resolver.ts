// The one resolver every reader of a description goes through (bundle, lint, lint's config, the
// locator): Redocly's BaseResolver, with the rules of access.ts on every file it loads and the
// alias bound of yaml-aliases.ts on every file it parses. What it refused is kept, so problems
// can name the rule that was broken instead of a bare "Can't resolve $ref".
import { realpath } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { BaseResolver, ResolveError, Source, type Document } from '@redocly/openapi-core';
import { readLocalFile, readRemote, Refusal, remoteOrigin, type DescriptionAccess } from './access.ts';
import { aliasProblem, firstAlias } from './yaml-aliases.ts';

const URL_LIKE = /^[a-z][a-z0-9+.-]+:/i;
const HTTP = /^https?:\/\//i;

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

  private constructor(root: string, lexicalRoot: string, origins: ReadonlySet<string>, alsoAllowed: ReadonlySet<string> = new Set()) {
    super();
    this.root = root;
    this.lexicalRoot = lexicalRoot;
    this.origins = origins;
    this.alsoAllowed = alsoAllowed;
  }

  /** A resolver for the description whose entry file is `entry`. */
  static async create(entry: string, access: DescriptionAccess = {}): Promise<DescriptionResolver> {
    const lexicalRoot = resolve(access.root ?? dirname(resolve(entry)));
    return new DescriptionResolver(await realpath(lexicalRoot), lexicalRoot, new Set((access.allowRemote ?? []).map(remoteOrigin)));
  }

  /** A fresh resolver under the same rules (lint must see the files as written, not as the bundler left them). */
  fresh(alsoAllowed: ReadonlySet<string> = this.alsoAllowed): DescriptionResolver {
    return new DescriptionResolver(this.root, this.lexicalRoot, this.origins, alsoAllowed);
  }

  override resolveExternalRef(base: string | null, ref: string): string {
    // `file:`, `data:` and other schemes are kept as written, and refused when loaded.
    if (URL_LIKE.test(ref) && !HTTP.test(ref)) return ref;
    return super.resolveExternalRef(base, ref);
  }

  override async loadExternalRef(absoluteRef: string): Promise<Source> {
    try {
      if (HTTP.test(absoluteRef)) {
        const { body, mimeType } = await readRemote(absoluteRef, this.origins);
        return new Source(absoluteRef, body, mimeType ?? undefined);
      }
      if (URL_LIKE.test(absoluteRef)) {
        throw new Refusal(
          'ref-scheme-not-allowed',
          absoluteRef,
          `${absoluteRef} was not read: a description reaches files by relative path, and other documents by http(s) URL`,
        );
      }
      const body = await readLocalFile(absoluteRef, this.root, { alsoAllowed: this.alsoAllowed, lexicalRoot: this.lexicalRoot });
      this.read.push(absoluteRef);
      // As Redocly's own resolver: Windows line ends would shift every column.
      return new Source(absoluteRef, body.replace(/\r\n/g, '\n'));
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
    const document = super.parseDocument(source, isRoot);
    const problem = aliasProblem(source.body, document.parsed);
    if (problem) {
      const refusal = new Refusal('yaml-aliases', source.absoluteRef, problem, { file: source.absoluteRef, ...firstAlias(source.body) });
      this.refusals.set(source.absoluteRef, refusal);
      throw refusal;
    }
    return document;
  }
}
