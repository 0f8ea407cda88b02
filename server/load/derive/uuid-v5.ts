/**
 * Stable parcel ids are UUIDv5 (derive-ids.ts), which needs SHA-1, and the database cannot be asked
 * for it without an extension we do not require: the UUIDs are made here, in Node.
 */
import { hash as oneShotHash } from 'node:crypto'

/**
 * RFC 9562 UUID version 5 (SHA-1 of a namespace and a name). PostgreSQL has no SHA-1 without
 * pgcrypto, so ids are made here, not in SQL.
 */
const NAMESPACES = new Map<string, Buffer>()

function namespaceBytes(namespace: string): Buffer {
  let ns = NAMESPACES.get(namespace)
  if (!ns) {
    ns = Buffer.from(namespace.replace(/-/g, ''), 'hex')
    if (ns.length !== 16) throw new Error(`not a UUID namespace: ${namespace}`)
    NAMESPACES.set(namespace, ns)
  }
  return ns
}

export function uuidV5(name: string, namespace: string): string {
  const ns = namespaceBytes(namespace)
  // One-shot hash of namespace + name: a Hash object per id was a profiled cost of the read (issue 23).
  const hash = oneShotHash('sha1', Buffer.concat([ns, Buffer.from(name, 'utf8')]), 'buffer')
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * Plat's namespace for parcel ids (itself the v5 id of "plat.parcels" in the RFC's URL namespace),
 * fixed forever: changing it would change every parcel id.
 */
export const PARCEL_NAMESPACE = '15b5749e-4ddc-5e26-8aa0-4ad08c371cca'
