// A server's URL with its variables at their defaults (types.ts, Server.resolvedUrl), resolved
// once in the model for everyone who needs the address: the code samples, the try-it panel's
// first target, the operation page's note and the mock's base paths. A default is a piece of URL
// chosen by the description: `/` and `:` stay (a base path, a host and port), anything outside the
// unreserved characters is percent-encoded, so no default can add a query or end a string. Pure:
// the browser's samples read it too.

/** A server variable's value as it goes into the URL. */
export function encodeServerVariable(value: string): string {
  return [...value.toWellFormed()]
    .map((char) =>
      /^[A-Za-z0-9\-._~/:]$/.test(char) ? char : encodeURIComponent(char).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('');
}

/** The URL with each `{variable}` set to its default, encoded; a name the server does not declare stays `{name}`. */
export function resolveServerUrl(url: string, variables: Record<string, { default: string }>): string {
  return url.replace(/\{([^}]+)\}/g, (match, name: string) => {
    const variable = Object.hasOwn(variables, name) ? variables[name] : undefined;
    return variable ? encodeServerVariable(String(variable.default)) : match;
  });
}
