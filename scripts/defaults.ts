// The addresses the product documents, in one place: the portal on 4321, the mock on 4010,
// both on the loopback interface unless a command is told otherwise.
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORTAL_PORT = 4321;
export const DEFAULT_MOCK_PORT = 4010;

/** An address as a browser types it: an IPv6 host needs brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function httpOrigin(host: string, port: number): string {
  return `http://${urlHost(host)}:${port}`;
}

/** The portal's origin, for sitemaps, `Link` headers and absolute links. */
export const DEFAULT_SITE = httpOrigin(DEFAULT_HOST, DEFAULT_PORTAL_PORT);
/** The mock server's origin, the try-it panel's default target. */
export const DEFAULT_MOCK_URL = httpOrigin(DEFAULT_HOST, DEFAULT_MOCK_PORT);
