/**
 * The owner name as compared for adjacent same-owner acreage: case, punctuation, spacing and a
 * trailing "ET AL" do not make two owners different ("Smith, John A." = "SMITH JOHN A ETAL").
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

/** A parcel number as compared for ids: case and spacing do not change a parcel's id. */
export function parcelKey(parcelId: string | null | undefined): string | null {
  const key = parcelId?.trim().replace(/\s+/g, ' ').toUpperCase()
  return key ? key : null
}
