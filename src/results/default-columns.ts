/** Pseudo-column: number of buildings on the parcel (records fetched with include_buildings). */
export const BUILDINGS_COLUMN = 'buildings'
