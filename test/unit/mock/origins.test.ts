// Which web pages may use the mock's own routes: the portal's origin and the mock's own, each
// under any loopback name when it is on loopback; a page of any other origin is refused, by its
// Origin or, where a browser sends none, by Sec-Fetch-Site. Requests from outside a browser pass.
import { describe, expect, it } from 'vitest';
import { canonicalHost, originPolicy } from '../../../scripts/mock/origins.ts';

const local = originPolicy('http://127.0.0.1:4321', '127.0.0.1', () => 4010);
const refusal = (headers: Record<string, string>, method = 'POST') => local.refusal({ method, headers });

describe('the origins trusted with the mock’s own routes', () => {
  it('the portal and the mock itself, under any loopback name', () => {
    for (const origin of ['http://127.0.0.1:4321', 'http://localhost:4321', 'http://[::1]:4321', 'http://127.0.0.1:4010', 'http://localhost:4010'])
      expect(local.trusted(origin), origin).toBe(true);
  });
  it('no other port, scheme, host, or an opaque origin', () => {
    for (const origin of ['http://127.0.0.1:4322', 'https://127.0.0.1:4321', 'http://evil.example', 'http://evil.example:4321', 'null', 'file://', ''])
      expect(local.trusted(origin), origin).toBe(false);
  });
  it('a portal published elsewhere, by its origin whatever its path', () => {
    const published = originPolicy('https://docs.example.org/api/', '0.0.0.0', () => 4010);
    expect(published.trusted('https://docs.example.org')).toBe(true);
    expect(published.trusted('https://docs.example.org:443')).toBe(true);
    expect(published.trusted('http://docs.example.org')).toBe(false);
    expect(published.trusted('https://localhost')).toBe(false);
  });
});

describe('requests to the mock’s own routes', () => {
  it('pass without Origin or Sec-Fetch-Site (curl, a test runner), and from a trusted page', () => {
    expect(refusal({})).toBeUndefined();
    expect(refusal({ origin: 'http://localhost:4321', 'sec-fetch-site': 'same-site' })).toBeUndefined();
  });
  it('are refused from a page of another origin, saying which', () => {
    expect(refusal({ origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' })).toMatch(/A page of http:\/\/evil\.example may not use/);
    expect(refusal({ origin: 'null' })).toMatch(/A page of null/);
  });
  it('are refused from a page that sends no Origin, unless it opens the route in a tab', () => {
    expect(refusal({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }, 'GET')).toMatch(/another origin/);
    expect(refusal({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, 'GET')).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }, 'POST')).toMatch(/another origin/);
    expect(refusal({ 'sec-fetch-site': 'none' }, 'GET')).toBeUndefined();
  });
  it('take a same-origin page only under a name the mock is known by (another name is a DNS rebinding)', () => {
    expect(refusal({ 'sec-fetch-site': 'same-origin', host: '127.0.0.1:4010' }, 'GET')).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'same-origin', host: 'localhost:4010' }, 'GET')).toBeUndefined();
    expect(refusal({ 'sec-fetch-site': 'same-origin', host: 'rebound.example:4010' }, 'GET')).toMatch(/another origin/);
  });
});

describe('hosts compared', () => {
  it('an IPv4-mapped address is the IPv4 address, in either spelling', () => {
    expect(canonicalHost('[::ffff:7f00:1]')).toBe('127.0.0.1');
    expect(canonicalHost('::FFFF:127.0.0.1')).toBe('127.0.0.1');
    expect(canonicalHost('0:0:0:0:0:0:0:1')).toBe('::1');
    expect(canonicalHost('Example.COM.')).toBe('example.com');
  });
});
