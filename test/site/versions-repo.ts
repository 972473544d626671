// A temporary git repository holding three tagged versions of one description, for the changelog
// and version tests: v1.0.0; v1.1.0 adds createPet, deprecates getLegacyReport with a sunset that
// has passed and, though a minor release, breaks listPets' clients with a required `owner` query
// parameter; v2.0.0 removes getLegacyReport and turns Pet.id from an integer into a string.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const git = (cwd: string, env: Record<string, string>, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=Docs', '-c', 'user.email=docs@example.com', '-c', 'commit.gpgsign=false', '-c', 'tag.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });

interface Shape {
  version: string;
  createPet: boolean;
  /** listPets asks for a required `owner` query parameter. */
  owner: boolean;
  legacy: 'present' | 'deprecated' | 'removed';
  idType: 'integer' | 'string';
}

function description(shape: Shape): string {
  const legacy =
    shape.legacy === 'removed'
      ? ''
      : `
  /legacy/report:
    get:
      operationId: getLegacyReport
      summary: Legacy report
      tags: [Reports]${
        shape.legacy === 'deprecated'
          ? `
      deprecated: true
      x-deprecated-at: '2024-06-01'
      x-sunset: '2025-01-01'`
          : ''
      }
      responses:
        '200':
          description: The report.
          content:
            application/json:
              schema: { type: object, properties: { total: { type: integer } } }`;
  const create = shape.createPet
    ? `
    post:
      operationId: createPet
      summary: Create a pet
      tags: [Pets]
      requestBody:
        required: true
        content:
          application/json:
            schema: { $ref: './schemas/pet.yaml' }
      responses:
        '201':
          description: Created.
          content:
            application/json:
              schema: { $ref: './schemas/pet.yaml' }`
    : '';
  return `openapi: 3.0.3
info:
  title: 'Versioned Pets & <Friends>'
  version: ${shape.version}
servers:
  - url: https://api.example.com
paths:
  /pets:
    get:
      operationId: listPets
      summary: List pets
      tags: [Pets]${
        shape.owner
          ? `
      parameters:
        - { name: owner, in: query, required: true, schema: { type: string } }`
          : ''
      }
      responses:
        '200':
          description: The pets.
          content:
            application/json:
              schema: { type: array, items: { $ref: './schemas/pet.yaml' } }${create}
  /pets/{petId}:
    get:
      operationId: getPet
      summary: Get a pet
      tags: [Pets]
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: The pet.
          content:
            application/json:
              schema: { $ref: './schemas/pet.yaml' }${legacy}
`;
}

const petSchema = (idType: Shape['idType']) => `type: object
required: [id, name]
properties:
  id: { type: ${idType} }
  name: { type: string }
`;

export const VERSIONS: (Shape & { tag: string; date: string })[] = [
  { tag: 'v1.0.0', date: '2026-01-10T12:00:00Z', version: '1.0.0', createPet: false, owner: false, legacy: 'present', idType: 'integer' },
  { tag: 'v1.1.0', date: '2026-03-10T12:00:00Z', version: '1.1.0', createPet: true, owner: true, legacy: 'deprecated', idType: 'integer' },
  { tag: 'v2.0.0', date: '2026-06-10T12:00:00Z', version: '2.0.0', createPet: true, owner: true, legacy: 'removed', idType: 'string' },
];

/** Creates the repository in `dir` (tags in the order above, the last checked out); returns the description's entry file. */
export function createVersionedRepo(dir: string): string {
  const api = join(dir, 'api');
  mkdirSync(join(api, 'schemas'), { recursive: true });
  git(dir, {}, 'init', '-q', '-b', 'main');
  for (const v of VERSIONS) {
    writeFileSync(join(api, 'openapi.yaml'), description(v));
    writeFileSync(join(api, 'schemas', 'pet.yaml'), petSchema(v.idType));
    const env = { GIT_AUTHOR_DATE: v.date, GIT_COMMITTER_DATE: v.date };
    git(dir, env, 'add', '.');
    git(dir, env, 'commit', '-q', '-m', `Version ${v.version}`);
    git(dir, env, 'tag', v.tag);
  }
  return join(api, 'openapi.yaml');
}

/** The text of the file the hostile version reaches for: it must never appear in what the build writes or prints. */
export const SECRET = 'secret-token-8d41f2';

/**
 * Tags, on a branch of its own, a version whose `$ref` reaches a file outside the description's
 * folder (`../secret.yaml`, committed beside it), then checks `main` out again.
 */
export function tagHostileVersion(dir: string, tag: string): void {
  const env = { GIT_AUTHOR_DATE: '2025-12-01T12:00:00Z', GIT_COMMITTER_DATE: '2025-12-01T12:00:00Z' };
  git(dir, env, 'checkout', '-q', '-b', 'hostile');
  writeFileSync(join(dir, 'secret.yaml'), `type: object\ndescription: ${SECRET}\n`);
  writeFileSync(
    join(dir, 'api', 'openapi.yaml'),
    `openapi: 3.0.3\ninfo: { title: Hostile, version: 0.9.0 }\npaths: {}\ncomponents:\n  schemas:\n    Secret: { $ref: '../secret.yaml' }\n`,
  );
  git(dir, env, 'add', '.');
  git(dir, env, 'commit', '-q', '-m', 'Reaches outside');
  git(dir, env, 'tag', tag);
  git(dir, {}, 'checkout', '-q', 'main');
}
