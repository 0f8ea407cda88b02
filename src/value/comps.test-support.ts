/** Records for comps tests: a subject and sold parcels placed by miles east of it. */
import type { ParcelRecord } from '../../contract/schemas'

export const SUBJECT_LON = -93.5
export const SUBJECT_LAT = 42

export const subjectRecord = (extra: Partial<ParcelRecord> = {}): ParcelRecord => ({
  svc_uuid: 'subject',
  parcel_id: 'S-1',
  lon: SUBJECT_LON,
  lat: SUBJECT_LAT,
  acres: 80,
  land_use: 'AGRICULTURAL - CROPLAND',
  cdl_majority_category: 'Corn',
  csr2: null,
  parcel_value: 800_000,
  ...extra,
})

/** A degree of longitude at 42° N is ≈ 51.43 miles. */
const MILES_PER_DEG_LON = 51.43

export function soldRecord(
  id: string,
  milesEast: number,
  price: number,
  saleDate: string,
  extra: Partial<ParcelRecord> = {},
): ParcelRecord {
  return {
    svc_uuid: id,
    parcel_id: `P-${id}`,
    lon: SUBJECT_LON + milesEast / MILES_PER_DEG_LON,
    lat: SUBJECT_LAT,
    acres: 80,
    land_use: 'AGRICULTURAL - CROPLAND',
    cdl_majority_category: 'Corn',
    csr2: null,
    sale_price: price,
    sale_date: saleDate,
    ...extra,
  }
}
