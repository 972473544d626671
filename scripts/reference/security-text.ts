// Plain-language descriptions of security schemes ("Bearer token in the Authorization header").
import type { SecurityScheme } from '../model/contract/types.ts';

export function schemeText(scheme: SecurityScheme | undefined): string {
  if (!scheme) return 'Unknown scheme';
  switch (scheme.type) {
    case 'http':
      if (scheme.credential?.form === 'bearer')
        return `Bearer token${scheme.bearerFormat ? ` (${scheme.bearerFormat})` : ''} in the ${scheme.credential.name} header`;
      if (scheme.credential?.form === 'basic') return `HTTP Basic authentication (user name and password) in the ${scheme.credential.name} header`;
      return `HTTP ${scheme.scheme ?? ''} authentication in the Authorization header`.replace(/\s+/g, ' ');
    case 'apiKey': {
      // "in the X-API-Key header", "in the api_key query parameter", "in the session cookie": where the model says it goes.
      const where = scheme.credential ?? { in: 'header', name: '' };
      return `API key in the ${where.name ? `${where.name} ` : ''}${where.in === 'query' ? 'query parameter' : where.in === 'cookie' ? 'cookie' : 'header'}`;
    }
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
