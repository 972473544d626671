// The tools compared against live under anchors/, in two groups with their own lockfiles,
// installed on first use (and only the group the chosen sections need) so the project's own
// install stays lean: the portals and bundles (anchors/), and Prism with the load generator
// (anchors/mock/).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ANCHORS, ANCHOR_MODULES, MOCK_ANCHORS, NODE, TOOLS } from './paths.ts';

interface AnchorGroup {
  folder: string;
  /** Files whose absence means the group is not installed. */
  marks: string[];
  /** Sections that need it. */
  sections: string[];
}

const GROUPS: AnchorGroup[] = [
  {
    folder: ANCHORS,
    marks: [TOOLS.astro, TOOLS.redocly, join(ANCHOR_MODULES, 'starlight-openapi/package.json')],
    sections: ['build', 'weight', 'browser', 'search'],
  },
  { folder: MOCK_ANCHORS, marks: [TOOLS.prism, TOOLS.autocannon], sections: ['mock', 'mockservice', 'preview'] },
];

/** Installs, before anything imports them, the tools the chosen sections compare against. */
export function ensureAnchors(sections: readonly string[]): void {
  for (const group of GROUPS) {
    if (!group.sections.some((s) => sections.includes(s))) continue;
    if (group.marks.every((f) => existsSync(f))) continue;
    console.log(`Installing the tools compared against into ${group.folder} (npm ci, once)...`);
    // npm under the project's Node (first on PATH), the runtime the tools are measured on.
    const result = spawnSync('npm', ['ci', '--prefix', group.folder, '--no-audit', '--no-fund', '--loglevel=error'], {
      stdio: 'inherit',
      env: { ...process.env, PATH: `${dirname(NODE)}:${process.env.PATH}` },
    });
    if (result.status !== 0) throw new Error(`npm ci --prefix ${group.folder} failed (exit ${result.status})`);
  }
}
