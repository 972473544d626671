// Credentials for the API, from the command line (`--auth <secret>` or `--auth <scheme>=<secret>`,
// repeatable) and the environment (MCP_AUTH in the same form, MCP_AUTH_<SCHEME> for one scheme):
// never from the description, which names where a credential goes but not what it is. Each is
// written where and as its scheme says (the model's Credential). Against the mock, a scheme left
// without a credential gets a stand-in, since the mock takes any non-empty one.
import { credentialValue } from '../model/contract/credential.ts';
import type { AppliedCredential } from '../model/contract/example-request.ts';
import type { Operation, SecurityScheme } from '../model/contract/types.ts';

export interface Secrets {
  /** For every scheme that has no secret of its own. */
  any?: string;
  byScheme: Map<string, string>;
}

export type { AppliedCredential };

const STAND_IN = 'mock-credential';

/** The environment variable of one scheme: `MCP_AUTH_` and its name in capitals, other characters as `_`. */
export const schemeVariable = (scheme: string): string => `MCP_AUTH_${scheme.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

/** `--auth` values, then the environment's, each `<scheme>=<secret>` when the name before `=` is a scheme's, else a secret for every scheme. */
export function readSecrets(flags: string[], env: NodeJS.ProcessEnv, schemes: SecurityScheme[]): Secrets {
  const names = new Set(schemes.map((s) => s.name));
  const secrets: Secrets = { byScheme: new Map() };
  const take = (text: string) => {
    const eq = text.indexOf('=');
    const scheme = eq > 0 ? text.slice(0, eq) : '';
    if (names.has(scheme)) secrets.byScheme.set(scheme, text.slice(eq + 1));
    else if (text !== '') secrets.any = text;
  };
  if (env.MCP_AUTH) take(env.MCP_AUTH);
  for (const scheme of schemes) {
    const value = env[schemeVariable(scheme.name)];
    if (value) secrets.byScheme.set(scheme.name, value);
  }
  // The command line last: it wins over the environment.
  for (const flag of flags) take(flag);
  return secrets;
}

function write(scheme: SecurityScheme, secret: string): AppliedCredential | undefined {
  const credential = scheme.credential;
  if (!credential) return undefined;
  const colon = secret.indexOf(':');
  const value =
    credential.form === 'basic' && colon >= 0
      ? credentialValue(credential, { username: secret.slice(0, colon), password: secret.slice(colon + 1) })
      : credentialValue(credential, secret);
  return { credential, value };
}

/**
 * The credentials a call sends: those of the first alternative of the operation's requirements
 * whose every scheme has a secret; none when the operation needs none or no alternative is complete
 * (the API then answers as it does without one). Against the mock, the first alternative's missing
 * secrets are stand-ins.
 */
export function credentialsFor(op: Operation, schemes: ReadonlyMap<string, SecurityScheme>, secrets: Secrets, mock: boolean): AppliedCredential[] {
  const secretOf = (name: string) => secrets.byScheme.get(name) ?? secrets.any;
  if (op.security.length === 0 || op.security.some((r) => r.schemes.length === 0)) {
    const usable = op.security.find((r) => r.schemes.length > 0 && r.schemes.every((s) => secretOf(s.name)));
    if (!usable) return [];
  }
  const complete = op.security.find((r) => r.schemes.length > 0 && r.schemes.every((s) => secretOf(s.name)));
  const chosen = complete ?? (mock ? op.security[0] : undefined);
  if (!chosen) return [];
  return chosen.schemes.flatMap(({ name }) => {
    const scheme = schemes.get(name);
    const secret = secretOf(name) ?? (mock ? (scheme?.credential?.form === 'basic' ? 'mock:mock' : STAND_IN) : undefined);
    const applied = scheme && secret ? write(scheme, secret) : undefined;
    return applied ? [applied] : [];
  });
}
