/** Records for comps tests: a subject and sold parcels placed by miles east of it. */
import type { FeatureCollection } from 'geojson'
import type { AreaResponse, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import type { CompsSources } from './comps-search'

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

/**
 * Sources over a fixed list, cached in a Map like the app's TanStack cache. Every record matches the
 * filters but the id list and, when asked, a `sale_date in` list (as the server would check it).
 */
export function memorySources(records: ParcelRecord[]) {
  const cache = new Map<string, unknown>()
  const sent: string[] = []
  const source = <Req, Res>(kind: string, answer: (req: Req) => Res) => ({
    peekMemory(req: Req) {
      return cache.get(kind + JSON.stringify(req)) as Res | undefined
    },
    async peek(req: Req) {
      return cache.get(kind + JSON.stringify(req)) as Res | undefined
    },
    async fetch(req: Req) {
      const key = kind + JSON.stringify(req)
      sent.push(kind)
      const value = answer(req)
      cache.set(key, value)
      return { value, network: true }
    },
  })
  const sources: CompsSources = {
    area: source<FeatureCollection, AreaResponse>('area', () => ({ svc_uuids: records.map((r) => r.svc_uuid) })),
    query: source<QueryRequest, QueryResponse>('query', (q) => {
      const ids = new Set(q.filters.at(-1)!.value as string[])
      const dates = q.filters.find((f) => f.field === 'sale_date')?.value as string[] | undefined
      const days = dates && new Set(dates)
      const all = records.filter((r) => ids.has(r.svc_uuid) && (!days || days.has(String(r.sale_date))))
      const offset = q.offset ?? 0
      return { results: all.slice(offset, offset + (q.limit ?? 20)), count: all.length, limit: q.limit ?? 20, offset }
    }),
  }
  return { sources, sent }
}
