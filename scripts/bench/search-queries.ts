// What readers type into an API reference's search box, and the operation each query names:
// its summary (or most of it), its path or a piece of it, its operationId, method and path, or
// words from its description. The search section ranks them in ours and in Scalar's search.
import type { DocName } from './paths.ts';

export type QueryKind = 'summary' | 'path' | 'path piece' | 'operationId' | 'method and path' | 'description';

export interface ReaderQuery {
  query: string;
  kind: QueryKind;
  /** The operation the reader means. */
  method: string;
  path: string;
}

const q = (kind: QueryKind, query: string, operation: string): ReaderQuery => {
  const [method = '', path = ''] = operation.split(' ');
  return { query, kind, method, path };
};

const GITHUB: ReaderQuery[] = [
  q('summary', 'create a pull request', 'POST /repos/{owner}/{repo}/pulls'),
  q('summary', 'list pull requests', 'GET /repos/{owner}/{repo}/pulls'),
  q('summary', 'get a repository', 'GET /repos/{owner}/{repo}'),
  q('summary', 'create an issue', 'POST /repos/{owner}/{repo}/issues'),
  q('summary', 'list repository issues', 'GET /repos/{owner}/{repo}/issues'),
  q('summary', 'get a user', 'GET /users/{username}'),
  q('summary', 'get the authenticated user', 'GET /user'),
  q('summary', 'merge a pull request', 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge'),
  q('summary', 'create a release', 'POST /repos/{owner}/{repo}/releases'),
  q('summary', 'list commits', 'GET /repos/{owner}/{repo}/commits'),
  q('summary', 'create a gist', 'POST /gists'),
  q('summary', 'list workflow runs for a repository', 'GET /repos/{owner}/{repo}/actions/runs'),
  q('summary', 'create a commit status', 'POST /repos/{owner}/{repo}/statuses/{sha}'),
  q('summary', 'get repository content', 'GET /repos/{owner}/{repo}/contents/{path}'),
  q('summary', 'search code', 'GET /search/code'),
  q('summary', 'list organization members', 'GET /orgs/{org}/members'),
  q('summary', 'star a repository', 'PUT /user/starred/{owner}/{repo}'),
  q('summary', 'create a fork', 'POST /repos/{owner}/{repo}/forks'),
  q('summary', 'add labels to an issue', 'POST /repos/{owner}/{repo}/issues/{issue_number}/labels'),
  q('summary', 'rate limit status', 'GET /rate_limit'),
  q('summary', 'list branches', 'GET /repos/{owner}/{repo}/branches'),
  q('path', '/repos/{owner}/{repo}/pulls', 'GET /repos/{owner}/{repo}/pulls'),
  q('path', '/repos/{owner}/{repo}/issues', 'GET /repos/{owner}/{repo}/issues'),
  q('path', '/user/repos', 'GET /user/repos'),
  q('path', '/repos/{owner}/{repo}/contents/{path}', 'GET /repos/{owner}/{repo}/contents/{path}'),
  q('path', '/repos/octocat/hello-world/pulls', 'GET /repos/{owner}/{repo}/pulls'),
  q('path piece', 'pulls/{pull_number}/reviews', 'GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews'),
  q('path piece', '/releases/latest', 'GET /repos/{owner}/{repo}/releases/latest'),
  q('path piece', 'issues/{issue_number}/comments', 'GET /repos/{owner}/{repo}/issues/{issue_number}/comments'),
  q('path piece', 'actions/runs', 'GET /repos/{owner}/{repo}/actions/runs'),
  q('operationId', 'pulls/create', 'POST /repos/{owner}/{repo}/pulls'),
  q('operationId', 'repos/get-content', 'GET /repos/{owner}/{repo}/contents/{path}'),
  q('operationId', 'issues/create-comment', 'POST /repos/{owner}/{repo}/issues/{issue_number}/comments'),
  q('operationId', 'users/get-authenticated', 'GET /user'),
  q('operationId', 'actions/list-workflow-runs', 'GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs'),
  q('method and path', 'POST /repos/{owner}/{repo}/pulls', 'POST /repos/{owner}/{repo}/pulls'),
  q('method and path', 'GET /repos/{owner}/{repo}', 'GET /repos/{owner}/{repo}'),
  q('method and path', 'DELETE /repos/{owner}/{repo}', 'DELETE /repos/{owner}/{repo}'),
  q('method and path', 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge', 'PUT /repos/{owner}/{repo}/pulls/{pull_number}/merge'),
  q('description', 'octocat as ASCII art', 'GET /octocat'),
  q('description', 'lock a conversation', 'PUT /repos/{owner}/{repo}/issues/{issue_number}/lock'),
  q('description', 'download a tar archive', 'GET /repos/{owner}/{repo}/tarball/{ref}'),
  q('description', 'emojis available to use on GitHub', 'GET /emojis'),
  q('description', 'random sentence', 'GET /zen'),
  q('description', 'preferred README', 'GET /repos/{owner}/{repo}/readme'),
  q('description', 'fork a repository', 'POST /repos/{owner}/{repo}/forks'),
  q('description', 'commit statuses for a given SHA', 'POST /repos/{owner}/{repo}/statuses/{sha}'),
  q('description', 'contents of a file or directory', 'GET /repos/{owner}/{repo}/contents/{path}'),
];

const GALAXY: ReaderQuery[] = [
  q('summary', 'get all planets', 'GET /planets'),
  q('summary', 'create a planet', 'POST /planets'),
  q('summary', 'get a planet', 'GET /planets/{planetId}'),
  q('summary', 'upload an image', 'POST /planets/{planetId}/image'),
  q('summary', 'create a user', 'POST /user/signup'),
  q('path', '/planets/{planetId}', 'GET /planets/{planetId}'),
  q('path', '/celestial-bodies', 'POST /celestial-bodies'),
  q('path piece', 'planets/{planetId}/image', 'POST /planets/{planetId}/image'),
  q('path', '/auth/token', 'POST /auth/token'),
  q('path piece', '/image', 'POST /planets/{planetId}/image'),
  q('operationId', 'createCelestialBody', 'POST /celestial-bodies'),
  q('operationId', 'getMe', 'GET /me'),
  q('operationId', 'getAllData', 'GET /planets'),
  q('method and path', 'POST /user/signup', 'POST /user/signup'),
  q('method and path', 'DELETE /planets/{planetId}', 'DELETE /planets/{planetId}'),
  q('description', 'rogue asteroid', 'POST /celestial-bodies'),
  q('description', 'photo of a planet', 'POST /planets/{planetId}/image'),
  q('description', 'secret token', 'POST /auth/token'),
];

const OURS: ReaderQuery[] = [
  q('summary', 'get a pet', 'GET /pets/records/{petId}'),
  q('summary', 'place an order', 'POST /store/orders'),
  q('path', '/store/orders', 'GET /store/orders'),
  q('path piece', 'inventory/{petId}', 'GET /store/inventory/{petId}'),
  q('operationId', 'updateInventory', 'PUT /store/inventory/{petId}'),
  q('method and path', 'PUT /store/inventory/{petId}', 'PUT /store/inventory/{petId}'),
  q('description', 'only open or only fulfilled', 'GET /store/orders'),
];

export const READER_QUERIES: Record<DocName, ReaderQuery[]> = { ours: OURS, galaxy: GALAXY, github: GITHUB };
