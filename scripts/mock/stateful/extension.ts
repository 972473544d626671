// `x-mock-resource`, the one vendor extension that corrects what the mock
// infers about resources, read here and nowhere else. On an operation:
//
//   x-mock-resource: false           # never stateful
//   x-mock-resource: Pet             # part of the resource named Pet
//   x-mock-resource:                 # any of these keys
//     resource: Pet
//     role: read                     # list, create, read, replace, update, delete
//     idField: petId                 # the record's field that holds the id
//     idParam: petId                 # the path parameter that holds it
import type { Diagnostic } from '../../diagnostics.ts';
import type { Operation } from '../../model/contract/types.ts';
import { ROLES, type Role } from './types.ts';

export const EXTENSION = 'x-mock-resource';

export interface ResourceHint {
  /** `false`: leave the operation out. */
  skip?: boolean;
  resource?: string;
  role?: Role;
  idField?: string;
  idParam?: string;
}

const KEYS = new Set(['resource', 'role', 'idField', 'idParam']);

function problem(op: Operation, message: string): Diagnostic {
  const where = op.source ?? { file: '(document)', line: 1, col: 1 };
  return { severity: 'warning', rule: 'mock-resource', message: `${op.method.toUpperCase()} ${op.path}: ${EXTENSION} ${message}`, ...where };
}

/** The operation's hint, or none; a malformed one is reported and ignored. */
export function readResourceHint(op: Operation, problems: Diagnostic[]): ResourceHint | undefined {
  if (!Object.hasOwn(op.extensions, EXTENSION)) return undefined;
  const value = op.extensions[EXTENSION];
  if (value === false) return { skip: true };
  if (typeof value === 'string' && value.trim() !== '') return { resource: value.trim() };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems.push(problem(op, 'must be false, a resource name, or an object with resource, role, idField, idParam; ignored.'));
    return undefined;
  }
  const hint: ResourceHint = {};
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (!KEYS.has(key)) {
      problems.push(problem(op, `has an unknown key "${key}"; known: ${[...KEYS].join(', ')}.`));
      continue;
    }
    if (typeof v !== 'string' || v.trim() === '') {
      problems.push(problem(op, `${key} must be a non-empty string; ignored.`));
      continue;
    }
    if (key === 'role') {
      if ((ROLES as readonly string[]).includes(v)) hint.role = v as Role;
      else problems.push(problem(op, `role "${v}" is not one of ${ROLES.join(', ')}; ignored.`));
    } else hint[key as 'resource' | 'idField' | 'idParam'] = v.trim();
  }
  return hint;
}
