// An access token for an OAuth 2.0 or OpenID Connect scheme, got as a client gets one: the
// authorization code flow with PKCE (RFC 7636, S256) in a window that comes back to this
// site's oauth-callback.html, or client credentials. The endpoints are the scheme's declared
// flow's, or its OpenID Connect discovery document's. The client's secret and the code verifier
// go only to that token endpoint; the token goes in the scheme's Access token field, and from
// there only to the target the reader chose. Loaded when the reader first asks for a token.
import { schemeOf, target, type Panel } from './form.ts';
import type { AuthSchemeSpec, OAuthFlowSpec } from './types.ts';

type Flow = OAuthFlowSpec['kind'];
interface Endpoints {
  authorizationUrl?: string;
  tokenUrl: string;
}

class OAuthProblem extends Error {}

/** An endpoint as an absolute http(s) URL; a relative one is relative to the chosen server. */
function endpoint(url: string | undefined, p: Panel, what: string): string {
  try {
    const absolute = url ? new URL(url, target(p).base || location.href) : undefined;
    if (absolute && /^https?:$/.test(absolute.protocol)) return absolute.href;
  } catch {}
  throw new OAuthProblem(`The ${what} (${url ?? 'none'}) is not an http:// or https:// address.`);
}

async function fetchJson(url: string, init: RequestInit, what: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, credentials: 'omit', signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new OAuthProblem(`${what} at ${new URL(url).origin} did not answer this page: it must be running and allow requests from ${location.origin} (CORS).`);
  }
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const reason = [body.error, body.error_description].filter((part) => typeof part === 'string').join(': ');
    throw new OAuthProblem(`${what} answered ${response.status}${reason ? ` (${reason})` : ''}.`);
  }
  return body;
}

async function endpoints(spec: NonNullable<AuthSchemeSpec['oauth']>, flow: Flow, p: Panel): Promise<Endpoints> {
  if (spec.discovery) {
    const found = await fetchJson(endpoint(spec.discovery, p, 'OpenID Connect discovery URL'), {}, 'The OpenID Connect discovery document');
    const authorizationUrl = flow === 'authorizationCode' ? endpoint(String(found.authorization_endpoint ?? ''), p, 'authorization endpoint') : undefined;
    return { authorizationUrl, tokenUrl: endpoint(String(found.token_endpoint ?? ''), p, 'token endpoint') };
  }
  const declared = spec.flows.find((candidate) => candidate.kind === flow);
  if (!declared) throw new OAuthProblem('The scheme declares no such flow.');
  return {
    authorizationUrl: declared.authorizationUrl && endpoint(declared.authorizationUrl, p, 'authorization URL'),
    tokenUrl: endpoint(declared.tokenUrl, p, 'token URL'),
  };
}

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
const random = (size: number) => base64url(crypto.getRandomValues(new Uint8Array(size)));

/** The token endpoint's answer to a grant; the client authenticates with HTTP Basic when it has a secret (RFC 6749, 2.3.1). */
async function tokenRequest(url: string, grant: Record<string, string>, clientId: string, secret: string): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  const fields = new URLSearchParams(grant);
  if (secret) headers.Authorization = `Basic ${btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`)}`;
  else fields.set('client_id', clientId);
  const answer = await fetchJson(url, { method: 'POST', headers, body: fields }, 'The token endpoint');
  if (typeof answer.access_token !== 'string' || answer.access_token === '') throw new OAuthProblem('The token endpoint answered without an access_token.');
  return answer;
}

/** Waits for oauth-callback.html, in the window opened, to hand back the authorization server's answer. */
function callback(popup: Window, state: string): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const done = () => {
      window.removeEventListener('message', listen);
      clearInterval(watch);
      popup.close();
    };
    const listen = (event: MessageEvent) => {
      if (event.origin !== location.origin || event.source !== popup || event.data?.type !== 'try-it-oauth') return;
      done();
      const answer = new URLSearchParams(String(event.data.search ?? ''));
      if (answer.get('state') !== state) reject(new OAuthProblem('The answer does not carry the state this page sent: it was not taken.'));
      else resolve(answer);
    };
    const watch = setInterval(() => {
      if (!popup.closed) return;
      done();
      reject(new OAuthProblem('The sign-in window was closed before it answered.'));
    }, 500);
    window.addEventListener('message', listen);
  });
}

async function authorizationCode(box: HTMLElement, urls: Endpoints, client: Record<string, string>, popup: Window | null): Promise<Record<string, unknown>> {
  if (!popup) throw new OAuthProblem('The browser blocked the sign-in window: allow pop-ups for this site, then ask again.');
  if (!crypto.subtle) throw new OAuthProblem('PKCE needs this page on https:// or localhost (the browser hides its hashing elsewhere).');
  const verifier = random(48);
  const challenge = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
  const state = random(16);
  const redirectUri = new URL(box.querySelector('[data-oauth-redirect]')!.textContent!, location.origin).href;
  const url = new URL(urls.authorizationUrl!);
  const query = {
    response_type: 'code',
    client_id: client.clientId!,
    redirect_uri: redirectUri,
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  };
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  if (client.scopes) url.searchParams.set('scope', client.scopes);
  popup.location.href = url.href;
  const answer = await callback(popup, state);
  const refused = answer.get('error');
  if (refused)
    throw new OAuthProblem(`The authorization server refused: ${refused}${answer.get('error_description') ? `: ${answer.get('error_description')}` : ''}.`);
  const grant = { grant_type: 'authorization_code', code: answer.get('code') ?? '', redirect_uri: redirectUri, code_verifier: verifier };
  return tokenRequest(urls.tokenUrl, grant, client.clientId!, client.clientSecret!);
}

/**
 * Gets a token with the flow chosen in the scheme's "Get a token" box and puts it in its Access
 * token field. `popup` is the window the click opened for the authorization code flow (a page
 * may open one only while handling the click); it is closed whatever happens.
 */
export async function getToken(p: Panel, button: HTMLButtonElement, changed: () => void, popup: Window | null): Promise<void> {
  try {
    await tokenInto(p, button, changed, popup);
  } finally {
    popup?.close();
  }
}

async function tokenInto(p: Panel, button: HTMLButtonElement, changed: () => void, popup: Window | null): Promise<void> {
  const box = button.closest<HTMLElement>('[data-oauth]')!;
  const scheme = box.dataset.oauth!;
  const status = box.querySelector<HTMLElement>('[data-oauth-status]')!;
  const client = Object.fromEntries([...box.querySelectorAll<HTMLInputElement>('[data-auth-part]')].map((f) => [f.dataset.authPart!, f.value.trim()]));
  const flow = box.querySelector<HTMLSelectElement>('[data-oauth-flow]')!.value as Flow;
  const spec = p.data.schemes.find((s) => s.name === scheme)?.oauth;
  if (!spec || button.getAttribute('aria-disabled') === 'true') return;
  if (!client.clientId) {
    status.textContent = 'Enter the client ID first.';
    box.querySelector<HTMLInputElement>('[data-auth-part="clientId"]')!.focus();
    return;
  }
  button.setAttribute('aria-disabled', 'true');
  status.textContent = flow === 'clientCredentials' ? 'Asking the token endpoint…' : 'Waiting for the sign-in window…';
  try {
    const urls = await endpoints(spec, flow, p);
    const grant = { grant_type: 'client_credentials', ...(client.scopes ? { scope: client.scopes } : {}) };
    const answer =
      flow === 'clientCredentials'
        ? await tokenRequest(urls.tokenUrl, grant, client.clientId, client.clientSecret ?? '')
        : await authorizationCode(box, urls, client, popup);
    const field = p.authInputs.find((input) => schemeOf(input) === scheme && input.dataset.authPart === 'secret')!;
    field.value = String(answer.access_token);
    changed();
    const expires = typeof answer.expires_in === 'number' ? `, valid for ${answer.expires_in} s` : '';
    status.textContent = `Token received${expires}. It is in the Access token field: Send and the samples use it.`;
  } catch (error) {
    status.textContent = error instanceof OAuthProblem ? error.message : `No token: ${(error as Error).message}`;
  } finally {
    button.removeAttribute('aria-disabled');
  }
}
