// Which web pages may use the mock's own routes (`/__mock/*`: the request
// journal, resets) and have callbacks sent to their own machine. The API's
// operations answer CORS to every origin, as a mock should; its own routes
// answer only the portal (`--site`) and the mock's own origin, each under any
// loopback name when it is on loopback, so a page the reader happens to visit
// can neither read the journal nor wipe the sessions. Requests from outside a
// browser (curl, a test runner, Playwright's request context) carry no Origin
// and are not concerned. Pure, given the two origins.
import { isIP } from 'node:net';
import { printable } from './log.ts';

/** Loopback by name (`localhost`, `*.localhost`) or by address (127.0.0.0/8, ::1, and their IPv4-mapped forms). */
export function isLoopback(hostname: string): boolean {
  const host = canonicalHost(hostname);
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  return (isIP(host) === 4 && host.startsWith('127.')) || host === '::1';
}

/**
 * A host as it is compared: lower case, without brackets, an IPv6 address in its shortest form,
 * and an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, which URLs write `::ffff:7f00:1`) as the
 * IPv4 address it is.
 */
export function canonicalHost(hostname: string): string {
  const host = hostname
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(host) !== 6) return host;
  let short: string;
  try {
    short = new URL(`http://[${host}]/`).hostname.slice(1, -1);
  } catch {
    return host;
  }
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(short);
  if (!mapped) return short;
  const high = Number.parseInt(mapped[1]!, 16);
  const low = Number.parseInt(mapped[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

interface Parsed {
  protocol: string;
  hostname: string;
  port: string;
}

function parseOrigin(text: string): Parsed | undefined {
  try {
    const url = new URL(text);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return { protocol: url.protocol, hostname: canonicalHost(url.hostname), port: url.port || (url.protocol === 'https:' ? '443' : '80') };
  } catch {
    return undefined;
  }
}

/** Two origins that are one, allowing any loopback name for a loopback one. */
function sameOrigin(a: Parsed, b: Parsed): boolean {
  if (a.protocol !== b.protocol || a.port !== b.port) return false;
  return a.hostname === b.hostname || (isLoopback(a.hostname) && isLoopback(b.hostname));
}

export interface OriginPolicy {
  /** A page of this origin may use the mock's own routes. */
  trusted(origin: string): boolean;
  /**
   * Why a request to the mock's own routes is refused, or undefined when it may go on: a page
   * of another origin (by its Origin, or by Sec-Fetch-Site where a browser sends no Origin).
   */
  refusal(request: AdminRequest): string | undefined;
}

export interface AdminRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}

const one = (value: string | string[] | undefined): string | undefined => (Array.isArray(value) ? value[0] : value);

/**
 * The policy for a mock whose portal is at `site` and which listens on `host`, its port read
 * when asked (a mock on port 0 learns it once it listens).
 */
export function originPolicy(site: string, host: string, port: () => number): OriginPolicy {
  const portal = parseOrigin(site);
  const portalName = portal ? new URL(site).origin : printable(site, 100);
  const listening = canonicalHost(host);
  const own = (): Parsed => ({ protocol: 'http:', hostname: listening, port: String(port()) });
  const trusted = (origin: string): boolean => {
    const page = parseOrigin(origin);
    if (!page) return false;
    return (portal !== undefined && sameOrigin(page, portal)) || sameOrigin(page, own());
  };
  /** A name the mock is known by: loopback, or the address it was told to listen on. */
  const knownHost = (value: string | undefined): boolean => {
    if (value === undefined) return false;
    const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
    const canonical = canonicalHost(name);
    return isLoopback(canonical) || (canonical === listening && listening !== '0.0.0.0' && listening !== '::');
  };
  return {
    trusted,
    refusal({ method, headers }) {
      const origin = one(headers.origin);
      if (origin !== undefined) {
        if (trusted(origin)) return undefined;
        return `A page of ${printable(origin, 100)} may not use the mock's own routes; only the portal (${portalName}) and the mock's own origin may.`;
      }
      const fetchSite = one(headers['sec-fetch-site'])?.toLowerCase();
      // No Origin and no Sec-Fetch-Site: not a browser's page (curl, a test runner).
      if (fetchSite === undefined || fetchSite === 'none') return undefined;
      // Opening the journal in a tab shows it to the reader, not to a page.
      if (one(headers['sec-fetch-mode'])?.toLowerCase() === 'navigate' && (method === 'GET' || method === 'HEAD')) return undefined;
      // A page of the mock's own origin (it serves none) under a name it is known by; another name is a rebinding.
      if (fetchSite === 'same-origin' && knownHost(one(headers.host))) return undefined;
      return "A page of another origin may not use the mock's own routes.";
    },
  };
}
