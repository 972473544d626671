// The earlier versions of a description kept in git: the tags whose tree holds the entry file.
// git runs through the project's one runner (scripts/infra/git.ts): a tag is never a command nor an option.
import semver from 'semver';
import { gitEntry } from '../../diff/base.ts';
import { git, gitText, refProblem } from '../../infra/git.ts';

export interface TaggedVersion {
  /** The tag's name, e.g. `v1.1.0`. */
  ref: string;
  /** When it was made (RFC 3339): the tag's date, or its commit's for a lightweight tag. */
  date: string;
}

/** Semver order where every tag parses as a version (`v1.2.0` included), else by date; oldest first. */
export function sortTags(tags: TaggedVersion[]): TaggedVersion[] {
  const all = tags.every((t) => semver.valid(semver.clean(t.ref) ?? '') !== null);
  const byDate = (a: TaggedVersion, b: TaggedVersion) => Date.parse(a.date) - Date.parse(b.date) || a.ref.localeCompare(b.ref);
  if (!all) return [...tags].sort(byDate);
  return [...tags].sort((a, b) => semver.compare(semver.clean(a.ref)!, semver.clean(b.ref)!) || byDate(a, b));
}

/** Tags reachable from HEAD whose tree holds the description's entry file, oldest first; empty outside git or without such tags. */
export async function descriptionTags(spec: string): Promise<TaggedVersion[]> {
  const entry = await gitEntry(spec);
  if (!entry) return [];
  // Only tags in the checked-out commit's history: an old checkout is not compared with its future.
  const listed = await gitText(entry.top, { args: ['for-each-ref', '--merged', 'HEAD', '--format=%(refname:short)%09%(creatordate:iso-strict)', 'refs/tags'] });
  if (!listed) return [];
  const tags: TaggedVersion[] = [];
  for (const line of listed.split('\n')) {
    const [ref, date] = line.split('\t');
    if (!ref || !date) continue;
    // git refuses to create a tag named with a leading `-`, but a repository is not ours to trust.
    if (refProblem(ref)) continue;
    if ((await git(entry.top, { args: ['cat-file', '-e'], revisions: [`${ref}:${entry.path}`] })) !== null) tags.push({ ref, date });
  }
  return sortTags(tags);
}

/** The date of a ref (a tag, a branch, a commit) in RFC 3339, or undefined when git does not know it. */
export async function refDate(spec: string, ref: string): Promise<string | undefined> {
  const entry = await gitEntry(spec);
  if (!entry || refProblem(ref)) return undefined;
  const out = await gitText(entry.top, { args: ['log', '-1', '--format=%cI'], revisions: [ref], paths: [] });
  return out?.trim() || undefined;
}
