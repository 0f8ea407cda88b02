import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { memorySources } from './comps.test-support'
import { compsFilters } from './comps-plan'
import { CompsCancelled, findSales } from './comps-search'
import { defaultSettings } from './comps-settings'

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
