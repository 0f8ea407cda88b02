/**
 * The assemblage in a link (`g=`, docs/url-format.md "Assemblage"): its parcels' ids, compact and
 * garble-tolerant. A UUID (the spec's `svc_uuid`) is written as `u` + its 16 bytes in base64url (22
 * characters) + one check character, 24 characters instead of 36; any other id (letters, digits,
 * `-`, `_`, at most 64) as `r` + the id. Parts are joined by `.`; a name goes first as its UTF-8 in
 * base64url followed by `*`. A part whose check character does not match (a typo, a mail tool's
 * rewrite) or that cannot be read is left out and named in the problems; the others are kept.
 */

import { fromBase64Url, toBase64Url } from '../../../contract/link-areas'
import { type AssemblageRef, MAX_ASSEMBLAGE_PARCELS } from '../../state/holdings-slice'

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const RAW_ID = /^[A-Za-z0-9_-]{1,64}$/

/** Position-weighted sum of the bytes mod 64: any one changed character changes it. */
function check(bytes: Uint8Array): string {
  let sum = 0
  bytes.forEach((b, i) => {
    sum = (sum + b * (i + 1) + (b >> 6)) % 64
  })
  return ALPHABET[sum] as string
}

function bytesToBase64Url(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function encodeId(id: string): string | null {
  if (UUID.test(id)) {
    const hex = id.replaceAll('-', '').toLowerCase()
    const bytes = Uint8Array.from({ length: 16 }, (_, i) => Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16))
    return `u${bytesToBase64Url(bytes)}${check(bytes)}`
  }
  return RAW_ID.test(id) ? `r${id}` : null
}

function decodeId(part: string): string | null {
  if (part.startsWith('r')) return RAW_ID.test(part.slice(1)) ? part.slice(1) : null
  if (!part.startsWith('u') || part.length !== 24 || !/^u[A-Za-z0-9_-]{23}$/.test(part)) return null
  let binary: string
  try {
    binary = atob(part.slice(1, 23).replace(/-/g, '+').replace(/_/g, '/'))
  } catch {
    return null
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0))
  if (bytes.length !== 16 || check(bytes) !== part[23]) return null
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export function encodeAssemblage(a: AssemblageRef): string {
  const ids = a.ids
    .slice(0, MAX_ASSEMBLAGE_PARCELS)
    .map(encodeId)
    .filter((p): p is string => p !== null)
  const name = a.name.trim() ? `${toBase64Url(a.name.trim())}*` : ''
  return name + ids.join('.')
}

export function decodeAssemblage(text: string): { assemblage: AssemblageRef | null; problems: string[] } {
  const problems: string[] = []
  const star = text.indexOf('*')
  const name = star < 0 ? 'Assemblage' : (fromBase64Url(text.slice(0, star)) ?? 'Assemblage')
  if (star > 0 && fromBase64Url(text.slice(0, star)) === undefined)
    problems.push('The assemblage’s name could not be read; it is called “Assemblage”.')
  const parts = (star < 0 ? text : text.slice(star + 1)).split('.').filter((p) => p !== '')
  if (parts.length > MAX_ASSEMBLAGE_PARCELS)
    problems.push(`The link’s assemblage has ${parts.length} parcels; the first ${MAX_ASSEMBLAGE_PARCELS} were kept.`)
  const ids: string[] = []
  let bad = 0
  for (const part of parts.slice(0, MAX_ASSEMBLAGE_PARCELS)) {
    const id = decodeId(part)
    if (id === null) bad++
    else if (!ids.includes(id)) ids.push(id)
  }
  if (bad > 0)
    problems.push(
      `${bad} parcel${bad === 1 ? '' : 's'} of the shared assemblage could not be read (the link may be garbled) and ${bad === 1 ? 'was' : 'were'} left out.`,
    )
  return { assemblage: ids.length > 0 ? { name, ids } : null, problems }
}
