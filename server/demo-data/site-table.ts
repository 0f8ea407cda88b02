/**
 * The parcels of one county before they become records: one "site" per distinct footprint (a
 * stacked condo lot is one site holding several parcels). Columnar typed arrays keep a county of
 * hundreds of thousands of sites in a few tens of megabytes.
 */
export const Kind = {
  RURAL: 0,
  RESIDENTIAL: 1,
  COMMERCIAL: 2,
  /** A whole town block: school, church, city hall or park. */
  CIVIC: 3,
  /** A town lot with several condominium parcels stacked on it. */
  CONDO: 4,
} as const
export type Kind = (typeof Kind)[keyof typeof Kind]

export class SiteTable {
  readonly x0: Int32Array
  readonly y0: Int32Array
  readonly x1: Int32Array
  readonly y1: Int32Array
  readonly kind: Uint8Array
  /** Index into the county's town list; -1 for rural sites. */
  readonly town: Int16Array
  /** Parcels stacked on the site (1 unless condo). */
  readonly mult: Uint8Array
  /** Rural: the section index. Town: the ordinal of the town's cell (0 = original town, then additions). */
  readonly group: Int32Array
  /** Lot number within its town block (0 for rural sites). */
  readonly lot: Uint8Array
  size = 0

  constructor(capacity: number) {
    this.x0 = new Int32Array(capacity)
    this.y0 = new Int32Array(capacity)
    this.x1 = new Int32Array(capacity)
    this.y1 = new Int32Array(capacity)
    this.kind = new Uint8Array(capacity)
    this.town = new Int16Array(capacity)
    this.mult = new Uint8Array(capacity)
    this.group = new Int32Array(capacity)
    this.lot = new Uint8Array(capacity)
  }

  add(x0: number, y0: number, x1: number, y1: number, kind: Kind, town: number, group: number, lot = 0, mult = 1) {
    const i = this.size++
    if (i >= this.x0.length) throw new Error('SiteTable: capacity exceeded')
    this.x0[i] = x0
    this.y0[i] = y0
    this.x1[i] = x1
    this.y1[i] = y1
    this.kind[i] = kind
    this.town[i] = town
    this.group[i] = group
    this.lot[i] = lot
    this.mult[i] = mult
  }
}
