// Security changes. An operation's requirements are alternatives (any one
// will do), each a set of schemes (all needed). A change breaks clients when
// some way of authorizing that used to work no longer satisfies any
// alternative: a scheme or scope added, an alternative dropped, auth added.
import type { SecurityRequirement, SecurityScheme } from '../model/contract/types.ts';
import type { ChangeKind } from './types.ts';

export interface SecurityFinding {
  id: string;
  kind: ChangeKind;
  message: string;
}

/** No requirements means anonymous access: the same as one empty alternative. */
function alternatives(reqs: readonly SecurityRequirement[]): SecurityRequirement[] {
  return reqs.length ? [...reqs] : [{ schemes: [] }];
}

const isAnonymous = (reqs: readonly SecurityRequirement[]): boolean => alternatives(reqs).some((r) => r.schemes.length === 0);

/** Would a client holding everything `held` names be let in by `wanted`? */
function satisfies(held: SecurityRequirement, wanted: SecurityRequirement): boolean {
  return wanted.schemes.every((w) => {
    const h = held.schemes.find((s) => s.name === w.name);
    return h !== undefined && w.scopes.every((scope) => h.scopes.includes(scope));
  });
}

export function describeRequirements(reqs: readonly SecurityRequirement[]): string {
  if (!reqs.length) return 'no authentication';
  return reqs
    .map((r) =>
      r.schemes.length ? r.schemes.map((s) => (s.scopes.length ? `${s.name} (${[...s.scopes].sort().join(', ')})` : s.name)).join(' and ') : 'anonymous access',
    )
    .join(' or ');
}

function canonical(reqs: readonly SecurityRequirement[]): string {
  return alternatives(reqs)
    .map((r) =>
      r.schemes
        .map((s) => `${s.name}[${[...s.scopes].sort().join(',')}]`)
        .sort()
        .join('&'),
    )
    .sort()
    .join('|');
}

export function compareRequirements(base: readonly SecurityRequirement[], head: readonly SecurityRequirement[]): SecurityFinding[] {
  if (canonical(base) === canonical(head)) return [];
  const was = describeRequirements(base);
  const now = describeRequirements(head);
  const stranded = alternatives(base).filter((b) => !alternatives(head).some((h) => satisfies(b, h)));
  if (stranded.length) {
    if (isAnonymous(base) && !isAnonymous(head)) {
      return [
        {
          id: 'api-security-added',
          kind: 'security-added',
          message: `The operation now requires ${now} where it needed none; clients that call it without credentials will be rejected.`,
        },
      ];
    }
    // Only scopes added to the schemes clients already use: oasdiff's api-security-scope-added.
    const scopesOnly = stranded.every((b) =>
      alternatives(head).some((h) => h.schemes.length === b.schemes.length && h.schemes.every((s) => b.schemes.some((x) => x.name === s.name))),
    );
    return [
      {
        id: scopesOnly ? 'api-security-scope-added' : 'api-security-tightened',
        kind: 'security-tightened',
        message: `Security changed from ${was} to ${now}; clients authorized with ${describeRequirements(stranded)} will be rejected.`,
      },
    ];
  }
  if (head.length === 0) {
    return [{ id: 'api-security-removed', kind: 'security-removed', message: `The operation no longer requires authentication (was ${was}).` }];
  }
  // The same schemes, with fewer scopes asked: oasdiff's api-security-scope-removed.
  const schemes = (reqs: readonly SecurityRequirement[]): string =>
    canonical(reqs.map((r) => ({ schemes: r.schemes.map((s) => ({ name: s.name, scopes: [] })) })));
  const id = schemes(base) === schemes(head) ? 'api-security-scope-removed' : 'api-security-relaxed';
  return [{ id, kind: 'security-relaxed', message: `Security changed from ${was} to ${now}; every client authorized before still is.` }];
}

/** Changes to `components.securitySchemes` that invalidate how clients already obtain or send credentials. */
export function compareSchemes(base: SecurityScheme, head: SecurityScheme): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  const name = head.name;
  const add = (id: string, message: string): void => {
    out.push({ id, kind: 'security-scheme-changed', message });
  };
  if (base.type !== head.type) {
    add(
      'api-security-component-type-changed',
      `Security scheme ${name} changed type from ${base.type} to ${head.type}; clients sending the old kind of credentials will be rejected.`,
    );
    return out;
  }
  if (base.scheme !== head.scheme) {
    add(
      'api-security-component-type-changed',
      `Security scheme ${name} changed from HTTP ${base.scheme ?? 'unspecified'} to ${head.scheme ?? 'unspecified'} authentication; clients sending the old kind of credentials will be rejected.`,
    );
  }
  if (base.in !== head.in || base.paramName !== head.paramName) {
    add(
      'api-security-component-credential-moved',
      `Security scheme ${name} now expects its key in ${head.in ?? '?'} "${head.paramName ?? ''}" instead of ${base.in ?? '?'} "${base.paramName ?? ''}"; clients sending it the old way will be rejected.`,
    );
  }
  if (base.openIdConnectUrl !== head.openIdConnectUrl) {
    add(
      'api-security-component-openid-url-changed',
      `Security scheme ${name} moved its OpenID Connect discovery URL to ${head.openIdConnectUrl ?? 'nowhere'}; clients configured with the old URL must update it.`,
    );
  }
  const bf = base.flows ?? {};
  const hf = head.flows ?? {};
  const URL_IDS = { authorizationUrl: 'oauth-url', tokenUrl: 'oauth-token-url', refreshUrl: 'oauth-refresh-url' } as const;
  for (const flow of Object.keys(bf)) {
    const before = bf[flow];
    const after = hf[flow];
    if (!before) continue;
    if (!after) {
      add(
        'api-security-component-oauth-flow-removed',
        `Security scheme ${name} no longer offers the OAuth ${flow} flow; clients that use it can no longer get tokens.`,
      );
      continue;
    }
    for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
      if (before[url] !== after[url]) {
        add(
          `api-security-component-${URL_IDS[url]}-changed`,
          `Security scheme ${name} changed the ${flow} flow's ${url} to ${after[url] ?? 'nothing'}; clients configured with the old URL must update it, or fail to get tokens once the old one stops answering.`,
        );
      }
    }
    const removed = Object.keys(before.scopes).filter((s) => !(s in after.scopes));
    if (removed.length) {
      add(
        'api-security-component-oauth-scope-removed',
        `Security scheme ${name} no longer offers the ${flow} scope${removed.length === 1 ? '' : 's'} ${removed.join(', ')}; clients that request ${removed.length === 1 ? 'it' : 'them'} will be refused.`,
      );
    }
    const described = Object.keys(before.scopes).filter((s) => s in after.scopes && before.scopes[s] !== after.scopes[s]);
    if (described.length)
      add(
        'api-security-component-oauth-scope-changed',
        `Security scheme ${name} describes the ${flow} scope${described.length === 1 ? '' : 's'} ${described.join(', ')} differently.`,
      );
    const added = Object.keys(after.scopes).filter((s) => !(s in before.scopes));
    if (added.length)
      add(
        'api-security-component-oauth-scope-added',
        `Security scheme ${name} offers the new ${flow} scope${added.length === 1 ? '' : 's'} ${added.join(', ')}.`,
      );
  }
  for (const flow of Object.keys(hf)) {
    if (!bf[flow]) add('api-security-component-oauth-flow-added', `Security scheme ${name} now also offers the OAuth ${flow} flow.`);
  }
  return out;
}
