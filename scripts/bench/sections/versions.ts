// Building three versions of our description into one portal (a changelog and each version's
// pages side by side, `--version-tags`) against building the latest alone: a temporary git
// repository holds the description tagged three times, and both builds run on it in turns.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { git as runGit } from '../../infra/git.ts';
import type { Context } from '../context.ts';
import { DOCS, NODE, ROOT, TMP, TOOLS } from '../paths.ts';
import { timed } from '../processes.ts';
import { formatValue, ratio } from '../results.ts';

const SECTION = 'versions';

/** git through the project's one runner; a failure stops the section. */
async function git(cwd: string, ...args: string[]): Promise<void> {
  const identity = ['-c', 'user.name=Bench', '-c', 'user.email=bench@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false'];
  if ((await runGit(cwd, { args: [...identity, ...args] })) === null) throw new Error(`git ${args.join(' ')} failed in ${cwd}`);
}

/** Our description committed and tagged as 1.0.0, 1.1.0 and 1.2.0 (the version line changed each time); returns its entry file. */
async function taggedRepository(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(join(ROOT, 'openapi'), join(dir, 'openapi'), { recursive: true });
  const entry = join(dir, 'openapi', 'openapi.yaml');
  const text = readFileSync(DOCS.ours.path, 'utf8');
  await git(dir, 'init', '-q', '-b', 'main');
  for (const version of ['1.0.0', '1.1.0', '1.2.0']) {
    writeFileSync(entry, text.replace(/^( {2}version: ).*$/m, `$1${version}`));
    await git(dir, 'add', '.');
    await git(dir, 'commit', '-q', '-m', `Version ${version}`);
    await git(dir, 'tag', `v${version}`);
  }
  return entry;
}

export async function runVersions(ctx: Context): Promise<void> {
  const { results } = ctx;
  const spec = await taggedRepository(join(TMP, 'versions-repo'));
  const kinds = {
    one: { label: 'ours: latest version only', args: ['--no-changelog'] },
    three: { label: 'ours: three versions side by side with a changelog', args: ['--version-tags'] },
  } as const;
  const wall = { one: [] as number[], three: [] as number[] };
  for (let run = 1; run <= ctx.options.runs; run++) {
    // In turns within a run, so a noisy minute weighs on both.
    for (const kind of ['one', 'three'] as const) {
      ctx.log(`versions: ${kinds[kind].label}, run ${run}/${ctx.options.runs}`);
      const out = join(TMP, `versions-${kind}`);
      const log = join(TMP, 'logs', `versions-${kind}-run${run}.log`);
      const r = await timed(NODE, [TOOLS.ourBuild, '--spec', spec, '--out', out, '--no-lint', ...kinds[kind].args], { log });
      if (r.code !== 0) throw new Error(`The build (${kinds[kind].label}) failed (${r.code}); see ${log}`);
      wall[kind].push(r.wallMs);
      ctx.log(`  ${formatValue(r.wallMs, 'ms')}`);
    }
  }
  for (const kind of ['one', 'three'] as const) results.add(SECTION, 'ours', kinds[kind].label, 'cold build', 'ms', wall[kind]);
  const one = results.find(SECTION, 'ours', kinds.one.label, 'cold build');
  const three = results.find(SECTION, 'ours', kinds.three.label, 'cold build');
  results.note(
    'Three versions: our description tagged v1.0.0, v1.1.0 and v1.2.0 in a temporary git repository, `npm run build -- --no-lint --version-tags` against `--no-changelog`.',
  );
  results.target(SECTION, 'three versions ≤ 1.5× the build of one', one && three ? three.median / one.median : undefined, 1.5, {
    better: 'lower',
    format: ratio,
    goal: '≤ 1.5×',
  });
}
