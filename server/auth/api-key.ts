/**
 * The API key itself: its format (the spec's `Authorization: Bearer <API_KEY>`, a Plat key being
 * `plat_` + 40 base62 characters), how a new one is drawn, and the digest it is stored and looked up
 * by, so a key's value never rests in the database. Every 401 for a malformed header says why here.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto'

/** Key format: `plat_` + 40 base62 characters. Anything else in the header is "malformed" (401). */
const KEY_PATTERN = /^plat_[A-Za-z0-9]{40}$/
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

export function newKeyValue(): string {
  const bytes = randomBytes(40)
  let out = 'plat_'
  // 256 % 62 bias is negligible for a 238-bit secret.
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length]
  return out
}

export const newKeyId = (): string => randomUUID()

/** Keys are stored as SHA-256 digests: they are high-entropy secrets, so no slow KDF is needed. */
export function hashKey(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}

export type BearerResult = { ok: true; key: string } | { ok: false; reason: string }

export function parseBearer(header: string | undefined): BearerResult {
  if (!header) return { ok: false, reason: 'Missing API key: send the header "Authorization: Bearer <API_KEY>".' }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  if (!match) return { ok: false, reason: 'Malformed Authorization header: expected "Bearer <API_KEY>".' }
  const key = match[1] as string
  if (!KEY_PATTERN.test(key)) return { ok: false, reason: 'Malformed API key.' }
  return { ok: true, key }
}
