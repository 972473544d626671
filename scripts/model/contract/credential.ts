// Where a security scheme's credential travels and in what form (types.ts, Credential): decided
// once here from the scheme, then read by the try-it panel and the code samples (which write it),
// the mock (which checks it), the home page's and the terminal's example requests, and the
// sentence that describes the scheme. Pure, no Node: the panel's browser bundle writes credentials with it.
import type { Credential, SecurityScheme } from './types.ts';

export type { Credential };

/** The placeholders samples write where a secret goes (Credential.placeholder): never a credential themselves. */
export const CREDENTIAL_PLACEHOLDER = /<(?:API_KEY|ACCESS_TOKEN|BASE64_USER_AND_PASSWORD|CREDENTIALS)>/;

/** The credential of a scheme, or undefined when none travels in the request (mutualTLS is below HTTP). */
export function credentialOf(scheme: Pick<SecurityScheme, 'type' | 'scheme' | 'in' | 'paramName'>): Credential | undefined {
  switch (scheme.type) {
    case 'apiKey': {
      const name = scheme.paramName ?? '';
      return { in: scheme.in ?? 'header', name, form: 'key', placeholder: '<API_KEY>', sample: '<API_KEY>' };
    }
    case 'http': {
      const word = (scheme.scheme ?? 'bearer').toLowerCase();
      if (word === 'bearer') return authorization('bearer', 'Bearer', '<API_KEY>');
      if (word === 'basic') return authorization('basic', 'Basic', '<BASE64_USER_AND_PASSWORD>');
      // Other HTTP schemes (Digest, HOBA…): the scheme's own word leads the value, as declared.
      return authorization('scheme', scheme.scheme ?? word, '<CREDENTIALS>');
    }
    case 'oauth2':
    case 'openIdConnect':
      return authorization('bearer', 'Bearer', '<ACCESS_TOKEN>');
    default:
      return undefined;
  }
}

function authorization(form: Credential['form'], prefix: string, placeholder: string): Credential {
  return { in: 'header', name: 'Authorization', form, prefix, placeholder, sample: `${prefix} ${placeholder}` };
}

function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The value a credential travels with, the secret written in its form: a token or key, or a user
 * name and password for Basic. For the `scheme` form a secret already led by the scheme's word is
 * taken as the whole value.
 */
export function credentialValue(credential: Credential, secret: string | { username: string; password: string }): string {
  if (typeof secret !== 'string') return `Basic ${base64(`${secret.username}:${secret.password}`)}`;
  if (credential.form === 'key' || !credential.prefix) return secret;
  if (credential.form === 'scheme' && secret.toLowerCase().startsWith(`${credential.prefix.toLowerCase()} `)) return secret;
  return `${credential.prefix} ${secret}`;
}
