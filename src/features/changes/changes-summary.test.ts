import type { Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import { change } from './changes.test-support'
import { areasBbox, summarizeChanges } from './changes-summary'

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [-93.7, 41.9],
      [-93.5, 41.9],
      [-93.5, 42.1],
      [-93.7, 42.1],
      [-93.7, 41.9],
    ],
  ],
}

describe('summarizeChanges', () => {
  const results = new Set(['a', 'b', 'c', 'd', 'e1', 'e2', 'f', 'x'])

  it('counts the changes among the results as in the notice: 2 sold, 1 new owner, 1 split', () => {
    const log = [
      change('sold', 'a', { facets: ['sold', 'new_owner'] }),
      change('sold', 'b'),
      change('new_owner', 'c'),
      change('split', 'old-e', { related: ['e1', 'e2'] }),
      change('sold', 'elsewhere'),
      change('value_changed', 'not-a-result'),
    ]
    const s = summarizeChanges(log, results, null)
    expect(s.counts).toEqual({ sold: 2, new_owner: 1, split: 1 })
    expect(s.changed.map((c) => c.change.svc_uuid)).toEqual(['old-e', 'a', 'b', 'c'])
    expect(s.changed[0]!.resultIds).toEqual(['e1', 'e2'])
    expect(s.changed[1]!.facets).toEqual(['sold', 'new_owner'])
    expect(s.truncated).toBe(false)
  })

  it('a parcel changed in several loads counts once, as its strongest change, with every facet', () => {
    const log = [change('value_changed', 'd', { version: 'v1' }), change('sold', 'd', { version: 'v2' })]
    const s = summarizeChanges(log, results, null)
    expect(s.counts).toEqual({ sold: 1 })
    expect(s.changed[0]!.facets).toEqual(['sold', 'value_changed'])
    expect(s.changed[0]!.change.version).toBe('v2')
  })

  it('a renumbered or merged parcel is found by its new id; a split with no successor here is not these results’', () => {
    const log = [
      change('renumbered', 'old-f', { related: ['f'] }),
      change('merged', 'x', { related: ['p', 'q'] }),
      change('split', 'far', { related: ['y1', 'y2'] }),
    ]
    expect(summarizeChanges(log, results, null).counts).toEqual({ merged: 1, renumbered: 1 })
  })

  it('removed parcels: listed when their point lies in the areas, never among the results’ count', () => {
    const log = [
      change('removed', 'gone-in', { lon: -93.6, lat: 42.0 }),
      change('removed', 'gone-out', { lon: -90, lat: 40 }),
      change('removed', 'no-point', { lon: null, lat: null }),
    ]
    const inArea = summarizeChanges(log, results, [square])
    expect(inArea.removed.map((c) => c.svc_uuid)).toEqual(['gone-in'])
    expect(inArea.counts).toEqual({})
    // A filters-only search has no area to place them in.
    expect(summarizeChanges(log, results, null).removed).toEqual([])
  })

  it('a parcel removed and back again is not removed', () => {
    const log = [change('removed', 'a'), change('added', 'a')]
    const s = summarizeChanges(log, results, [square])
    expect(s.removed).toEqual([])
    expect(s.counts).toEqual({ added: 1 })
  })
})

describe('areasBbox', () => {
  it('is the box around every ring, or null without areas', () => {
    expect(areasBbox([square])).toEqual([-93.7, 41.9, -93.5, 42.1])
    expect(areasBbox([])).toBeNull()
  })
})
