// The security requirements an operation declares, turned into one check
// per request. The mock accepts any credential of the right form (it has no
// accounts): what it checks is presence and shape, as a client would get
// wrong.
import type { SecurityRequirement, SecurityScheme } from '../model/types.ts';

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

export interface SecurityCheck {
  /** undefined when the request satisfies one of the alternatives. */
  (request: RequestCredentials): SecurityFailure | undefined;
}

const BEARER = /^bearer[ \t]+(\S.*)$/i;
const BASIC = /^basic[ \t]+([A-Za-z0-9+/=._~-]+)[ \t]*$/i;

function header(request: RequestCredentials, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookie(request: RequestCredentials, name: string): string | undefined {
  const raw = header(request, 'cookie');
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

function schemeCheck(scheme: SecurityScheme | undefined): { check: Check; hint: string } {
  if (!scheme) return { check: () => undefined, hint: '' };
  const bearer = (label: string) => ({
    hint: `Send ${label} as Authorization: Bearer <${label === 'your API key' ? 'API_KEY' : 'TOKEN'}>.`,
    check: (r: RequestCredentials) => {
      const value = header(r, 'authorization');
      if (value === undefined || value.trim() === '') return 'The Authorization header is missing.';
      const m = BEARER.exec(value.trim());
      if (!m) return 'The Authorization header is not of the form Bearer <key>.';
      return undefined;
    },
  });
  switch (scheme.type) {
    case 'http': {
      const name = (scheme.scheme ?? 'bearer').toLowerCase();
      if (name === 'bearer') return bearer('your API key');
      if (name === 'basic') {
        return {
          hint: 'Send Authorization: Basic <base64 of user:password>.',
          check: (r) => {
            const value = header(r, 'authorization');
            if (value === undefined || value.trim() === '') return 'The Authorization header is missing.';
            const m = BASIC.exec(value.trim());
            if (!m || !Buffer.from(m[1], 'base64').toString('utf8').includes(':')) {
              return 'The Authorization header is not of the form Basic <base64 of user:password>.';
            }
            return undefined;
          },
        };
      }
      // Other HTTP schemes (digest, hoba…): the scheme name must lead the header.
      return {
        hint: `Send Authorization: ${scheme.scheme} <credentials>.`,
        check: (r) => {
          const value = header(r, 'authorization')?.trim() ?? '';
          if (value === '') return 'The Authorization header is missing.';
          return value.toLowerCase().startsWith(`${name} `) && value.length > name.length + 1
            ? undefined
            : `The Authorization header does not use the ${scheme.scheme} scheme.`;
        },
      };
    }
    case 'apiKey': {
      const param = scheme.paramName ?? 'api_key';
      if (scheme.in === 'query') {
        return {
          hint: `Send your API key in the ${param} query parameter.`,
          check: (r) => (r.query?.get(param) ? undefined : `The ${param} query parameter is missing.`),
        };
      }
      if (scheme.in === 'cookie') {
        return {
          hint: `Send your API key in the ${param} cookie.`,
          check: (r) => (cookie(r, param) ? undefined : `The ${param} cookie is missing.`),
        };
      }
      return {
        hint: `Send your API key in the ${param} header.`,
        check: (r) => (header(r, param.toLowerCase())?.trim() ? undefined : `The ${param} header is missing.`),
      };
    }
    case 'oauth2':
    case 'openIdConnect':
      return bearer('an access token');
    default:
      // mutualTLS happens below HTTP; nothing to check here.
      return { check: () => undefined, hint: '' };
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
  if (scheme.type === 'apiKey') return `ApiKey ${quoted}, in="${scheme.in ?? 'header'}", name="${quotable(scheme.paramName ?? '')}"`;
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
