// Name-based UUIDs (RFC 9562, version 5): the same name gives the same id on every build. Node's
// crypto makes random UUIDs only; version 5 is a SHA-1 of the namespace and the name, a few lines.
import { createHash } from 'node:crypto';

/** The version 5 UUID of `name` in `namespace` (a UUID), as `urn:uuid:…`. */
export function nameUuid(namespace: string, name: string): string {
  const hash = createHash('sha1')
    .update(Buffer.from(namespace.replace(/-/g, ''), 'hex'))
    .update(name, 'utf8')
    .digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
