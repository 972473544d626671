// Request headers a page may not set: the Fetch standard's forbidden request-header
// names. The panel drops them before sending, and the page says beside each such
// parameter that only the curl command carries it; both read this one list.
// User-Agent left the standard's list, but Chromium still drops it, so it stays here.
export const BROWSER_FORBIDDEN_HEADER =
  /^(accept-charset|accept-encoding|access-control-request-headers|access-control-request-method|connection|content-length|cookie|cookie2|date|dnt|expect|host|keep-alive|origin|referer|set-cookie|te|trailer|transfer-encoding|upgrade|user-agent|via|proxy-.*|sec-.*)$/i;

/** Whether a browser sends a header of this name from a page's script. */
export function browserSends(name: string): boolean {
  return !BROWSER_FORBIDDEN_HEADER.test(name.trim());
}
