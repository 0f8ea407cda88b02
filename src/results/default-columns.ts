/** Columns shown before the user picks any (names from contract/fields.ts). */
export const DEFAULT_COLUMNS: readonly string[] = [
  'owner',
  'situs',
  'county',
  'state',
  'acres',
  'cdl_majority_category',
  'parcel_value',
  'land_use',
  'zoning',
  'sale_price',
  'sale_date',
]

/** Pseudo-column: number of buildings on the parcel (records fetched with include_buildings). */
export const BUILDINGS_COLUMN = 'buildings'
