import { credentialOf } from '../contract/credential.ts';
import { isObject, optionalString, type Deref } from '../document/deref.ts';
import type { SecurityRequirement, SecurityScheme } from '../contract/types.ts';

export function normalizeRequirements(raw: unknown): SecurityRequirement[] {
  if (!Array.isArray(raw)) return [];
  return raw.filter(isObject).map((requirement) => ({
    schemes: Object.entries(requirement).map(([name, scopes]) => ({
      name,
      scopes: Array.isArray(scopes) ? scopes.map(String) : [],
    })),
  }));
}

export function normalizeSecuritySchemes(raw: unknown, deref: Deref): SecurityScheme[] {
  if (!isObject(raw)) return [];
  return Object.entries(raw).flatMap(([name, value]) => {
    const scheme = deref(value);
    if (!isObject(scheme) || typeof scheme.type !== 'string') return [];
    const out: SecurityScheme = { name, type: scheme.type as SecurityScheme['type'] };
    const description = optionalString(scheme.description);
    if (description) out.description = description;
    if (typeof scheme.scheme === 'string') out.scheme = scheme.scheme.toLowerCase();
    if (typeof scheme.bearerFormat === 'string') out.bearerFormat = scheme.bearerFormat;
    if (scheme.in === 'header' || scheme.in === 'query' || scheme.in === 'cookie') out.in = scheme.in;
    if (typeof scheme.name === 'string') out.paramName = scheme.name;
    if (typeof scheme.openIdConnectUrl === 'string') out.openIdConnectUrl = scheme.openIdConnectUrl;
    if (isObject(scheme.flows)) {
      out.flows = {};
      for (const [flow, config] of Object.entries(scheme.flows)) {
        if (!isObject(config)) continue;
        out.flows[flow] = {
          authorizationUrl: optionalString(config.authorizationUrl),
          tokenUrl: optionalString(config.tokenUrl),
          refreshUrl: optionalString(config.refreshUrl),
          scopes: isObject(config.scopes) ? Object.fromEntries(Object.entries(config.scopes).map(([k, v]) => [k, String(v ?? '')])) : {},
        };
      }
    }
    const credential = credentialOf(out);
    if (credential) out.credential = credential;
    return [out];
  });
}
