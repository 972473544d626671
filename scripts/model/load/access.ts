// What a description may read: local files inside its root (the entry's folder, or the folder
// named with --root), regular files only, up to MAX_FILE_BYTES each; remote documents only from
// the origins named with --allow-remote. A read that breaks a rule is refused before anything is
// opened or fetched, with the rule it broke.
import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, relative, sep } from 'node:path';
import { knownText, rememberText } from './file-cache.ts';
import { MAX_FILE_BYTES, REMOTE_MAX_REDIRECTS, REMOTE_TIMEOUT_MS } from '../limits.ts';

export interface DescriptionAccess {
  /** Every local file must be inside this folder (default: the entry's folder). */
  root?: string;
  /** Origins (`https://schemas.example.com`) whose documents may be fetched; none by default. */
  allowRemote?: readonly string[];
}

export type RefusalRule =
  | 'ref-outside-root'
  | 'ref-not-a-file'
  | 'ref-credential-file'
  | 'ref-remote-not-allowed'
  | 'ref-scheme-not-allowed'
  | 'file-too-large'
  | 'yaml-aliases';

/** A read the rules do not allow; `at` is set when the problem has its own place (an alias in a file). */
export class Refusal extends Error {
  readonly rule: RefusalRule;
  /** What was asked for: an absolute path or a URL. */
  readonly target: string;
  readonly at?: { file: string; line: number; col: number };
  constructor(rule: RefusalRule, target: string, message: string, at?: { file: string; line: number; col: number }) {
    super(message);
    this.name = 'Refusal';
    this.rule = rule;
    this.target = target;
    if (at) this.at = at;
  }
}

/** `https://host:port` for an http(s) URL; throws with a message for anything else. */
export function remoteOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`--allow-remote takes an origin such as https://schemas.example.com, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`--allow-remote takes an http or https origin, got "${text}"`);
  return url.origin;
}

export function isInside(root: string, file: string): boolean {
  const rel = relative(root, file);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

const mib = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;
const tooLarge = (target: string, shown: string) =>
  new Refusal('file-too-large', target, `${shown} is larger than ${mib(MAX_FILE_BYTES)}, the most a description file may be: nothing was read`);

// Kernel-made files (/proc/self/environ, /dev/stdin, /sys/…) are never part of a description, whatever the root.
const SYSTEM = /^\/(proc|sys|dev)(\/|$)/;

// Where credentials live, refused even inside the root: a description at a repository's top could
// otherwise publish the token a CI checkout keeps in `.git/config`. Folders anywhere on the path (inside the
// root), then file names, in any case.
const CREDENTIAL_FOLDERS = new Set(['.git', '.ssh', '.gnupg', '.aws', '.azure', '.kube', '.docker', '.password-store', '.terraform.d']);
const CREDENTIAL_PAIRS = new Set(['.config/gcloud', '.config/gh', '.config/hub', '.composer/auth.json']);
const CREDENTIAL_FILE =
  /^(\.env(\..*)?|\.envrc|\.npmrc|\.yarnrc(\.yml)?|\.pypirc|\.netrc|_netrc|\.pgpass|\.my\.cnf|\.git-credentials|\.gitconfig|\.htpasswd|\.boto|\.s3cfg|\.dockercfg|\.vault-token|\.terraformrc|terraform\.tfstate(\..*)?|id_(rsa|dsa|ecdsa|ed25519)(_sk)?(\..*)?|.*\.(pem|key|p12|pfx|jks|keystore|kdbx))$/i;

/** Why `relativePath` (inside the root, `/`- or platform-separated) may hold credentials, or undefined when it does not. */
export function credentialFile(relativePath: string): string | undefined {
  const names = relativePath.split(/[\\/]/).filter((name) => name !== '' && name !== '.');
  const lower = names.map((name) => name.toLowerCase());
  const folder = lower.findIndex((name, i) => CREDENTIAL_FOLDERS.has(name) || (i + 1 < lower.length && CREDENTIAL_PAIRS.has(`${name}/${lower[i + 1]}`)));
  if (folder >= 0) {
    const named = CREDENTIAL_FOLDERS.has(lower[folder]!) ? names[folder] : `${names[folder]}/${names[folder + 1]}`;
    return `in ${named}, where credentials are kept`;
  }
  const last = names.at(-1) ?? '';
  return CREDENTIAL_FILE.test(last) ? `named like a file that holds credentials (${last})` : undefined;
}

function credentialRefusal(path: string, shown: string, why: string): Refusal {
  return new Refusal('ref-credential-file', path, `${shown} is ${why}: a description never reads it, even inside its root`);
}

function kind(stats: { isDirectory(): boolean; isFIFO(): boolean; isSocket(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean }): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

/**
 * The text of a regular file inside `root` (a real path). Symlinks are followed only to see where
 * they lead: the file they reach must be inside the root too. Opened without blocking, so a named
 * pipe that slipped in between the checks is seen for what it is instead of waiting for a writer.
 */
export async function readLocalFile(
  path: string,
  root: string,
  options: { shown?: string; alsoAllowed?: ReadonlySet<string>; lexicalRoot?: string; reuse?: boolean } = {},
): Promise<string> {
  const shown = options.shown ?? path;
  // Outside the root as written: refused before the file system is asked anything about it, not even whether it exists.
  // (The root as written and as it really is: a description reached through a symlinked folder is inside both.)
  const written = isInside(root, path) || (options.lexicalRoot !== undefined && isInside(options.lexicalRoot, path)) || options.alsoAllowed?.has(path) === true;
  if (!written) {
    throw new Refusal('ref-outside-root', path, `${shown} is outside the description's root ${root}, so it was not read (name a wider root with --root <dir>)`);
  }
  // Named as a credential file (whatever it leads to), or leading to one: refused before it is opened.
  const asWritten = isInside(root, path) ? relative(root, path) : options.lexicalRoot !== undefined ? relative(options.lexicalRoot, path) : undefined;
  const namedSecret = asWritten === undefined || options.alsoAllowed?.has(path) ? undefined : credentialFile(asWritten);
  if (namedSecret) throw credentialRefusal(path, shown, namedSecret);
  const real = await realpath(path);
  const allowed = isInside(root, real) || options.alsoAllowed?.has(real) === true;
  if (!allowed || SYSTEM.test(real)) {
    const where = real === path ? shown : `${shown} leads to ${real}, which`;
    throw allowed
      ? new Refusal('ref-not-a-file', path, `${shown} is a system file (${real}): it was not read`)
      : new Refusal('ref-outside-root', path, `${where} is outside the description's root ${root}, so it was not read (name a wider root with --root <dir>)`);
  }
  const leadsToSecret = options.alsoAllowed?.has(real) ? undefined : credentialFile(relative(root, real));
  if (leadsToSecret) throw credentialRefusal(path, real === path ? shown : `${shown} leads to ${real}, which`, leadsToSecret);
  const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Refusal('ref-not-a-file', path, `${shown} is ${kind(stats)}, not a file: it was not read`);
    if (stats.size > MAX_FILE_BYTES) throw tooLarge(path, shown);
    // Every check above ran on the file opened now; only its reading is spared when it is the one read last time.
    const known = options.reuse ? knownText(real, stats) : undefined;
    if (known !== undefined) return known;
    // Read to the end rather than trusting the size (a file may grow), but never past the limit: into
    // one buffer of the size announced, grown only for a file that is still being written.
    let buffer = Buffer.allocUnsafe(stats.size + 1);
    let total = 0;
    for (;;) {
      if (total === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(Math.min(buffer.length, MAX_FILE_BYTES + 1 - total))]);
      const { bytesRead } = await handle.read(buffer, total, buffer.length - total, null);
      if (bytesRead === 0) break;
      total += bytesRead;
      if (total > MAX_FILE_BYTES) throw tooLarge(path, shown);
    }
    const text = buffer.toString('utf8', 0, total);
    if (options.reuse) rememberText(real, stats, text);
    return text;
  } finally {
    await handle.close();
  }
}

/** A document from an allowed origin; redirects are followed only while they stay on allowed origins. */
export async function readRemote(url: string, origins: ReadonlySet<string>): Promise<{ body: string; mimeType: string | null }> {
  let current = new URL(url);
  for (let hops = 0; ; hops++) {
    if (!origins.has(current.origin)) {
      const via = current.href === url ? '' : ` (redirected to ${current.href})`;
      throw new Refusal(
        'ref-remote-not-allowed',
        url,
        `${url}${via} was not fetched: remote references are off for ${current.origin} (allow it with --allow-remote ${current.origin})`,
      );
    }
    const response = await fetch(current, { redirect: 'manual', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hops >= REMOTE_MAX_REDIRECTS) throw new Error(`${url} redirects more than ${REMOTE_MAX_REDIRECTS} times`);
      current = new URL(location, current);
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`Failed to load ${url}: ${response.status} ${response.statusText}`);
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_FILE_BYTES) {
      await response.body?.cancel();
      throw tooLarge(url, url);
    }
    const chunks: Uint8Array[] = [];
    let total = 0;
    for await (const chunk of response.body ?? []) {
      total += chunk.byteLength;
      if (total > MAX_FILE_BYTES) throw tooLarge(url, url);
      chunks.push(chunk);
    }
    return { body: Buffer.concat(chunks, total).toString('utf8'), mimeType: response.headers.get('content-type') };
  }
}
