// The benchmark's memory of a process tree, on real processes: a sum of RSS counts Node's own code
// once per Node process; the resident figure counts it once, and each process's own memory in full.
import { afterEach, describe, expect, it } from 'vitest';
import { treeResident, treeRss } from '../../scripts/bench/memory.ts';
import { ROOT } from '../helpers/paths.ts';
import { start, stop, type Running } from '../helpers/processes.ts';

const NODE = `${ROOT}/node_modules/.bin/node`;
const MB = 2 ** 20;

/** A Node process holding 64 MB of its own that starts as many more of itself as its argument says, each printing "holding". */
const HOLDER = `const held = Buffer.alloc(64 * 2 ** 20, 1);
  const more = Number(process.argv[1]);
  if (more > 0) require('node:child_process').spawn(process.execPath, ['-e', process.env.HOLDER, String(more - 1)], { stdio: 'inherit' });
  console.log('holding', held.length);
  setInterval(() => {}, 1000);`;

describe('the memory of a process tree', () => {
  let tree: Running | undefined;
  afterEach(async () => {
    await stop(tree);
    tree = undefined;
  });

  it("counts each process's own memory and Node's code once", async () => {
    tree = start(NODE, ['-e', HOLDER, '1'], { env: { ...process.env, HOLDER }, timeoutMs: 60_000 });
    await tree.waitFor(/holding[\s\S]*holding/, 30_000);
    const pgid = tree.child.pid!;
    const rss = treeRss(pgid);
    const resident = treeResident(pgid);
    // Two processes each holding 64 MB of their own.
    expect(resident).toBeGreaterThan(128 * MB);
    expect(rss).toBeGreaterThan(resident);
    // What the sum counts twice is one Node process's code: more than a few MB, less than the Node binary.
    expect(rss - resident).toBeGreaterThan(5 * MB);
    expect(rss - resident).toBeLessThan(150 * MB);
  });
});
