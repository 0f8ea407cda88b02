import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { callsFor, compsFilters, windowDates } from '../../../contract/comps/comps-plan'
import { settingsFor } from '../../../contract/comps/comps-settings'
import { parcelSubject } from '../../../contract/comps/comps-subject'
import { Cancelled } from '../../calls/runner'
import { memorySources } from './comps.test-support'
import { findSales, type SalesQuery, salesInMemory } from './comps-search'

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
const sold = (n: number, prefix = 'id', date = '2024-01-01') =>
  Array.from({ length: n }, (_, i) => ({ svc_uuid: `${prefix}-${String(i).padStart(6, '0')}`, sale_date: date }))
const records = sold(250)
const subject = parcelSubject({ svc_uuid: 's', acres: 80, land_use: 'AGRICULTURAL - CROPLAND', lon: 0, lat: 0 })!
const filters = compsFilters(80, settingsFor(subject, null))
const query: SalesQuery = { circle, filters, loose: null }
const signal = new AbortController().signal

describe('findSales', () => {
  it('makes 1 area call + ⌈250 / 100⌉ query pages, then answers a repeat from the cache', async () => {
    const { sources, sent } = memorySources(records)
    const first = await findSales(sources, query, { signal })
    expect(first.records).toHaveLength(250)
    expect(first.matches).toEqual([250])
    expect(first.progress).toMatchObject({ calls: 4, cached: 0, planned: 4 })
    expect(sent).toEqual(['area', 'query', 'query', 'query'])
    expect(first.progress.calls).toBe(callsFor(first.matches))
    const again = await findSales(sources, query, { signal })
    expect(again.progress).toMatchObject({ calls: 0, cached: 4 })
    expect(sent).toHaveLength(4)
    // The same cached pages give the same records array (what the ranking memo keys on).
    expect(again.records).toBe(first.records)
  })

  it('keeps to 1 + Σ max(1, ⌈m_c / 100⌉) over 50,000-id chunks', async () => {
    // 50,120 parcels in the circle: chunks of 50,000 and 120 ids; 130 and 0 of them sold in the window.
    const inWindow = sold(130, 'a')
    const older = sold(49_990, 'c', '2001-01-01')
    const { sources, sent } = memorySources([...inWindow, ...older])
    const days = windowDates('2023-07-01', '2024-07-01', ['iso'])
    const found = await findSales(
      sources,
      { circle, filters: [...filters, { field: 'sale_date', op: 'in', value: days }], loose: null },
      { signal },
    )
    // Sorted ids: a-… (130) and c-… (49,870) in chunk 1, the last 120 c-… in chunk 2.
    expect(found.matches).toEqual([130, 0])
    expect(found.idsInCircle).toBe(50_120)
    expect(sent).toHaveLength(callsFor(found.matches))
    expect(callsFor(found.matches)).toBe(1 + 2 + 1)
    expect(found.records).toHaveLength(130)
  })

  it('asks before spending more than the threshold and stops when told no', async () => {
    const { sources, sent } = memorySources(records)
    const asked: number[] = []
    const run = findSales(sources, query, {
      signal,
      confirmAbove: 1,
      confirm: async (calls) => {
        asked.push(calls)
        return false
      },
    })
    await expect(run).rejects.toBeInstanceOf(Cancelled)
    expect(asked).toEqual([2]) // pages at offsets 100 and 200
    expect(sent).toEqual(['area', 'query'])
  })

  it('asks once more without the date list when an assumed date style found nothing', async () => {
    // The county writes US dates; the request assumed ISO.
    const us = sold(30, 'u', '3/7/2024')
    const { sources, sent } = memorySources(us)
    const days = windowDates('2023-07-01', '2024-07-01', ['iso'])
    const q: SalesQuery = {
      circle,
      filters: [...filters, { field: 'sale_date', op: 'in', value: days }],
      loose: filters,
    }
    const found = await findSales(sources, q, { signal })
    expect(found.loosened).toBe(true)
    expect(found.records).toHaveLength(30)
    expect(sent).toEqual(['area', 'query', 'query']) // the area is asked once, the cache answers the second
    expect(found.progress).toMatchObject({ calls: 3, cached: 1 })
    // And memory answers the whole thing again, loosened too.
    expect(salesInMemory(sources, q)).toMatchObject({ loosened: true, records: found.records })
  })
})

describe('salesInMemory', () => {
  it('answers synchronously when memory holds every call, else null', async () => {
    const { sources } = memorySources(records)
    expect(salesInMemory(sources, query)).toBeNull()
    const found = await findSales(sources, query, { signal })
    const hit = salesInMemory(sources, query)
    expect(hit).not.toBeNull()
    expect(hit!.records).toBe(found.records)
    expect(hit!.progress).toEqual({ calls: 0, cached: 4, planned: 4, records: 250 })
    // Another acres band is another set of pages: not in memory.
    const other = compsFilters(80, { ...settingsFor(subject, null), acresBand: 0.2 })
    expect(salesInMemory(sources, { circle, filters: other, loose: null })).toBeNull()
  })
})
