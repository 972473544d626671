// Request headers a page may not set: the Fetch standard's forbidden request-header
// names. The panel drops them before sending, and the page says beside each such
// parameter that only the curl command carries it; both read this one list.
// User-Agent left the standard's list, but Chromium still drops it, so it stays here.
import { headerProblem } from '../../lib/request-encoding.ts';

export const BROWSER_FORBIDDEN_HEADER =
  /^(accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie|cookie2|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|user-agent|via|proxy-.*|sec-.*)$/i;

/** Whether a browser sends a header of this name from a page's script. */
export function browserSends(name: string): boolean {
  return !BROWSER_FORBIDDEN_HEADER.test(name.trim());
}

/**
 * Why fetch would refuse this header, in words, or undefined: a name that is no token, a value
 * with a line break or control character (request-encoding.ts), or a character beyond Latin-1,
 * which a browser cannot put in a header (curl sends it as UTF-8).
 */
export function headerValueProblem(name: string, value: string): string | undefined {
  const problem = headerProblem(name, value);
  if (problem) return problem;
  if (/[\u0100-\u{10ffff}]/u.test(value))
    return `the value of the ${name} header has a character a browser cannot send in a header (only Latin-1); the curl sample sends it`;
  return undefined;
}
