// The rules that decide which operations a reader's query names, and in what order, on small
// inline catalogues: summaries, paths and their pieces, operationIds, method and path; the merge
// with a full-text index's results.
import { describe, expect, it } from 'vitest';
import {
  fromRows,
  mergeResults,
  prepareEntries,
  rankOperations,
  type SearchEntry,
  searchEntry,
  STRONG,
  toRows,
} from '../../../scripts/model/contract/search-rank.ts';
import { parseQuery, stem, words } from '../../../scripts/model/contract/search-words.ts';

const op = (line: string, summary: string, operationId?: string, deprecated = false): SearchEntry => {
  const [method = '', path = ''] = line.split(' ');
  return searchEntry({ method: method.toLowerCase() as 'get', path, operationId, summary, deprecated }, `/${operationId ?? line}/`);
};

const CATALOGUE = prepareEntries([
  op('GET /repos/{owner}/{repo}', 'Get a repository', 'repos/get'),
  op('DELETE /repos/{owner}/{repo}', 'Delete a repository', 'repos/delete'),
  op('GET /repos/{owner}/{repo}/actions/permissions', 'Get GitHub Actions permissions for a repository', 'actions/get-permissions'),
  op('GET /repos/{owner}/{repo}/secrets/{name}', 'Get a repository secret', 'actions/get-repo-secret'),
  op('GET /repos/{owner}/{repo}/pulls', 'List pull requests', 'pulls/list'),
  op('POST /repos/{owner}/{repo}/pulls', 'Create a pull request', 'pulls/create'),
  op('POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'Create a review for a pull request', 'pulls/create-review'),
  op('GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews', 'List reviews for a pull request', 'pulls/list-reviews'),
  op('GET /repos/{owner}/{repo}/interaction-limits/pulls/creation-cap', 'Get pull request creation cap for a repository', 'interactions/get-cap'),
  op('GET /repos/{owner}/{repo}/comments', 'List commit comments for a repository', 'repos/list-commit-comments'),
  op('GET /repos/{owner}/{repo}/issues/{issue_number}/comments', 'List issue comments', 'issues/list-comments'),
  op('GET /repos/{owner}/{repo}/releases/latest', 'Get the latest release', 'repos/get-latest-release'),
  op('GET /pets/{petId}', 'Get a pet (legacy path)', 'getPetById', true),
  op('GET /pets/records/{petId}', 'Get a pet', 'getPet'),
  op('POST /pets', 'Create a pet', 'createPet'),
  op('GET /users/{username}', 'Get a user', 'users/get-by-username'),
  op('GET /user', 'Get the authenticated user', 'users/get-authenticated'),
]);

const first = (query: string) => rankOperations(query, CATALOGUE)[0]?.entry.operationId;
const order = (query: string) => rankOperations(query, CATALOGUE).map((r) => r.entry.operationId);

describe('reading a query', () => {
  it('stems plurals to one form on both sides', () => {
    expect(['request', 'requests'].map(stem)).toEqual(['request', 'request']);
    expect(['repository', 'repositories'].map(stem)).toEqual(['repository', 'repository']);
    expect(['status', 'statuses'].map(stem)).toEqual(['status', 'status']);
    expect(['release', 'releases'].map(stem)).toEqual(['releas', 'releas']);
    expect(['branch', 'branches', 'alias', 'aliases'].map(stem)).toEqual(['branch', 'branch', 'alias', 'alias']);
  });

  it('splits camelCase, punctuation and paths into words', () => {
    expect(words('getPetById')).toEqual(['get', 'pet', 'by', 'id']);
    expect(words('repos/get-content')).toEqual(['repo', 'get', 'content']);
    expect(words('listHTTPRoutes')).toEqual(['list', 'http', 'rout']);
  });

  it('reads a method, a path, a pasted URL and an operationId', () => {
    expect(parseQuery('POST /repos/{owner}/pulls')).toMatchObject({ method: 'POST', path: ['repos', '{owner}', 'pulls'], rooted: true });
    expect(parseQuery('https://api.github.com/repos/octocat/hello/pulls?state=open#x')).toMatchObject({
      path: ['repos', 'octocat', 'hello', 'pulls'],
      rooted: true,
    });
    expect(parseQuery('pulls/create')).toMatchObject({ path: ['pulls', 'create'], rooted: false, token: 'pullscreate' });
    expect(parseQuery('get a repository')).toMatchObject({ method: undefined, path: undefined, token: undefined, naming: ['get', 'repository'] });
    // "get" alone before words is a word, not a method.
    expect(parseQuery('get repos')?.method).toBeUndefined();
    expect(parseQuery('  /  ')).toBeUndefined();
  });
});

describe('which operation a query names', () => {
  it('puts the operation whose summary the query is first, before longer summaries with the same words', () => {
    expect(first('create a pull request')).toBe('pulls/create');
    expect(order('create a pull request').indexOf('pulls/create-review')).toBeGreaterThan(0);
    expect(first('get a repository')).toBe('repos/get');
    expect(first('list pull requests')).toBe('pulls/list');
    // Case, filler words and a plural do not matter; the last word may be half typed.
    expect(first('Get Repository')).toBe('repos/get');
    expect(first('create a pull req')).toBe('pulls/create');
  });

  it('puts the current operation before a deprecated one of the same summary words', () => {
    expect(order('get a pet').slice(0, 2)).toEqual(['getPet', 'getPetById']);
  });

  it('finds an operation by its path, GET before POST, and by a pasted URL', () => {
    expect(order('/repos/{owner}/{repo}/pulls').slice(0, 2)).toEqual(['pulls/list', 'pulls/create']);
    expect(first('/repos/:owner/:repo/pulls')).toBe('pulls/list');
    expect(first('https://api.github.com/repos/octocat/Hello-World/pulls')).toBe('pulls/list');
  });

  it('finds an operation by a piece of its path, literal segments before parameters', () => {
    expect(first('issues/{issue_number}/comments')).toBe('issues/list-comments');
    expect(first('/releases/latest')).toBe('repos/get-latest-release');
    expect(first('pulls/{pull_number}/reviews')).toBe('pulls/list-reviews');
    // A piece still being typed.
    expect(first('releases/lat')).toBe('repos/get-latest-release');
    // Parameters alone name nothing.
    expect(rankOperations('{owner}/{repo}', CATALOGUE).filter((r) => r.score >= STRONG)).toEqual([]);
  });

  it('finds an operation by its operationId, written with or without its punctuation', () => {
    expect(first('pulls/create')).toBe('pulls/create');
    expect(first('pullsCreate')).toBe('pulls/create');
    expect(first('getPetById')).toBe('getPetById');
    expect(first('createPet')).toBe('createPet');
    // Before a path the same text could be read as (`users` and a value for `{username}`).
    expect(first('users/get-authenticated')).toBe('users/get-authenticated');
    // Begun, as a compound name; a plain word is not read as the start of every operationId.
    expect(first('pulls/create-rev')).toBe('pulls/create-review');
    expect(rankOperations('pull', CATALOGUE).filter((r) => r.score >= STRONG)).toEqual([]);
  });

  it('finds an operation by method and path, the other methods of that path after it', () => {
    expect(order('DELETE /repos/{owner}/{repo}').slice(0, 2)).toEqual(['repos/delete', 'repos/get']);
    expect(first('post /repos/{owner}/{repo}/pulls')).toBe('pulls/create');
  });

  it('names nothing when a query word is in none of the operation’s fields', () => {
    expect(rankOperations('octocat as ASCII art', CATALOGUE)).toEqual([]);
    expect(rankOperations('', CATALOGUE)).toEqual([]);
  });
});

describe('merging with the full text', () => {
  const collect = async (query: string, pages: string[]) => {
    const out: string[] = [];
    for await (const r of mergeResults(
      rankOperations(query, CATALOGUE),
      pages.map((url) => ({ url })),
      CATALOGUE,
    ))
      out.push(r.url);
    return out;
  };

  it('lists the operations the query names first, then the full text’s pages not already listed', async () => {
    const merged = await collect('create a pull request', ['/tags/pulls/', '/interactions/get-cap/', '/pulls/create/']);
    expect(merged[0]).toBe('/pulls/create/');
    expect(merged.indexOf('/tags/pulls/')).toBeGreaterThan(merged.indexOf('/pulls/create-review/'));
    expect(new Set(merged).size).toBe(merged.length);
  });

  it('keeps the full text’s order when the query names no operation, and adds the operations it names weakly last', async () => {
    expect(await collect('ascii art', ['/meta/octocat/', '/tags/meta/'])).toEqual(['/meta/octocat/', '/tags/meta/']);
    const merged = await collect('pull', ['/tags/pulls/']);
    expect(merged[0]).toBe('/tags/pulls/');
    expect(merged).toContain('/pulls/list/');
  });

  it('gives each full-text page that is an operation its entry', async () => {
    const results = [];
    for await (const r of mergeResults([], [{ url: '/pulls/list/' }, { url: '/tags/pulls/' }], CATALOGUE)) results.push(r);
    expect(results[0]?.entry?.operationId).toBe('pulls/list');
    expect(results[1]?.entry).toBeUndefined();
  });
});

describe('the published rows', () => {
  it('round-trip, and anything not a row is left out', () => {
    const entries = [op('GET /a', 'A', 'a'), op('POST /b', '', undefined, true)];
    expect(fromRows(JSON.parse(JSON.stringify(toRows(entries))))).toEqual(entries);
    expect(fromRows([['GET', '/a'], 'x', ['GET', '/a', '', 'A', '/a/', 2, ''], ['GET', '/a', '', 'A', '/a/', 0, '']])).toHaveLength(1);
    expect(fromRows({ rows: [] })).toEqual([]);
  });
});
