// The security requirements an operation declares, turned into one check
// per request. The mock accepts any credential of the right form (it has no
// accounts): what it checks is presence and shape, as a client would get
// wrong.
import { CREDENTIAL_PLACEHOLDER } from '../model/contract/credential.ts';
import type { Credential, SecurityRequirement, SecurityScheme } from '../model/contract/types.ts';
import { splitCookies } from '../model/contract/wire.ts';

export interface SecurityFailure {
  message: string;
  /** Value of WWW-Authenticate. */
  challenge: string;
}

export interface RequestCredentials {
  headers: Record<string, string | string[] | undefined>;
  query: URLSearchParams | undefined;
}

type Check = (request: RequestCredentials) => string | undefined;

/** undefined when the request satisfies one of the alternatives. */
export type SecurityCheck = (request: RequestCredentials) => SecurityFailure | undefined;

const BEARER = /^bearer[ \t]+(\S.*)$/i;
const BASIC = /^basic[ \t]+([A-Za-z0-9+/=._~-]+)[ \t]*$/i;

function header(request: RequestCredentials, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookie(request: RequestCredentials, name: string): string | undefined {
  const raw = header(request, 'cookie');
  return raw ? splitCookies(raw).find(([key]) => key === name)?.[1] : undefined;
}

/** Where a credential was looked for, in the words of the messages. */
function place(credential: Credential): string {
  return credential.in === 'query'
    ? `${credential.name} query parameter`
    : credential.in === 'cookie'
      ? `${credential.name} cookie`
      : `${credential.name} header`;
}

function credentialText(request: RequestCredentials, credential: Credential): string | undefined {
  if (credential.in === 'query') return request.query?.get(credential.name) ?? undefined;
  if (credential.in === 'cookie') return cookie(request, credential.name);
  return header(request, credential.name.toLowerCase());
}

/** The check of one scheme, by where its credential travels and in what form (the model's Credential). */
function schemeCheck(scheme: SecurityScheme | undefined): { check: Check; hint: string } {
  const credential = scheme?.credential;
  // mutualTLS happens below HTTP; nothing to check here.
  if (!scheme || !credential) return { check: () => undefined, hint: '' };
  const missing = (r: RequestCredentials) => {
    const value = credentialText(r, credential);
    if (value === undefined || value.trim() === '') return `The ${place(credential)} is missing.`;
    // A sample copied as written, or the try-it panel with no key entered: the API would refuse it too.
    const placeholder = CREDENTIAL_PLACEHOLDER.exec(value)?.[0];
    return placeholder ? `The ${place(credential)} holds the placeholder ${placeholder}, not a credential: put your own in its place.` : undefined;
  };
  switch (credential.form) {
    case 'key':
      return { hint: `Send your API key in the ${place(credential)}.`, check: missing };
    case 'bearer': {
      const label = scheme.type === 'http' ? 'your API key' : 'an access token';
      return {
        hint: `Send ${label} as ${credential.name}: ${credential.sample}.`,
        check: (r) =>
          missing(r) ?? (BEARER.test(credentialText(r, credential)!.trim()) ? undefined : `The ${place(credential)} is not of the form Bearer <key>.`),
      };
    }
    case 'basic':
      return {
        hint: 'Send Authorization: Basic <base64 of user:password>.',
        check: (r) => {
          const problem = missing(r);
          if (problem) return problem;
          const m = BASIC.exec(credentialText(r, credential)!.trim());
          return m?.[1] && Buffer.from(m[1], 'base64').toString('utf8').includes(':')
            ? undefined
            : 'The Authorization header is not of the form Basic <base64 of user:password>.';
        },
      };
    default: {
      // Other HTTP schemes (digest, hoba…): the scheme's word must lead the value.
      const word = (credential.prefix ?? '').toLowerCase();
      return {
        hint: `Send Authorization: ${credential.prefix} <credentials>.`,
        check: (r) => {
          const problem = missing(r);
          if (problem) return problem;
          const value = credentialText(r, credential)!.trim();
          return value.toLowerCase().startsWith(`${word} `) && value.length > word.length + 1
            ? undefined
            : `The Authorization header does not use the ${credential.prefix} scheme.`;
        },
      };
    }
  }
}

/** Text from the document inside a challenge: quotes, backslashes and what a header cannot carry dropped. */
const quotable = (text: string) => text.replace(/[^\x20-\x7e]|["\\]/g, '');

function challengeFor(scheme: SecurityScheme | undefined, realm: string): string | undefined {
  if (!scheme) return undefined;
  const quoted = `realm="${quotable(realm)}"`;
  if (scheme.type === 'http') {
    const name = (scheme.scheme ?? 'bearer').replace(/[^!#$%&'*+.^_`|~0-9A-Za-z-]/g, '') || 'Bearer';
    return `${name.charAt(0).toUpperCase()}${name.slice(1)} ${quoted}`;
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return `Bearer ${quoted}`;
  if (scheme.type === 'apiKey' && scheme.credential) return `ApiKey ${quoted}, in="${scheme.credential.in}", name="${quotable(scheme.credential.name)}"`;
  return undefined;
}

/**
 * One check for an operation's requirements, or undefined when it needs no
 * credentials. `declaredChallenge` is the WWW-Authenticate the document
 * itself shows on the operation's 401, used instead of a made-up one.
 */
export function compileSecurity(
  requirements: SecurityRequirement[],
  schemes: SecurityScheme[],
  realm: string,
  declaredChallenge?: string,
): SecurityCheck | undefined {
  if (requirements.length === 0 || requirements.some((r) => r.schemes.length === 0)) return undefined;
  const byName = new Map(schemes.map((s) => [s.name, s]));
  const alternatives = requirements.map((r) => r.schemes.map((s) => schemeCheck(byName.get(s.name))));
  const challenges = [...new Set(requirements.flatMap((r) => r.schemes.map((s) => challengeFor(byName.get(s.name), realm))))].filter(
    (c): c is string => c !== undefined,
  );
  const challenge = declaredChallenge ?? (challenges.join(', ') || `Bearer realm="${quotable(realm)}"`);
  const hints = [
    ...new Set(
      alternatives.map((checks) =>
        checks
          .map((c) => c.hint)
          .filter(Boolean)
          .join(' '),
      ),
    ),
  ].filter(Boolean);
  const hint = hints.join(' Or: ');
  return (request) => {
    let first: string | undefined;
    for (const checks of alternatives) {
      let failed: string | undefined;
      for (const c of checks) {
        failed = c.check(request);
        if (failed) break;
      }
      if (!failed) return undefined;
      first ??= failed;
    }
    return { message: hint ? `${first} ${hint}` : (first ?? 'Credentials are required.'), challenge };
  };
}
