// The tools compared against live in anchors/, with their own lockfile, installed on
// first use so the project's own install stays lean.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { ANCHORS, ANCHOR_MODULES, NODE, TOOLS } from './paths.ts';

export function ensureAnchors(): void {
  const missing = [TOOLS.astro, TOOLS.redocly, TOOLS.prism, join(ANCHOR_MODULES, 'autocannon/package.json')].filter((f) => !existsSync(f));
  if (missing.length === 0) return;
  console.log(`Installing the tools compared against into ${ANCHORS} (npm ci, once)...`);
  // npm under the project's Node (first on PATH), the runtime the tools are measured on.
  const result = spawnSync('npm', ['ci', '--prefix', ANCHORS, '--no-audit', '--no-fund', '--loglevel=error'], {
    stdio: 'inherit',
    env: { ...process.env, PATH: `${dirname(NODE)}:${process.env.PATH}` },
  });
  if (result.status !== 0) throw new Error(`npm ci --prefix ${ANCHORS} failed (exit ${result.status})`);
}
