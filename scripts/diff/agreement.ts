// `node scripts/diff/agreement.ts <oasdiff checkout> [--policies-off]`: how often the gate agrees with oasdiff on
// oasdiff's own test documents. Reads oasdiff's checker tests for the pairs of files they compare
// unchanged (no edits in code between loading and diffing, default options) and the checks each
// test expects, takes the highest of those checks' levels as oasdiff's documented level for the
// pair, compares the pair with the gate's defaults and prints both figures: breaking or not, and
// the exact level. The figures go in the README; oasdiff's files stay in its repository.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { buildModel } from '../model/index.ts';
import { OASDIFF, POLICIES, type PolicyName } from './catalogue.ts';
import { compareModels } from './compare.ts';
import type { ChangeLevel } from './types.ts';

type Level = ChangeLevel | 'none';
const RANK: Record<Level, number> = { none: 0, info: 1, warning: 2, breaking: 3 };

interface Pair {
  test: string;
  base: string;
  revision: string;
  /** oasdiff's level: the highest of the checks the test expects; `quiet` when the test runs only the checks at warning and above. */
  expected: Level;
  quiet: boolean;
  /** When the tests ran one check each (singleCheckConfig): the ids those checks report; only ours among them are compared. */
  only?: Set<string>;
}

/** Each of oasdiff's check functions and the ids it reports, from its rules (`newBackwardCompatibilityRule(Id, LEVEL, Check, …)`). */
function checkIds(checker: string, ids: Map<string, string>): Map<string, Set<string>> {
  const byCheck = new Map<string, Set<string>>();
  for (const m of readFileSync(join(checker, 'rules.go'), 'utf8').matchAll(/newBackwardCompatibilityRule\((\w+), \w+, (\w+),/g)) {
    const id = ids.get(m[1]!);
    if (!id) continue;
    const set = byCheck.get(m[2]!) ?? new Set<string>();
    set.add(id);
    byCheck.set(m[2]!, set);
  }
  return byCheck;
}

/** oasdiff's Go constants for its check ids (`RequestBodyRemovedId = "request-body-removed"`). */
function idConstants(checker: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const file of readdirSync(checker).filter((f) => f.endsWith('.go') && !f.endsWith('_test.go'))) {
    for (const m of readFileSync(join(checker, file), 'utf8').matchAll(/^\s*(\w+Id)\s*=\s*"([a-z0-9-]+)"/gm)) ids.set(m[1]!, m[2]!);
  }
  return ids;
}

const UNSUPPORTED =
  /With(Deprecation|Stability|Optional|Attributes|Severity|Exclude|Include|MatchPath|Prefix|Strip|Flatten)|Days|WithSingleCheck|customLevels|\.Spec\.|\.Extensions|loader\.|NewLoader|flatten|Composed|IsExternalRefsAllowed/;

/**
 * Tests that compare the same two files each run one check (oasdiff's `singleCheckConfig`): together
 * they say what its whole catalogue finds in the pair, so their expectations are joined, the highest level kept.
 */
function joined(pairs: Pair[]): Pair[] {
  const byFiles = new Map<string, Pair>();
  for (const pair of pairs) {
    const key = `${pair.base}\n${pair.revision}`;
    const known = byFiles.get(key);
    if (!known) byFiles.set(key, pair);
    else {
      byFiles.set(key, {
        ...known,
        test: `${known.test}, ${pair.test.split(' ')[1]}`,
        expected: RANK[pair.expected] > RANK[known.expected] ? pair.expected : known.expected,
        quiet: known.quiet && pair.quiet,
        // A test of every check on the same files lifts the restriction.
        ...(known.only && pair.only ? { only: new Set([...known.only, ...pair.only]) } : { only: undefined }),
      });
    }
  }
  return [...byFiles.values()];
}

/** Tests that assert a check is not reported say nothing of the level. */
const NEGATIVE = /require\.(False|Nil|NotContains|NotEqual)|assert\.(False|Nil|NotEqual)|containsId\(/;

/** A test that hands a loaded document to a function of its own (which edits it) compares something else than the files. */
function edited(body: string): boolean {
  const rest = body.replace(/GetWithOperationsSourcesMap\(diff\.NewConfig\(\), s1, s2\)/g, '').replace(/\bs[12](, err)? :?= (open|l)\(/g, '');
  return /\bs[12]\b/.test(rest);
}

function pairsOf(root: string): Pair[] {
  const checker = join(root, 'checker');
  const ids = idConstants(checker);
  const byCheck = checkIds(checker, ids);
  const pairs: Pair[] = [];
  for (const file of readdirSync(checker).filter((f) => /^check_.*_test\.go$/.test(f))) {
    const text = readFileSync(join(checker, file), 'utf8');
    for (const m of text.matchAll(/^func (Test\w+)\(t \*testing\.T\) \{\n([\s\S]*?)^\}/gm)) {
      const [, test, body = ''] = m;
      if (UNSUPPORTED.test(body) || NEGATIVE.test(body) || edited(body)) continue;
      const files = [...body.matchAll(/open\("\.\.\/data\/([^"]+)"\)|\bl\(t, (\d+)\)/g)].map((f) => f[1] ?? `openapi-test${f[2]}.yaml`);
      const shorthand = /\bd\(t, diff\.NewConfig\(\), (\d+), (\d+)\)/.exec(body);
      const [base, revision] = shorthand ? [`openapi-test${shorthand[1]}.yaml`, `openapi-test${shorthand[2]}.yaml`] : files;
      if (!base || !revision || (!shorthand && files.length !== 2)) continue;
      if (!shorthand && !/GetWithOperationsSourcesMap\(diff\.NewConfig\(\), s1, s2\)/.test(body)) continue;
      const expectedIds = [...body.matchAll(/checker\.(\w+Id)\b/g)].map((x) => ids.get(x[1]!)).filter((x): x is string => x !== undefined);
      const empty = /require\.(Empty|Len)\(t, errs(, 0)?\)/.test(body);
      if (!expectedIds.length && !empty) continue;
      if (expectedIds.some((id) => !OASDIFF.has(id))) continue;
      const expected = expectedIds.reduce<Level>((top, id) => (RANK[OASDIFF.get(id)!] > RANK[top] ? OASDIFF.get(id)! : top), 'none');
      const quiet = /CheckBackwardCompatibility\(/.test(body) || Boolean(shorthand);
      const single = /singleCheckConfig\(checker\.(\w+)\)/.exec(body)?.[1];
      const only = single ? byCheck.get(single) : undefined;
      if (single && !only) continue;
      pairs.push({
        test: `${file.replace(/_test\.go$/, '')} ${test}`,
        base: join(root, 'data', base),
        revision: join(root, 'data', revision),
        expected,
        quiet,
        ...(only ? { only } : {}),
      });
    }
  }
  return joined(pairs);
}

/** `--policies off`: every policy switched off, oasdiff's levels throughout. */
const policiesOff: Partial<Record<PolicyName, boolean>> = process.argv.includes('--policies-off')
  ? Object.fromEntries(Object.keys(POLICIES).map((name) => [name, false]))
  : {};

async function levelOfPair(pair: Pair): Promise<Level> {
  const root = resolve(dirname(pair.base), '..');
  const [base, head] = await Promise.all([
    buildModel(pair.base, { lint: false, validate: false, root }),
    buildModel(pair.revision, { lint: false, validate: false, root }),
  ]);
  // oasdiff's tests run without its versioning policy (withoutVersioningPolicy), so the version is left out here too.
  const changes = compareModels(base.model, head.model, { settings: { policies: policiesOff } });
  return changes.changes.filter((c) => !pair.only || pair.only.has(c.id)).reduce<Level>((top, c) => (RANK[c.level] > RANK[top] ? c.level : top), 'none');
}

async function main(): Promise<void> {
  const root = process.argv[2];
  if (!root) throw new Error('Usage: node scripts/diff/agreement.ts <oasdiff checkout>');
  const pairs = pairsOf(resolve(root));
  let breakingAgree = 0;
  let exactAgree = 0;
  let measured = 0;
  const disagreements: string[] = [];
  for (const pair of pairs) {
    let ours: Level;
    try {
      ours = await levelOfPair(pair);
    } catch {
      continue; // A document the model cannot load (oasdiff tests its loader's errors too).
    }
    measured++;
    // A test that runs only the checks at warning and above says nothing of information: none and info are the same answer.
    const exact = pair.quiet && RANK[pair.expected] <= 1 ? RANK[ours] <= 1 : ours === pair.expected;
    if ((ours === 'breaking') === (pair.expected === 'breaking')) breakingAgree++;
    if (exact) exactAgree++;
    else disagreements.push(`${pair.test} (${relative(root, pair.base)} → ${relative(root, pair.revision)}): oasdiff ${pair.expected}, ours ${ours}`);
  }
  const percent = (n: number): string => `${((100 * n) / measured).toFixed(1)}%`;
  process.stdout.write(
    `${disagreements.join('\n')}\n\n${measured} pairs of ${pairs.length} read: breaking or not ${breakingAgree} (${percent(breakingAgree)}), exact level ${exactAgree} (${percent(exactAgree)})\n`,
  );
}

await main();
