/**
 * Address text too vague to search by (issue 39 §1): with fewer than three letters or digits
 * ("a", "12", a hundred emoji) it holds no trigram for the address index to use, so the lookup
 * scans every parcel — 4.2 s per request on the embedded database beside point lookups, 3.9 s on
 * PostgreSQL at 60,000 parcels and growing with the table. Refused before any database work, as a
 * 422 in the spec's validation shape, and never charged.
 */
import type { ValidationIssue } from '../../contract/errors'

const ADDRESS_MIN_WORD_CHARS = 3
const WORD_CHAR = /[\p{L}\p{N}]/gu

export function vagueAddress(address: string): ValidationIssue | null {
  const n = address.match(WORD_CHAR)?.length ?? 0
  if (n >= ADDRESS_MIN_WORD_CHARS) return null
  return {
    loc: ['query', 'address'],
    msg: `must hold at least ${ADDRESS_MIN_WORD_CHARS} letters or digits to search by (it holds ${n})`,
    type: 'too_small',
  }
}
