// Plain-language descriptions of security schemes ("Bearer token in the Authorization header").
import type { SecurityScheme } from '../../../scripts/model/types.ts';

export function schemeText(scheme: SecurityScheme | undefined): string {
  if (!scheme) return 'Unknown scheme';
  switch (scheme.type) {
    case 'http':
      if (scheme.scheme === 'bearer') return `Bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in the Authorization header`;
      if (scheme.scheme === 'basic') return 'HTTP Basic authentication (user name and password) in the Authorization header';
      return `HTTP ${scheme.scheme ?? ''} authentication in the Authorization header`.replace(/\s+/g, ' ');
    case 'apiKey':
      // "in the X-API-Key header", "in the api_key query parameter", "in the session cookie".
      return `API key in the ${scheme.paramName ? `${scheme.paramName} ` : ''}${scheme.in === 'query' ? 'query parameter' : scheme.in === 'cookie' ? 'cookie' : 'header'}`;
    case 'oauth2':
      return `OAuth 2.0 (${Object.keys(scheme.flows ?? {}).join(', ') || 'no flows listed'})`;
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'Mutual TLS (a client certificate)';
    default:
      return 'Unknown scheme';
  }
}
