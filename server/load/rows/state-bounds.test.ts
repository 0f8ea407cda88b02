/**
 * The state boxes against the Census outlines (us-atlas states-10m, the Census Bureau's cartographic
 * boundaries): every box holds its state's whole outline. The atlas stores positions quantized to a
 * grid (its `transform`), so a true vertex may lie up to half a grid step beyond its stored
 * position: each outline's extent is widened by that before the check.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import { describe, expect, it } from 'vitest'
import { stateFips } from '../states'
import { STATE_BOUNDS } from './state-bounds'

const require = createRequire(import.meta.url)
const topology = JSON.parse(readFileSync(require.resolve('us-atlas/states-10m.json'), 'utf8')) as Topology<{
  states: GeometryCollection
}>
const outlines = feature(topology, topology.objects.states) as FeatureCollection<Geometry>
const [halfStepLon, halfStepLat] = (topology.transform?.scale ?? [0, 0]).map((s) => s / 2) as [number, number]

function extent(f: Feature<Geometry>): [number, number, number, number] {
  const box: [number, number, number, number] = [Infinity, Infinity, -Infinity, -Infinity]
  const walk = (c: unknown): void => {
    if (typeof (c as Position)[0] === 'number') {
      const [x, y] = c as [number, number]
      box[0] = Math.min(box[0], x)
      box[1] = Math.min(box[1], y)
      box[2] = Math.max(box[2], x)
      box[3] = Math.max(box[3], y)
    } else (c as unknown[]).forEach(walk)
  }
  walk((f.geometry as { coordinates: unknown }).coordinates)
  return box
}

describe('state boxes hold the Census outlines', () => {
  it('every state and territory of the atlas has a box, and every box a state of the atlas', () => {
    const boxed = Object.keys(STATE_BOUNDS).map((s) => stateFips(s))
    const atlas = outlines.features.map((f) => String(f.id))
    expect(boxed.sort()).toEqual(atlas.sort())
  })

  for (const [state, box] of Object.entries(STATE_BOUNDS)) {
    it(`${state}: its box holds its outline`, () => {
      const outline = outlines.features.find((f) => String(f.id) === stateFips(state))
      expect(outline, `no ${state} in us-atlas`).toBeDefined()
      const [w, s, e, n] = extent(outline as Feature<Geometry>)
      const need: [number, number, number, number] = [
        w - halfStepLon,
        s - halfStepLat,
        e + halfStepLon,
        n + halfStepLat,
      ]
      // Alaska's Aleutians cross the antimeridian: its box spans every longitude.
      if (state === 'AK') expect([box[0], box[2]]).toEqual([-180, 180])
      else {
        expect(box[0], `${state} west`).toBeLessThanOrEqual(need[0])
        expect(box[2], `${state} east`).toBeGreaterThanOrEqual(need[2])
      }
      expect(box[1], `${state} south`).toBeLessThanOrEqual(need[1])
      expect(box[3], `${state} north`).toBeGreaterThanOrEqual(need[3])
      // Not absurdly loose either: within a degree of the outline (Hawaii's box takes in the
      // north-western islands, American Samoa's and the Marianas' their outer islands, which the
      // 10m outlines leave out).
      if (!['AK', 'HI', 'AS', 'MP'].includes(state)) {
        expect(need[0] - box[0]).toBeLessThan(1)
        expect(box[2] - need[2]).toBeLessThan(1)
        expect(need[1] - box[1]).toBeLessThan(1)
        expect(box[3] - need[3]).toBeLessThan(1)
      }
    })
  }
})
