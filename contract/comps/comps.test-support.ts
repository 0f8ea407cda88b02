/** Records for comps tests: a subject and sold parcels placed by miles east of it. */
import type { ParcelRecord } from '../schemas'

const SUBJECT_LON = -93.5
const SUBJECT_LAT = 42

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

/** The analysis's worked case, as of this day (its CSV test reads the same). */
export const MIXED_SALES_TODAY = '2024-07-01'
/**
 * Four market sales on one day (so no trend can be estimated: prices stay raw), an outlier, a $1
 * quit-claim, one beyond 10 miles, one before the window, and the subject's own sale.
 */
export const mixedSales = (): ParcelRecord[] => [
  soldRecord('a', 1, 800_000, '2024-01-01'), // $10,000/ac
  soldRecord('b', 2, 880_000, '2024-01-01'), // $11,000/ac
  soldRecord('c', 3, 960_000, '2024-01-01'), // $12,000/ac
  soldRecord('d', 1.5, 4_000_000, '2024-01-01'), // $50,000/ac: an outlier
  soldRecord('e', 1, 1, '2024-01-01', { deed_type_1: 'QUIT CLAIM DEED' }),
  soldRecord('far', 12, 900_000, '2024-01-01'),
  soldRecord('old', 1, 900_000, '2018-05-01'),
  subjectRecord({ sale_price: 500_000, sale_date: '2023-01-01' }),
]
