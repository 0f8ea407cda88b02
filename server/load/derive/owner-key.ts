export { ownerKey } from '../../../contract/owner-key'

/** A parcel number as compared for ids: case and spacing do not change a parcel's id. */
export function parcelKey(parcelId: string | null | undefined): string | null {
  const key = parcelId?.trim().replace(/\s+/g, ' ').toUpperCase()
  return key ? key : null
}

/**
 * `ownerKey` in SQL, for comparing a whole county's owners old against new in one statement
 * (compare-county.ts). Both sides of a comparison go through it, so where the database's idea of a
 * letter differs from JavaScript's (non-ASCII letters under the C locale) the answer is still
 * consistent: "Smith, John A." and "SMITH JOHN A ETAL" are one owner.
 */
export function ownerKeySql(expr: string): string {
  const spaced = `regexp_replace(replace(upper(${expr}), '&', ' AND '), '[^[:alnum:] ]+', ' ', 'g')`
  const trimmed = `btrim(regexp_replace(${spaced}, '\\s+', ' ', 'g'))`
  return `nullif(regexp_replace(${trimmed}, ' (ET ?AL|ET ?UX|ET ?VIR)$', ''), '')`
}
