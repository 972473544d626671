// What an operation page says when the operation names no security requirement: only an
// operation that turns off the API's own requirements (`security: []` under a root
// `security`) is known to need none; otherwise the description simply declares none, and its
// text (GitHub's asks for token scopes) may say more.
import type { SecurityRequirement } from '#model/contract/types.ts';

export function noAuthorizationText(rootSecurity: SecurityRequirement[]): string {
  return rootSecurity.some((r) => r.schemes.length > 0) ? 'No authorization is needed.' : 'The description declares no authorization for this operation.';
}
