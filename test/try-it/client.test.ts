// The try-it panel as a client, in real Chromium: OAuth 2.0 tokens got from the test's own
// authorization server (authorization code with PKCE through its consent page, client
// credentials, OpenID Connect discovery) and then used by Send and shown in the sample; the
// reader's headers and cookies, environments, the history; a streamed answer shown as its
// events arrive; the whole path by keyboard; axe on the opened panel, light and dark, desktop
// and phone. The API is a server the test starts and records.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from '../helpers/browser.ts';
import { type OAuthClient, type OAuthServer, startOAuthServer } from '../helpers/oauth-server.ts';
import { ROOT } from '../helpers/paths.ts';
import { refused } from '../helpers/ports.ts';
import { type Recorder, startRecorder } from '../helpers/recorder.ts';
import { openPanel, openSection, sampleCode, send, startTryItSite, type TryItSite } from './helpers.ts';

let dir: string;
let api: Recorder;
let oauth: OAuthServer;
let site: TryItSite;
const clients: OAuthClient[] = [
  { id: 'portal', redirectUris: [] },
  { id: 'robot', secret: 'r0bot-secret', redirectUris: [] },
];
/** Open event streams of the API, for the test to write to and end. */
const feeds: ServerResponse[] = [];

beforeAll(async () => {
  api = await startRecorder((request, res) => {
    const cors = {
      'Access-Control-Allow-Origin': String(request.headers.origin ?? '*'),
      'Access-Control-Allow-Methods': 'GET, POST',
      'Access-Control-Allow-Headers': String(request.headers['access-control-request-headers'] ?? ''),
    };
    if (request.method === 'OPTIONS') res.writeHead(204, cors).end();
    else if (request.target.startsWith('/feed')) {
      res.writeHead(200, { ...cors, 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      res.write('event: arrival\ndata: {"name":"Tom"}\n\n');
      feeds.push(res);
    } else res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('[]');
  });
  oauth = await startOAuthServer(clients);
  dir = mkdtempSync(join(tmpdir(), 'try-it-client-'));
  const spec = join(dir, 'openapi.yaml');
  const text = readFileSync(join(ROOT, 'test/try-it/fixtures/client.yaml'), 'utf8');
  writeFileSync(spec, text.replaceAll('__TARGET__', api.origin).replaceAll('__OAUTH__', oauth.origin));
  site = await startTryItSite(spec, 'try-it-client');
  for (const client of clients) client.redirectUris.push(`${site.portal.url}/oauth-callback.html`);
});

afterAll(async () => {
  for (const feed of feeds) feed.destroy();
  await site?.close();
  for (const server of [api, oauth]) {
    if (!server) continue;
    await server.close();
    expect(await refused(server.port)).toBe(true);
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function open(slug: string, context?: BrowserContext): Promise<Page> {
  const page = await (context ?? site.browser).newPage();
  await page.goto(`${site.portal.url}/operations/${slug}/`);
  await openPanel(page, { target: 'first' });
  api.requests.length = 0;
  return page;
}

const lastSent = () => api.requests.filter((r) => r.method !== 'OPTIONS').at(-1);
const tokenBox = (page: Page, scheme: string) => page.locator(`[data-oauth="${scheme}"]`);

async function getToken(page: Page, scheme: string, flow: string, client: { id: string; secret?: string }): Promise<string> {
  const box = tokenBox(page, scheme);
  if ((await box.getAttribute('open')) === null) await box.locator('summary').click();
  await box.getByLabel('Flow').selectOption({ label: flow });
  await box.getByLabel('Client ID').fill(client.id);
  await box.getByLabel('Client secret').fill(client.secret ?? '');
  const status = box.locator('[data-oauth-status]');
  // The flow's code loads on the first click: until it runs, the status still shows the last answer.
  const before = (await status.textContent()) ?? '';
  await box.getByRole('button', { name: 'Get token' }).click();
  const answered = status.filter({ hasText: /Token received|answered|not|closed|blocked/ });
  await (before ? answered.filter({ hasNotText: before }) : answered).waitFor();
  return (await status.textContent()) ?? '';
}

/** Asks for a token by authorization code as the public client `portal`, and answers the consent page in the window it opens. */
async function consent(page: Page, decision: 'Allow' | 'Deny') {
  const box = tokenBox(page, 'staff');
  await box.locator('summary').click();
  await box.getByLabel('Client ID').fill('portal');
  const popupOpened = page.waitForEvent('popup');
  await box.getByRole('button', { name: 'Get token' }).click();
  const popup = await popupOpened;
  await popup.getByRole('button', { name: decision }).click();
  return { box, popup };
}

describe('OAuth 2.0 and OpenID Connect, against the test’s own authorization server', () => {
  it('authorization code with PKCE: consent in a window, then the token in the sample and in what Send sends', async () => {
    const page = await open('list-staff-animals');
    const { box, popup } = await consent(page, 'Allow');
    await box.locator('[data-oauth-status]').filter({ hasText: 'Token received' }).waitFor();
    // The panel closed the window once it had the answer.
    await expect.poll(() => popup.isClosed()).toBe(true);
    const issued = oauth.issued.at(-1)!;
    expect(issued).toMatchObject({ grant: 'authorization_code', client: 'portal', scope: 'animals:read' });
    // The authorization request asked for S256, and the token request proved it with the verifier (the server checked).
    const asked = oauth.authorizations.at(-1)!;
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('redirect_uri')).toBe(`${site.portal.url}/oauth-callback.html`);
    expect(oauth.tokenRequests.at(-1)!.fields.get('code_verifier')).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    expect(await page.getByLabel('Access token, staff').inputValue()).toBe(issued.token);
    expect(await sampleCode(page)).toContain(`Authorization: Bearer ${issued.token}`);
    expect(await send(page)).toMatch(/^Response: 200 OK/);
    expect(lastSent()?.headers.authorization).toBe(`Bearer ${issued.token}`);
    await page.close();
  });

  it('a denied consent is said as the server said it, and nothing is kept', async () => {
    const page = await open('list-staff-animals');
    const { box } = await consent(page, 'Deny');
    await box.locator('[data-oauth-status]').filter({ hasText: 'refused' }).waitFor();
    expect(await box.locator('[data-oauth-status]').textContent()).toBe('The authorization server refused: access_denied.');
    expect(await page.getByLabel('Access token, staff').inputValue()).toBe('');
    await page.close();
  });

  it('client credentials with the client’s secret; a wrong secret is the server’s own refusal', async () => {
    const page = await open('list-staff-animals');
    expect(await getToken(page, 'staff', 'Client credentials', { id: 'robot', secret: 'wrong' })).toBe(
      'The token endpoint answered 401 (invalid_client: Unknown client or wrong secret.).',
    );
    expect(await getToken(page, 'staff', 'Client credentials', { id: 'robot', secret: 'r0bot-secret' })).toMatch(/^Token received, valid for 3600 s\./);
    const issued = oauth.issued.at(-1)!;
    expect(issued).toMatchObject({ grant: 'client_credentials', client: 'robot', scope: 'animals:read' });
    expect(oauth.tokenRequests.at(-1)!.basic).toBe(true);
    expect(await sampleCode(page)).toContain(`Bearer ${issued.token}`);
    expect(await send(page)).toMatch(/^Response: 200 OK/);
    expect(lastSent()?.headers.authorization).toBe(`Bearer ${issued.token}`);
    // The client's secret went to the token endpoint only: never to the API.
    expect(api.requests.some((r) => JSON.stringify(r.headers).includes('r0bot-secret') || r.target.includes('r0bot-secret'))).toBe(false);
    await page.close();
  });

  it('OpenID Connect: the endpoints found by discovery', async () => {
    const page = await open('list-staff-animals');
    await page.getByLabel('Authenticate with').selectOption({ label: 'sso' });
    expect(await getToken(page, 'sso', 'Client credentials', { id: 'robot', secret: 'r0bot-secret' })).toMatch(/^Token received/);
    const issued = oauth.issued.at(-1)!;
    expect(await send(page)).toMatch(/^Response: 200 OK/);
    expect(lastSent()?.headers.authorization).toBe(`Bearer ${issued.token}`);
    await page.close();
  });
});

describe('the panel as a client', () => {
  it('headers and cookies of the reader’s own go with every request, on every page, and into the samples', async () => {
    const context = await site.browser.newContext();
    const page = await open('get-animal', context);
    await openSection(page, 'Headers and cookies');
    await page.getByRole('button', { name: 'Add a header' }).click();
    await page.getByLabel('Header name').fill('X-Tenant');
    await page.getByLabel('Value').fill('acme');
    await page.getByRole('button', { name: 'Add a cookie' }).click();
    await page.getByLabel('Cookie name').fill('region');
    await page.getByLabel('Value').nth(1).fill('eu west');
    const code = await sampleCode(page);
    expect(code).toContain('X-Tenant: acme');
    expect(code).toContain('region=eu%20west');
    expect(await send(page)).toContain('Cookie not sent by the browser');
    expect(lastSent()?.headers['x-tenant']).toBe('acme');
    // The next page has them, in its sample before the panel opens.
    await page.goto(`${site.portal.url}/operations/add-animal/`);
    await expect.poll(() => page.locator('pre[data-lang="sh"]').textContent()).toContain('X-Tenant: acme');
    await context.close();
  });

  it('environments: a named set of target and credentials, put back with one button on another page', async () => {
    const context = await site.browser.newContext();
    const page = await open('get-animal', context);
    await page.getByLabel('API key (Bearer token)').fill('staging-key');
    await page.getByLabel('Send requests to').selectOption({ label: `The next version: ${api.origin}/v2` });
    await openSection(page, 'Environments');
    await page.getByLabel('Name', { exact: true }).fill('staging');
    // Enter in the name saves it; it sends nothing.
    await page.getByLabel('Name', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Use staging' }).waitFor();
    expect(api.requests).toEqual([]);
    // Something else, then the environment again on another page.
    await openSection(page, 'Authentication');
    await page.getByLabel('API key (Bearer token)').fill('other-key');
    await page.getByLabel('Send requests to').selectOption({ label: `The shelter's API: ${api.origin}` });
    await page.goto(`${site.portal.url}/operations/add-animal/`);
    await openPanel(page, { target: 'first' });
    await openSection(page, 'Environments');
    await page.getByRole('button', { name: 'Use staging' }).click();
    expect(await page.getByLabel('Send requests to').inputValue()).toBe('server-1');
    expect(await page.getByLabel('API key (Bearer token)').inputValue()).toBe('staging-key');
    expect(await page.locator('[data-env-state]').textContent()).toBe('(staging)');
    const code = await sampleCode(page);
    expect(code).toContain(`${api.origin}/v2/animals`);
    expect(code).toContain('Bearer staging-key');
    // Remembered on this device, a new tab has the environment too.
    await openSection(page, 'Authentication');
    await page.getByLabel('Remember on this device').check();
    const other = await open('get-animal', context);
    await openSection(other, 'Environments');
    await other.getByRole('button', { name: 'Use staging' }).waitFor();
    await context.close();
  });

  it('the history of an operation: each request with its status, loaded back with one button', async () => {
    const page = await open('get-animal');
    await page.getByLabel('animalId').fill('11');
    expect(await send(page)).toMatch(/^Response: 200/);
    await page.getByLabel('animalId').fill('12');
    expect(await send(page)).toMatch(/^Response: 200/);
    await openSection(page, 'History');
    const entries = page.locator('[data-history] button');
    expect(await entries.allTextContents()).toEqual([
      expect.stringMatching(/^Load 200 · GET \/animals\/12 · /),
      expect.stringMatching(/^Load 200 · GET \/animals\/11 · /),
    ]);
    await entries.nth(1).click();
    expect(await page.getByLabel('animalId').inputValue()).toBe('11');
    expect(await sampleCode(page)).toContain('/animals/11');
    // No credential is kept in it.
    expect(
      await page.evaluate(() =>
        Object.entries(sessionStorage)
          .filter(([key]) => key.includes('history:'))
          .map(([, value]) => value)
          .join(''),
      ),
    ).not.toContain('Bearer');
    await page.close();
  });

  it('a streamed answer (text/event-stream) is shown as its events arrive, until the server ends it', async () => {
    const page = await open('follow-feed');
    feeds.length = 0;
    await page.locator('#try-it-send').click();
    const events = page.locator('#try-it-events li');
    await expect.poll(() => events.count()).toBe(1);
    expect(await page.locator('#try-it-status').textContent()).toMatch(/^Response: 200 OK in \d+ ms, streaming events\. Stop ends it\.$/);
    expect(await page.locator('#try-it-event-count').textContent()).toBe('1 event so far…');
    // The server has written one event and keeps the stream open: the panel shows it already.
    expect(await events.first().textContent()).toContain('{"name":"Tom"}');
    feeds[0]!.write('event: arrival\ndata: {"name":"Rex"}\n\n');
    await expect.poll(() => events.count()).toBe(2);
    feeds[0]!.end();
    await page.locator('#try-it-status').filter({ hasText: '2 events.' }).waitFor();
    expect(await page.locator('#try-it-event-count').textContent()).toBe('2 events, stream ended.');
    // The mock streams the documented events.
    await page.getByLabel('Send requests to').selectOption('mock');
    await page.locator('#try-it-send').click();
    await page.locator('#try-it-status').filter({ hasText: '3 events.' }).waitFor();
    expect(await events.allTextContents()).toEqual([
      expect.stringContaining('{"name":"Tom"}'),
      expect.stringContaining('{"name":"Rex"}'),
      expect.stringContaining('That is all for today.'),
    ]);
    await page.close();
  });

  it('by keyboard alone: open the panel, get a token, send, and read the answer', async () => {
    const page = await site.browser.newPage();
    await page.goto(`${site.portal.url}/operations/list-staff-animals/`);
    const focused = () => page.evaluate(() => document.activeElement?.id || document.activeElement?.textContent?.trim() || '');
    const tabTo = async (name: string | RegExp) => {
      for (let i = 0; i < 150 && !(typeof name === 'string' ? (await focused()) === name : name.test(await focused())); i++) await page.keyboard.press('Tab');
      expect(await focused()).toMatch(name);
    };
    await tabTo('try-it-open');
    await page.keyboard.press('Enter');
    await page.locator('#try-it-send:not([disabled])').waitFor();
    await tabTo('Get a token');
    await page.keyboard.press('Enter');
    await tabTo('try-it-auth-staff-flow');
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('#try-it-auth-staff-flow').inputValue()).toBe('clientCredentials');
    await tabTo('try-it-auth-staff-client-id');
    await page.keyboard.type('robot');
    await page.keyboard.press('Tab');
    await page.keyboard.type('r0bot-secret');
    await tabTo('Get token');
    await page.keyboard.press('Enter');
    await tokenBox(page, 'staff').locator('[data-oauth-status]').filter({ hasText: 'Token received' }).waitFor();
    // Back to Send, and Enter.
    for (let i = 0; i < 60 && (await focused()) !== 'try-it-send'; i++) await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('try-it-send');
    await page.keyboard.press('Enter');
    await page.locator('#try-it-status').filter({ hasText: 'Response: 200 OK' }).waitFor();
    expect(lastSent()?.headers.authorization).toBe(`Bearer ${oauth.issued.at(-1)!.token}`);
    await tabTo('try-it-response-body');
    await page.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1440, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const) {
      it(`axe finds no serious or critical problem in the opened panel and its answer (${theme}, ${device})`, async () => {
        const context = await site.browser.newContext({ viewport });
        await context.addInitScript((value) => localStorage.setItem('starlight-theme', value), theme);
        const page = await open('list-staff-animals', context);
        expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
        await tokenBox(page, 'staff').locator('summary').click();
        for (const section of ['Headers and cookies', 'Environments', 'History']) await openSection(page, section);
        await page.getByRole('button', { name: 'Add a header' }).click();
        expect(await send(page)).toMatch(/^Response: 200 OK/);
        const found: string[] = [];
        for (const part of ['#try-it', '#try-it-result']) found.push(...(await seriousAxeViolations(page, part)));
        expect(found).toEqual([]);
        await context.close();
      });
    }
  }
});
