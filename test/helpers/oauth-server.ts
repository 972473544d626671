// A small OAuth 2.0 authorization server on 127.0.0.1 for the try-it panel's flows, as strict as
// a real one where a client can go wrong: the authorization code flow with PKCE (S256 only; the
// token endpoint checks the verifier against the challenge, the redirect URI and the client),
// a consent page that redirects back with the code and the state, client credentials with the
// client's secret (HTTP Basic, or in the body), and OpenID Connect discovery. CORS as a real
// provider allows a browser client. Everything it saw is kept for the test to read.
import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OAuthClient {
  id: string;
  /** Absent for a public client (authorization code with PKCE only). */
  secret?: string;
  redirectUris: string[];
}

export interface OAuthServer {
  origin: string;
  port: number;
  /** Tokens issued, in order, with the grant and client. */
  issued: { token: string; grant: string; client: string; scope: string }[];
  /** Every authorization request's query, as the browser sent it. */
  authorizations: URLSearchParams[];
  /** Every token request's form fields and whether the client authenticated with HTTP Basic. */
  tokenRequests: { fields: URLSearchParams; basic: boolean }[];
  close(): Promise<void>;
}

interface Pending {
  client: string;
  redirectUri: string;
  challenge: string;
  scope: string;
}

const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

function json(res: ServerResponse, status: number, value: unknown, origin: string | undefined): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': origin ?? '*' });
  res.end(JSON.stringify(value));
}

function consentPage(query: URLSearchParams): string {
  const hidden = [...query].map(([name, value]) => `<input type="hidden" name="${htmlText(name)}" value="${htmlText(value)}">`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Allow access</title></head><body><main>
<h1>Allow ${htmlText(query.get('client_id') ?? '')} to act for you?</h1><p>It asks for: ${htmlText(query.get('scope') ?? 'nothing in particular')}.</p>
<form method="post" action="/authorize">${hidden}<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form>
</main></body></html>`;
}

export async function startOAuthServer(clients: OAuthClient[]): Promise<OAuthServer> {
  const pending = new Map<string, Pending>();
  const state: Omit<OAuthServer, 'origin' | 'port' | 'close'> = { issued: [], authorizations: [], tokenRequests: [] };
  const client = (id: string) => clients.find((c) => c.id === id);
  const issue = (grant: string, clientId: string, scope: string) => {
    const token = `tok-${base64url(randomBytes(12))}`;
    state.issued.push({ token, grant, client: clientId, scope });
    return { access_token: token, token_type: 'Bearer', expires_in: 3600, scope };
  };

  async function authorize(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const query = req.method === 'POST' ? new URLSearchParams(await body(req)) : url.searchParams;
    const registered = client(query.get('client_id') ?? '');
    const redirectUri = query.get('redirect_uri') ?? '';
    if (!registered?.redirectUris.includes(redirectUri)) {
      res.writeHead(400, { 'Content-Type': 'text/plain' }).end('Unknown client or redirect URI.');
      return;
    }
    if (req.method === 'GET') {
      state.authorizations.push(new URLSearchParams(query));
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(consentPage(query));
      return;
    }
    const back = new URL(redirectUri);
    back.searchParams.set('state', query.get('state') ?? '');
    if (query.get('decision') !== 'allow') back.searchParams.set('error', 'access_denied');
    else if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge')) back.searchParams.set('error', 'invalid_request');
    else {
      const code = base64url(randomBytes(16));
      pending.set(code, { client: registered.id, redirectUri, challenge: query.get('code_challenge')!, scope: query.get('scope') ?? '' });
      back.searchParams.set('code', code);
    }
    res.writeHead(302, { Location: back.href }).end();
  }

  async function token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const origin = req.headers.origin;
    const fields = new URLSearchParams(await body(req));
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    state.tokenRequests.push({ fields, basic: Boolean(basic) });
    const [id, secret] = basic
      ? Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map(decodeURIComponent)
      : [fields.get('client_id') ?? '', fields.get('client_secret') ?? undefined];
    const registered = client(id ?? '');
    if (!registered || (registered.secret !== undefined && registered.secret !== secret)) {
      json(res, 401, { error: 'invalid_client', error_description: 'Unknown client or wrong secret.' }, origin);
      return;
    }
    if (fields.get('grant_type') === 'client_credentials') {
      if (registered.secret === undefined) json(res, 400, { error: 'unauthorized_client', error_description: 'A public client has no secret.' }, origin);
      else json(res, 200, issue('client_credentials', registered.id, fields.get('scope') ?? ''), origin);
      return;
    }
    const found = pending.get(fields.get('code') ?? '');
    pending.delete(fields.get('code') ?? '');
    const verifier = fields.get('code_verifier') ?? '';
    const ok =
      fields.get('grant_type') === 'authorization_code' &&
      found?.client === registered.id &&
      found.redirectUri === fields.get('redirect_uri') &&
      base64url(createHash('sha256').update(verifier).digest()) === found.challenge;
    if (!ok || !found) json(res, 400, { error: 'invalid_grant', error_description: 'Code, redirect URI or PKCE verifier does not match.' }, origin);
    else json(res, 200, issue('authorization_code', registered.id, found.scope), origin);
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://oauth');
    const origin = req.headers.origin;
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Origin': origin ?? '*',
        'Access-Control-Allow-Methods': 'GET, POST',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
      });
      res.end();
      return;
    }
    const self = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/.well-known/openid-configuration') {
      json(
        res,
        200,
        { issuer: self, authorization_endpoint: `${self}/authorize`, token_endpoint: `${self}/token`, code_challenge_methods_supported: ['S256'] },
        origin,
      );
    } else if (url.pathname === '/authorize') void authorize(req, res, url);
    else if (url.pathname === '/token' && req.method === 'POST') void token(req, res);
    else res.writeHead(404).end();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    ...state,
    origin: `http://127.0.0.1:${port}`,
    port,
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
