// `npm run bench` as a newcomer runs it: in a copy of the repository's files with none of the
// tools it compares against installed yet, it installs what the chosen section needs, measures,
// and writes its results.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';
import { run } from '../helpers/processes.ts';

interface Row {
  section: string;
  subject: string;
  metric: string;
  median: number;
}

let clone: string;

beforeAll(() => {
  clone = mkdtempSync(join(tmpdir(), 'portal-fresh-clone-'));
  // The files a clone of this tree would hold (committed or not yet), nothing installed or built.
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => f !== '' && existsSync(join(ROOT, f)));
  for (const file of files) {
    mkdirSync(dirname(join(clone, file)), { recursive: true });
    copyFileSync(join(ROOT, file), join(clone, file));
  }
  // The project's own dependencies as `npm ci` would install them; the bench's are not there.
  symlinkSync(join(ROOT, 'node_modules'), join(clone, 'node_modules'));
});

afterAll(() => {
  if (clone) rmSync(clone, { recursive: true, force: true });
});

describe('npm run bench on a fresh clone', () => {
  it('installs what the mock section compares against, then measures ours beside prism mock', async () => {
    expect(existsSync(join(clone, 'scripts/bench/anchors/mock/node_modules'))).toBe(false);
    const result = await run('npm', ['run', 'bench', '--', '--runs', '1', '--docs', 'ours', '--only', 'mock', '--duration', '2'], {
      cwd: clone,
      timeoutMs: 600_000,
    });
    expect(result.code, result.output).toBe(0);
    const latest = JSON.parse(readFileSync(join(clone, 'scripts/bench/results/latest.json'), 'utf8')) as { rows: Row[] };
    const throughput = latest.rows.filter((r) => r.section === 'mock' && /requests\/s/.test(r.metric));
    const subjects = new Set(throughput.map((r) => r.subject));
    expect([...subjects].some((s) => s.startsWith('ours'))).toBe(true);
    expect([...subjects].some((s) => s.startsWith('prism mock'))).toBe(true);
    for (const row of throughput) expect(row.median, `${row.subject} ${row.metric}`).toBeGreaterThan(0);
    // Only the mock's tools were installed: the portals compared against were not needed.
    expect(existsSync(join(clone, 'scripts/bench/anchors/node_modules'))).toBe(false);
  }, 620_000);
});
