/**
 * The results on the tiles path: each page is marked on the tiles and dotted in the next frame from
 * the main thread, with nothing sent to MapLibre's worker (issue 18, problem 4: the GeoJSON dots'
 * worker round trips put the map ~600 ms behind the table and slowed the table itself).
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ParcelRecord } from '../../../../contract/schemas'
import type { ParcelTiles } from '../tiles/parcel-tiles'
import { mercator } from './result-dots'
import { ResultDrawing } from './result-drawing'

const record = (i: number, lng: number, lat: number): ParcelRecord =>
  ({
    svc_uuid: `00000000-0000-5000-8000-${String(i).padStart(12, '0')}`,
    acres: 0.2 + i,
    geom: {
      type: 'Polygon',
      coordinates: [
        [
          [lng - 0.001, lat - 0.001],
          [lng + 0.001, lat - 0.001],
          [lng + 0.001, lat + 0.001],
          [lng - 0.001, lat + 0.001],
          [lng - 0.001, lat - 0.001],
        ],
      ],
    },
  }) as unknown as ParcelRecord

/** Web Mercator at a whole zoom with the map's 512-px world, centred on (lng0, lat0) over a 1000×800 canvas. */
function fakeMap(zoom: number, lng0: number, lat0: number) {
  const world = 512 * 2 ** zoom
  const [cx, cy] = mercator(lng0, lat0)
  const unmercator = (x: number, y: number) => ({
    lng: x * 360 - 180,
    lat: (360 / Math.PI) * Math.atan(Math.exp(Math.PI - 2 * Math.PI * y)) - 90,
  })
  const listeners = new Map<string, Set<() => void>>()
  const calls = { repaints: 0, uploads: 0, marked: [] as string[] }
  const layers = new Map<string, unknown>([['parcels-fill', {}]])
  const map = {
    getZoom: () => zoom,
    getPixelRatio: () => 1,
    unproject: (p: { x: number; y: number }) => unmercator(cx + (p.x - 500) / world, cy + (p.y - 400) / world),
    project: ([lng, lat]: [number, number]) => {
      const [x, y] = mercator(lng, lat)
      return { x: 500 + (x - cx) * world, y: 400 + (y - cy) * world }
    },
    getBounds: () => {
      const nw = unmercator(cx - 500 / world, cy - 400 / world)
      const se = unmercator(cx + 500 / world, cy + 400 / world)
      return { getWest: () => nw.lng, getNorth: () => nw.lat, getEast: () => se.lng, getSouth: () => se.lat }
    },
    getLayer: (id: string) => layers.get(id),
    addLayer: (layer: { id: string }, before?: string) => {
      expect(before).toBe('parcels-fill')
      layers.set(layer.id, layer)
    },
    getSource: () => ({
      updateData: () => {
        calls.uploads++
        return Promise.resolve()
      },
    }),
    isSourceLoaded: () => true,
    triggerRepaint: () => {
      calls.repaints++
    },
    on: (type: string, cb: () => void) => {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(cb))
    },
    off: (type: string, cb: () => void) => {
      listeners.get(type)?.delete(cb)
    },
    setFeatureState: () => {},
    removeFeatureState: () => {},
  }
  const frame = () => {
    for (const cb of [...(listeners.get('render') ?? [])]) cb()
  }
  return { map: map as unknown as MapLibreMap, calls, frame, project: map.project }
}

function fakeTiles() {
  const marked = new Set<string>()
  const tiles = {
    active: true,
    states: {
      mark: (uuids: readonly string[]) => {
        for (const u of uuids) marked.add(u)
      },
      unmark: (uuids: readonly string[]) => {
        for (const u of uuids) marked.delete(u)
      },
      clearMatched: () => marked.clear(),
      setSelected: () => {},
    },
  }
  return { tiles: tiles as unknown as ParcelTiles, marked }
}

describe('ResultDrawing on parcel tiles', () => {
  // The pacing's "what the last update cost" waits a frame after the drawn one (Node has no frames).
  beforeEach(() => {
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => setTimeout(cb, 0))
    return () => vi.unstubAllGlobals()
  })

  it('marks and dots the last page at once, sends nothing to the worker, and reports the frame that shows it', () => {
    const { map, calls, frame, project } = fakeMap(11, -93.6, 42.0)
    const { tiles, marked } = fakeTiles()
    const drawing = new ResultDrawing(map, tiles)
    drawing.install()
    const rows = Array.from({ length: 250 }, (_, i) =>
      record(i, -93.6 + (i % 25) * 0.002, 42.0 + Math.floor(i / 25) * 0.002),
    )

    drawing.setRows(rows.slice(0, 100), true)
    expect(marked.size).toBe(100)
    expect(drawing.dotsInView()).toHaveLength(100)
    frame()
    // The last page lands now, not after a worker round trip or a pacing wait.
    drawing.setRows(rows, false)
    expect(marked.size).toBe(250)
    expect(drawing.dotsInView()).toHaveLength(250)
    expect(calls.uploads).toBe(0)
    expect(calls.repaints).toBeGreaterThan(0)

    performance.clearMarks('plat:results-drawn')
    frame()
    const mark = performance.getEntriesByName('plat:results-drawn').at(-1) as PerformanceMark | undefined
    expect(mark?.detail).toEqual({ count: 250 })

    // A click on a dot finds its parcel; a click beside it (past radius 2.25 px at z11) finds none.
    const last = rows[249] as ParcelRecord
    const dot = drawing.dotsInView().find((d) => d.uuid === last.svc_uuid)
    if (!dot) throw new Error('no dot for the last result')
    const at = project([dot.lng, dot.lat])
    expect(drawing.dotAt([at.x + 1, at.y - 1])?.uuid).toBe(last.svc_uuid)
    expect(drawing.dotAt([at.x + 4, at.y])).toBeNull()
    expect(drawing.dotLook(dot)).toEqual({ color: 'rgba(43,122,120,1)', acres: 249.2 })
  })

  it('a new search replaces the dots and the marks; none are drawn from street zoom up', () => {
    const { map } = fakeMap(11, -93.6, 42.0)
    const { tiles, marked } = fakeTiles()
    const drawing = new ResultDrawing(map, tiles)
    drawing.install()
    drawing.setRows([record(1, -93.6, 42.0), record(2, -93.599, 42.0)], false)
    drawing.setRows([record(3, -93.598, 42.0)], false)
    expect([...marked]).toEqual([record(3, 0, 0).svc_uuid])
    expect(drawing.dotsInView().map((d) => d.uuid)).toEqual([record(3, 0, 0).svc_uuid])

    const street = fakeMap(13, -93.6, 42.0)
    const atStreet = new ResultDrawing(street.map, fakeTiles().tiles)
    atStreet.setRows([record(1, -93.6, 42.0)], false)
    expect(atStreet.dotsInView()).toEqual([])
    const p = street.project([-93.6, 42.0])
    expect(atStreet.dotAt([p.x, p.y])).toBeNull()
  })
})
