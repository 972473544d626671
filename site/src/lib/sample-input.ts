// The request a page's code samples show, as input for the try-it panel's request builder:
// before the reader touches anything, the request the description documents (the document's
// server, the panel's first values, the first example body); once the reader types in the
// panel, exactly what the panel would send. Credentials the reader has not entered stay
// visible placeholders, so a copied sample says what to fill in. No Node: the browser runs it too.
import { CREDENTIAL_PLACEHOLDER } from '#model/contract/credential.ts';
import type { Operation } from '#model/contract/types.ts';
import type { RequestInput } from '../scripts/try-it/types.ts';

export const PLACEHOLDER_NOTE = CREDENTIAL_PLACEHOLDER;

/** Empty credentials filled with their scheme's placeholder (`<API_KEY>`), so the sample shows where the key goes. */
export function withPlaceholders(input: RequestInput): RequestInput {
  return {
    ...input,
    auth: input.auth.map(({ scheme, values }) => {
      if (values.secret || values.username || values.password || !scheme.credential) return { scheme, values };
      // A user name and password go in encoded together: the placeholder stands for the encoded pair.
      return { scheme, values: { ...values, secret: scheme.credential.placeholder } };
    }),
  };
}

/**
 * The documented request: the panel's first values sent to its first target (the operation's
 * first server, variables at their defaults, or the mock when there is none), path parameters
 * without a value left as `{name}`, and a binary body shown as its example text when the
 * description gives one.
 */
export function documentedInput(panelInput: RequestInput, op: Operation): RequestInput {
  const media = op.requestBody?.content[0];
  const example = media?.examples.find((e) => e.value !== undefined)?.value;
  const body =
    panelInput.body?.kind === 'binary' && !panelInput.body.file && typeof example === 'string'
      ? { kind: 'text' as const, mediaType: panelInput.body.mediaType, text: example }
      : panelInput.body;
  return withPlaceholders({
    ...panelInput,
    params: panelInput.params.map((p) => (p.spec.in === 'path' && p.value === '' ? { ...p, value: `{${p.spec.name}}` } : p)),
    body,
  });
}

/** A path placeholder the builder encoded (`%7BpetId%7D`) written back as `{petId}`, readable in every sample. */
export function readablePlaceholders(url: string): string {
  return url.replace(/%7B([A-Za-z0-9_.-]+)%7D/g, '{$1}');
}
