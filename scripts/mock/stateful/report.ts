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
    for (const record of r.initial) {
      const key = r.id.field === undefined ? undefined : idKey(record[r.id.field]);
      if (key !== undefined) initial.push([key, record]);
    }
    return { name: r.name, fingerprint: r.fingerprint, initial, highestId: highestId(r.initial, r.id.field) };
  });
}

export function describeResources(inference: Inference, where: string): string {
  const lines = [`Stateful (${where}): ${inference.resources.length} resource${inference.resources.length === 1 ? '' : 's'}`];
  for (const r of inference.resources) {
    const id = r.id.field === undefined ? `id in the path (${r.id.kind})` : `id ${r.id.field} (${r.id.kind})`;
    lines.push(`  ${r.name}: ${id}, ${r.initial.length} initial record${r.initial.length === 1 ? '' : 's'}`);
    for (const o of r.operations) lines.push(`    ${o.role.padEnd(7)} ${o.op.method.toUpperCase()} ${o.op.path}`);
  }
  for (const { op, reason } of inference.skipped) lines.push(`  left stateless: ${op.method.toUpperCase()} ${op.path}: ${reason}`);
  if (inference.problems.length > 0) lines.push(formatDiagnostics(inference.problems));
  return lines.join('\n');
}
