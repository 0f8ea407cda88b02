import type { Feature } from 'geojson'
import type { GeoJSONSourceDiff, Map as MapLibreMap } from 'maplibre-gl'
import { expect, it } from 'vitest'
import { GeoJsonFeed } from './geojson-feed'

const point = (id: number): Feature => ({
  type: 'Feature',
  id,
  geometry: { type: 'Point', coordinates: [0, 0] },
  properties: {},
})

function fakeMap(present = true) {
  const diffs: GeoJSONSourceDiff[] = []
  const source = { updateData: async (d: GeoJSONSourceDiff) => void diffs.push(d) }
  const map = { getSource: () => (present ? source : undefined) } as unknown as MapLibreMap
  return { map, diffs }
}

it('sends only what changed to the map, and clears with one change', () => {
  const { map, diffs } = fakeMap()
  const feed = new GeoJsonFeed(map, 'parcels')
  feed.change([point(1), point(2)], [])
  feed.change([], [])
  feed.change([point(3)], [1])
  expect(diffs.map((d) => [d.add?.map((f) => f.id), d.remove])).toEqual([
    [[1, 2], []],
    [[3], [1]],
  ])
  expect(feed.size).toBe(2)
  feed.clear()
  feed.clear()
  expect(diffs.at(-1)).toEqual({ removeAll: true })
  expect(diffs).toHaveLength(3)
  expect(feed.size).toBe(0)
})

it('does nothing while the source is not on the map', () => {
  const { map, diffs } = fakeMap(false)
  const feed = new GeoJsonFeed(map, 'parcels')
  feed.change([point(1)], [])
  expect(diffs).toEqual([])
  expect(feed.size).toBe(0)
})
