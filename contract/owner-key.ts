/**
 * One owner name as compared everywhere: the loader's change log tells a new owner from a respelt
 * one with it (server/load/derive/owner-key.ts adds its SQL twin), and an owner watch matches the
 * change log's owners with it (server/watches). Case, punctuation, spacing and a trailing ET AL /
 * ET UX / ET VIR make no other owner ("Smith, John A." = "SMITH JOHN A ETAL").
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
