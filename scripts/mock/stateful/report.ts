// What stateful mocking found, said once at start: each resource with its id
// field and the operations that became stateful, and the operations that
// looked like part of a resource but were left as they are (with why), so a
// writer knows where `x-mock-resource` is needed.
import { formatDiagnostics } from '../../diagnostics.ts';
import type { StoredResource } from '../store/types.ts';
import { highestId, idKey } from './ids.ts';
import type { Inference } from './infer.ts';
import type { Resource } from './types.ts';

export function storedResources(resources: Resource[]): StoredResource[] {
  return resources.map((r) => {
    const initial: [string, Record<string, unknown>][] = [];
    for (const [index, record] of r.initial.entries()) {
      // A record without an id field (a list-only resource's) is kept by its place.
      const key = r.id.field === undefined ? `#${index + 1}` : idKey(record[r.id.field]);
      if (key !== undefined) initial.push([key, record]);
    }
    // New integer ids start above the examples', and at the schema's minimum at the least.
    const highest = Math.max(highestId(r.initial, r.id.field), (r.id.minimum ?? 1) - 1);
    return { name: r.name, fingerprint: r.fingerprint, initial, highestId: highest };
  });
}

/** Operations left stateless said at start; the rest are counted (a large API has hundreds). */
const SKIPPED_SHOWN = 20;

export function describeResources(inference: Inference, where: string): string {
  const lines = [`Stateful (${where}): ${inference.resources.length} resource${inference.resources.length === 1 ? '' : 's'}`];
  for (const r of inference.resources) {
    const id = r.id.field === undefined ? `id in the path (${r.id.kind})` : `id ${r.id.field} (${r.id.kind})`;
    lines.push(`  ${r.name}: ${id}, ${r.initial.length} initial record${r.initial.length === 1 ? '' : 's'}`);
    for (const o of r.operations) lines.push(`    ${o.role.padEnd(7)} ${o.op.method.toUpperCase()} ${o.op.path}`);
  }
  for (const r of inference.resources) {
    if (r.parent)
      lines.push(
        `  ${r.name} is nested under ${r.parent.resource}: a missing parent answers 404${r.parent.field ? `, ${r.parent.field} is set from the path` : ''}`,
      );
  }
  const skipped = inference.skipped;
  for (const { op, reason } of skipped.slice(0, SKIPPED_SHOWN)) lines.push(`  left stateless: ${op.method.toUpperCase()} ${op.path}: ${reason}`);
  if (skipped.length > SKIPPED_SHOWN) lines.push(`  left stateless: ${skipped.length - SKIPPED_SHOWN} more operations (GET /__mock/resources lists them all)`);
  if (inference.problems.length > 0) lines.push(formatDiagnostics(inference.problems));
  return lines.join('\n');
}
