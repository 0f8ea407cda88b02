/**
 * How an owner watch compares names: the server matches the change log's owners with it and the app
 * can show which spellings a watch will catch. The same rule as the loader's owner key
 * (server/load/derive/owner-key.ts), which tells a new owner from a respelt one: case, punctuation,
 * spacing and a trailing ET AL / ET UX / ET VIR make no other owner.
 */
export function ownerKey(owner: string | null | undefined): string | null {
  if (!owner) return null
  const key = owner
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^\p{L}\p{N} ]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ (ET ?AL|ET ?UX|ET ?VIR)$/, '')
  return key || null
}
