// Security changes. An operation's requirements are alternatives (any one
// will do), each a set of schemes (all needed). A change breaks clients when
// some way of authorizing that used to work no longer satisfies any
// alternative: a scheme or scope added, an alternative dropped, auth added.
import type { SecurityRequirement, SecurityScheme } from '../model/types.ts';
import type { ChangeKind, ChangeLevel } from './types.ts';

export interface SecurityFinding {
  kind: ChangeKind;
  level: ChangeLevel;
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
          kind: 'security-added',
          level: 'breaking',
          message: `The operation now requires ${now} where it needed none; clients that call it without credentials will be rejected.`,
        },
      ];
    }
    return [
      {
        kind: 'security-tightened',
        level: 'breaking',
        message: `Security changed from ${was} to ${now}; clients authorized with ${describeRequirements(stranded)} will be rejected.`,
      },
    ];
  }
  if (head.length === 0) {
    return [{ kind: 'security-removed', level: 'info', message: `The operation no longer requires authentication (was ${was}).` }];
  }
  return [{ kind: 'security-relaxed', level: 'info', message: `Security changed from ${was} to ${now}; every client authorized before still is.` }];
}

/** Changes to `components.securitySchemes` that invalidate how clients already obtain or send credentials. */
export function compareSchemes(base: SecurityScheme, head: SecurityScheme): SecurityFinding[] {
  const out: SecurityFinding[] = [];
  const name = head.name;
  const breaking = (message: string): void => {
    out.push({ kind: 'security-scheme-changed', level: 'breaking', message });
  };
  if (base.type !== head.type) {
    breaking(`Security scheme ${name} changed type from ${base.type} to ${head.type}; clients sending the old kind of credentials will be rejected.`);
    return out;
  }
  if (base.scheme !== head.scheme) {
    breaking(
      `Security scheme ${name} changed from HTTP ${base.scheme ?? 'unspecified'} to ${head.scheme ?? 'unspecified'} authentication; clients sending the old kind of credentials will be rejected.`,
    );
  }
  if (base.in !== head.in || base.paramName !== head.paramName) {
    breaking(
      `Security scheme ${name} now expects its key in ${head.in ?? '?'} "${head.paramName ?? ''}" instead of ${base.in ?? '?'} "${base.paramName ?? ''}"; clients sending it the old way will be rejected.`,
    );
  }
  if (base.openIdConnectUrl !== head.openIdConnectUrl) {
    out.push({
      kind: 'security-scheme-changed',
      level: 'warning',
      message: `Security scheme ${name} moved its OpenID Connect discovery URL to ${head.openIdConnectUrl ?? 'nowhere'}; clients configured with the old URL must update it.`,
    });
  }
  const bf = base.flows ?? {};
  const hf = head.flows ?? {};
  for (const flow of Object.keys(bf)) {
    const before = bf[flow];
    const after = hf[flow];
    if (!before) continue;
    if (!after) {
      breaking(`Security scheme ${name} no longer offers the OAuth ${flow} flow; clients that use it can no longer get tokens.`);
      continue;
    }
    for (const url of ['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const) {
      if (before[url] !== after[url]) {
        breaking(
          `Security scheme ${name} changed the ${flow} flow's ${url} to ${after[url] ?? 'nothing'}; clients configured with the old URL will fail to get tokens.`,
        );
      }
    }
    const removed = Object.keys(before.scopes).filter((s) => !(s in after.scopes));
    if (removed.length) {
      breaking(
        `Security scheme ${name} no longer offers the ${flow} scope${removed.length === 1 ? '' : 's'} ${removed.join(', ')}; clients that request ${removed.length === 1 ? 'it' : 'them'} will be refused.`,
      );
    }
    const added = Object.keys(after.scopes).filter((s) => !(s in before.scopes));
    if (added.length) {
      out.push({
        kind: 'security-scheme-changed',
        level: 'info',
        message: `Security scheme ${name} offers the new ${flow} scope${added.length === 1 ? '' : 's'} ${added.join(', ')}.`,
      });
    }
  }
  for (const flow of Object.keys(hf)) {
    if (!bf[flow]) out.push({ kind: 'security-scheme-changed', level: 'info', message: `Security scheme ${name} now also offers the OAuth ${flow} flow.` });
  }
  return out;
}
