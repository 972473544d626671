// JUnit XML for CI dashboards (GitLab, Jenkins, Azure DevOps read it as test results): a test
// suite per changed operation, schema or scheme, a test case per change, named by its check id;
// the changes that fail the gate are failures, at their file and line.
import { printable } from '../terminal.ts';
import { groupChanges } from './format.ts';
import { failsAt, type FailOn } from './gate.ts';
import type { ApiChange, ApiChanges } from './types.ts';

/** Text for XML content and attribute values; characters XML 1.0 cannot hold are dropped. */
export function xml(text: string): string {
  return printable(text)
    .replace(/[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const where = (c: ApiChange): string => (c.source ? `${c.source.file}:${c.source.line}:${c.source.col}` : '');

export function formatJunit(changes: ApiChanges, failOn: FailOn): string {
  const report = groupChanges(changes);
  const failing = changes.changes.filter((c) => failsAt(c.level, failOn)).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="API changes: ${xml(`${changes.base.title} ${changes.base.version} → ${changes.head.title} ${changes.head.version}`)}" tests="${changes.changes.length}" failures="${failing}" errors="0">`,
  ];
  for (const group of report.groups) {
    const failures = group.changes.filter((c) => failsAt(c.level, failOn)).length;
    lines.push(`  <testsuite name="${xml(group.title)}" tests="${group.changes.length}" failures="${failures}" errors="0" skipped="0">`);
    for (const c of group.changes) {
      const name = xml(`${c.id}${c.location ? ` ${c.location}` : ''}`);
      const file = c.source ? ` file="${xml(c.source.file)}" line="${c.source.line}"` : '';
      lines.push(`    <testcase name="${name}" classname="${xml(group.title)}"${file}>`);
      if (failsAt(c.level, failOn)) {
        lines.push(
          `      <failure message="${xml(c.message)}" type="${xml(`${c.level} ${c.id}`)}">${xml([where(c), c.message].filter(Boolean).join(' '))}</failure>`,
        );
      } else {
        lines.push(`      <system-out>${xml(`${c.level}: ${c.message}`)}</system-out>`);
      }
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>');
  return lines.join('\n');
}
