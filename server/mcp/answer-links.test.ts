/**
 * The tools' links read back by the app's own link reader (src/features/share/url-codec.ts) into
 * the search the tool ran: the areas (rounded as the tool rounds them), the filters and order, the
 * run flag, the selected parcel, the comps section and the data version — with nothing left out.
 */
import { describe, expect, it } from 'vitest'
import { quantizeArea } from '../../contract/link-areas'
import { decodeShareState } from '../../src/features/share/url-codec'
import { parcelsLink, platLink } from './answer-links'

const APP = 'https://plat.example.com/'
const read = (link: string) => {
  expect(link.startsWith('https://plat.example.com/?')).toBe(true)
  expect(link.endsWith('&v=1')).toBe(true)
  return decodeShareState(new URL(link).search)
}

describe('tool links', () => {
  it('an area answer reopens as the same areas, run', () => {
    const box = quantizeArea({
      kind: 'rectangle' as const,
      geometry: {
        type: 'Polygon' as const,
        coordinates: [
          [
            [-93.623456789, 42.0],
            [-93.6, 42.0],
            [-93.6, 42.03],
            [-93.623456789, 42.03],
            [-93.623456789, 42.0],
          ],
        ],
      },
    })
    const { state, problems } = read(platLink(APP, { areas: [box] }))
    expect(problems).toEqual([])
    expect(state.mode).not.toBe('direct')
    expect(state.searched).toBe(true)
    expect(state.areas?.map((a) => [a.kind, a.geometry])).toEqual([['rectangle', box.geometry]])
  })

  it('a query answer reopens as a direct query with its filters, order and buildings', () => {
    const filters = [
      { field: 'owner', op: 'ilike', value: 'Smith, J. (trust) ~ 100%' },
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'acres', op: 'between', value: [40, 80.5] },
    ]
    const link = platLink(APP, { filters, order: { field: 'acres', direction: 'desc' }, includeBuildings: true })
    const { state, problems } = read(link)
    expect(problems).toEqual([])
    expect(state).toMatchObject({
      mode: 'direct',
      filters,
      order: { field: 'acres', direction: 'desc' },
      includeBuildings: true,
      searched: true,
    })
  })

  it('a lookup answer reopens as its parcels with the first selected', () => {
    const ids = ['2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab', '3f1c0e4a-4b1d-4c3e-9a8b-0123456789ab']
    const { state, problems } = read(parcelsLink(APP, ids))
    expect(problems).toEqual([])
    expect(state).toMatchObject({
      mode: 'direct',
      filters: [{ field: 'svc_uuid', op: 'in', value: ids }],
      selectedId: ids[0],
    })
  })

  it('comps and changes answers carry the comps section and the data version', () => {
    const id = '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab'
    const comps = read(
      platLink(APP, { filters: [{ field: 'svc_uuid', op: 'eq', value: id }], selected: id, comps: { id } }),
    )
    expect(comps.problems).toEqual([])
    expect(comps.state.comps).toMatchObject({ subject: { kind: 'parcel', id } })
    const changes = read(
      platLink(APP, {
        filters: [{ field: 'state', op: 'eq', value: 'IA' }],
        dataStamp: { version: '3f9a1c0d2e4b5a69', date: '2025-03-03' },
      }),
    )
    expect(changes.problems).toEqual([])
    expect(changes.state.dataStamp).toEqual({ version: '3f9a1c0d2e4b5a69', date: '2025-03-03' })
  })

  it('a comps answer with its own choices and date reopens with exactly those', () => {
    const id = '2f1c0e4a-4b1d-4c3e-9a8b-0123456789ab'
    const choices = {
      radiusMiles: 7.5,
      years: 3,
      acresBand: 0.25,
      priceBand: null,
      weights: { distance: 5, size: 1, landUse: 4, crop: 2, soil: 3, recency: 3 },
      k: 8,
    }
    const { state, problems } = read(platLink(APP, { selected: id, comps: { id, choices, asOf: '2024-03-01' } }))
    expect(problems).toEqual([])
    expect(state.comps).toMatchObject({ subject: { kind: 'parcel', id }, choices, asOf: '2024-03-01' })
  })
})
