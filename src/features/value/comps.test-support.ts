/** Cached sources over a fixed list of records, for the comps search's tests. */
import type { FeatureCollection } from 'geojson'
import type { AreaResponse, ParcelRecord, QueryRequest, QueryResponse } from '../../../contract/schemas'
import type { CompsSources } from './comps-search'

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
