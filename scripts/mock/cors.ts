// CORS for a mock: every origin may call it (the portal's try-it panel, a
// local app, a notebook), credentials included, so the origin is echoed
// rather than `*` (a credentialed request ignores `*`, in Allow-Origin and in
// Expose-Headers alike).

/** Always exposed, besides every header the document declares on a response. */
export const ALWAYS_EXPOSED = ['Deprecation', 'Sunset', 'Link', 'Location', 'WWW-Authenticate', 'Allow', 'Retry-After'];

const DEFAULT_ALLOWED_HEADERS = 'Accept, Authorization, Content-Type, Prefer';
const ALL_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
const VALID_ORIGIN = /^[!-~]{1,2048}$/;
const VALID_HEADER_LIST = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+(?:[ \t]*,[ \t]*[!#$%&'*+.^_`|~0-9A-Za-z-]+)*$/;

export function exposeHeaderList(declared: Iterable<string>): string {
  const seen = new Map<string, string>();
  for (const name of [...ALWAYS_EXPOSED, ...declared]) {
    if (/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), name);
  }
  return [...seen.values()].join(', ');
}

/** The Origin header when it is one we can echo, else undefined. */
export function readOrigin(value: string | undefined): string | undefined {
  return value !== undefined && VALID_ORIGIN.test(value) ? value : undefined;
}

/** Headers added to every answer of a request that carries an Origin. */
export function corsHeaders(origin: string, expose: string): string[] {
  return ['Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Credentials', 'true', 'Access-Control-Expose-Headers', expose];
}

export function preflightHeaders(origin: string, allow: string | undefined, requestHeaders: string | undefined, privateNetwork: boolean): string[] {
  const headers = [
    'Access-Control-Allow-Origin',
    origin,
    'Access-Control-Allow-Credentials',
    'true',
    'Access-Control-Allow-Methods',
    allow ?? ALL_METHODS,
    'Access-Control-Allow-Headers',
    requestHeaders !== undefined && VALID_HEADER_LIST.test(requestHeaders.trim()) ? requestHeaders.trim() : DEFAULT_ALLOWED_HEADERS,
    'Access-Control-Max-Age',
    '600',
    'Vary',
    'Origin, Access-Control-Request-Method, Access-Control-Request-Headers',
  ];
  // Chrome asks before a public page may call a server on the user's own machine.
  if (privateNetwork) headers.push('Access-Control-Allow-Private-Network', 'true');
  return headers;
}
