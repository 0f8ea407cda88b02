import type { FeatureCollection, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { AreaResponse, ParcelRecord, QueryRequest, QueryResponse } from '../../contract/schemas'
import { compsFilters } from './comps-plan'
import { CompsCancelled, type CompsSources, findSales } from './comps-search'
import { defaultSettings } from './comps-settings'

/** Sources over a fixed list, cached in Maps like the app's TanStack cache; every record matches. */
function memorySources(records: ParcelRecord[]) {
  const cache = new Map<string, unknown>()
  const sent: string[] = []
  const source = <Req, Res>(kind: string, answer: (req: Req) => Res) => ({
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
      const all = records.filter((r) => ids.has(r.svc_uuid))
      const offset = q.offset ?? 0
      return { results: all.slice(offset, offset + (q.limit ?? 20)), count: all.length, limit: q.limit ?? 20, offset }
    }),
  }
  return { sources, sent }
}

const circle: Polygon[] = [
  {
    type: 'Polygon',
    coordinates: [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ],
  },
]
const records = Array.from({ length: 250 }, (_, i) => ({ svc_uuid: `id-${String(i).padStart(3, '0')}` }))
const filters = compsFilters(80, defaultSettings({ svc_uuid: 's', acres: 80, land_use: 'AGRICULTURAL - CROPLAND' }))

describe('findSales', () => {
  it('makes 1 area call + ⌈250 / 100⌉ query pages, then answers a repeat from the cache', async () => {
    const { sources, sent } = memorySources(records)
    const signal = new AbortController().signal
    const first = await findSales(sources, circle, filters, { signal })
    expect(first.records).toHaveLength(250)
    expect(first.matches).toEqual([250])
    expect(first.progress).toMatchObject({ calls: 4, cached: 0, planned: 4 })
    expect(sent).toEqual(['area', 'query', 'query', 'query'])
    const again = await findSales(sources, circle, filters, { signal })
    expect(again.progress).toMatchObject({ calls: 0, cached: 4 })
    expect(sent).toHaveLength(4)
  })

  it('asks before spending more than the threshold and stops when told no', async () => {
    const { sources, sent } = memorySources(records)
    const asked: number[] = []
    const run = findSales(sources, circle, filters, {
      signal: new AbortController().signal,
      confirmAbove: 1,
      confirm: async (calls) => {
        asked.push(calls)
        return false
      },
    })
    await expect(run).rejects.toBeInstanceOf(CompsCancelled)
    expect(asked).toEqual([2]) // pages at offsets 100 and 200
    expect(sent).toEqual(['area', 'query'])
  })
})
