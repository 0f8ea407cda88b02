/**
 * A read-only window into the map for browser tests (Playwright sets `navigator.webdriver`), so
 * they can assert what the map renders — which parcels are drawn, which are results or selected —
 * the way a person sees it, rather than how the app got there. Not installed for anyone else.
 */
import type { Map as MapLibreMap } from 'maplibre-gl'
import { PARCEL_TILE_PROPS } from '../../../contract/tiles'
import type { ResultDrawing } from './results/result-drawing'
import { PARCEL_LAYERS } from './tiles/parcel-layers'
import type { ParcelTiles } from './tiles/parcel-tiles'
import { TILE_LAYERS } from './tiles/tile-layers'

export interface RenderedParcel {
  uuid: string
  /** `tiles`: a parcel tile feature; `geojson`: a result drawn from its record; `dot`: a result's dot. */
  from: 'tiles' | 'geojson' | 'dot'
  matched: boolean
  selected: boolean
  /** The fill colour the map paints it with ("rgba(…)"), for theme checks. */
  color: string | null
  /** Its acres, as the feature carries them (null: none). */
  acres: number | null
  /** A dot's centre on the canvas (dots only). */
  at: [number, number] | null
}

export interface MapProbe {
  zoom(): number
  /** Results are drawn by feature-state on parcel tiles (else GeoJSON). */
  resultsFromTiles(): boolean
  /** Parcels rendered in the viewport (or around a point), one entry per parcel. */
  rendered(at?: [number, number]): RenderedParcel[]
  /** Canvas position of a rendered parcel's interior, for a click. */
  pointOf(uuid: string): [number, number] | null
  /** The nearest rendered parcel to a canvas point (searched outward in rings), with where to click it. */
  parcelNear(at: [number, number], radius?: number): { parcel: RenderedParcel; at: [number, number] } | null
  layerVisible(id: string): boolean
  /** Canvas position of a longitude/latitude, and back. */
  project(lngLat: [number, number]): [number, number]
  unproject(at: [number, number]): [number, number]
  /** Every tile in view has loaded and the camera is still (what a benchmark waits for before timing). */
  settled(): boolean
  /**
   * The boxes, in canvas pixels, of the labels a symbol layer shows now — as MapLibre placed them in
   * its collision grid (private, read for tests only) — with each label's text, for overlap checks.
   */
  labelBoxes(layerId: string): { text: string; box: [number, number, number, number] }[]
}

export function exposeMapProbe(map: MapLibreMap, tiles: ParcelTiles, results: ResultDrawing): void {
  if (typeof navigator === 'undefined' || !navigator.webdriver || typeof window === 'undefined') return
  const layers = () => [TILE_LAYERS.fill, PARCEL_LAYERS.fill].filter((id) => map.getLayer(id))
  // The dots are a custom WebGL layer (dots-layer.ts), above the tiles and below the GeoJSON results.
  const dots = (at?: [number, number]): RenderedParcel[] => {
    const found = at ? [results.dotAt(at)].filter((d) => d !== null) : results.dotsInView()
    return found.map((d) => {
      const p = map.project([d.lng, d.lat])
      return { uuid: d.uuid, from: 'dot', matched: true, selected: false, ...results.dotLook(d), at: [p.x, p.y] }
    })
  }
  const probe: MapProbe = {
    zoom: () => map.getZoom(),
    resultsFromTiles: () => tiles.active,
    rendered(at) {
      const hits = at
        ? map.queryRenderedFeatures(at, { layers: layers() })
        : map.queryRenderedFeatures({ layers: layers() })
      const parcels = hits.map((f): RenderedParcel => {
        const fromTiles = f.layer.id === TILE_LAYERS.fill
        const paint = f.layer.paint as Record<string, unknown> | undefined
        const color = paint?.['fill-color']
        const acres = f.properties?.[PARCEL_TILE_PROPS.acres]
        return {
          uuid: String(f.properties?.[fromTiles ? PARCEL_TILE_PROPS.uuid : 'u'] ?? ''),
          from: fromTiles ? 'tiles' : 'geojson',
          matched: !fromTiles || f.state?.matched === true,
          selected: f.state?.selected === true,
          color: color && typeof color === 'object' && 'r' in color ? String(color) : null,
          acres: typeof acres === 'number' ? acres : null,
          at: null,
        }
      })
      // Top first, as the map stacks them: GeoJSON results, then the dots, then tile parcels; one entry per parcel.
      const stacked = [
        ...parcels.filter((p) => p.from === 'geojson'),
        ...dots(at),
        ...parcels.filter((p) => p.from === 'tiles'),
      ]
      const seen = new Map<string, RenderedParcel>()
      for (const p of stacked) if (p.uuid && !seen.has(p.uuid)) seen.set(p.uuid, p)
      return [...seen.values()]
    },
    pointOf(uuid) {
      const canvas = map.getCanvas()
      const w = canvas.clientWidth
      const h = canvas.clientHeight
      // A coarse grid of the viewport: the first point whose top feature is this parcel.
      for (let y = 20; y < h - 20; y += 8)
        for (let x = 20; x < w - 20; x += 8) {
          const top = probe.rendered([x, y])[0]
          if (top?.uuid === uuid) return [x, y]
        }
      return null
    },
    parcelNear([x0, y0], radius = 300) {
      for (let r = 0; r <= radius; r += 6) {
        const steps = Math.max(1, Math.round((2 * Math.PI * r) / 6))
        for (let i = 0; i < steps; i++) {
          const a = (2 * Math.PI * i) / steps
          const at: [number, number] = [Math.round(x0 + r * Math.cos(a)), Math.round(y0 + r * Math.sin(a))]
          const parcel = probe.rendered(at)[0]
          if (parcel) return { parcel, at }
        }
      }
      return null
    },
    project: ([lng, lat]) => {
      const p = map.project([lng, lat])
      return [p.x, p.y]
    },
    unproject: ([x, y]) => {
      const l = map.unproject([x, y])
      return [l.lng, l.lat]
    },
    settled: () => map.loaded() && map.areTilesLoaded() && !map.isMoving(),
    layerVisible: (id) => Boolean(map.getLayer(id)) && map.getLayoutProperty(id, 'visibility') !== 'none',
    labelBoxes: (layerId) => labelBoxes(map, layerId),
  }
  ;(window as unknown as { platMap?: MapProbe }).platMap = probe
}

/** MapLibre's placement internals (not public API), as labelBoxes reads them. */
interface PlacementInternals {
  collisionIndex: {
    grid: { boxKeys: { bucketInstanceId: number; featureIndex: number }[]; bboxes: number[] }
  }
  retainedQueryData: Record<number, { bucketIndex: number; featureIndex: { bucketLayerIDs: string[][] } }>
}

/** The collision grid's boxes of one layer's labels; its coordinates run 100 px (the grid's margin) off the canvas. */
function labelBoxes(map: MapLibreMap, layerId: string) {
  const placement = (map as unknown as { style: { placement?: PlacementInternals } }).style.placement
  if (!placement) return []
  const { boxKeys, bboxes } = placement.collisionIndex.grid
  const margin = 100
  const out: { text: string; box: [number, number, number, number] }[] = []
  boxKeys.forEach((key, i) => {
    const retained = placement.retainedQueryData[key.bucketInstanceId]
    if (!retained?.featureIndex.bucketLayerIDs[retained.bucketIndex]?.includes(layerId)) return
    const [x1, y1, x2, y2] = bboxes.slice(i * 4, i * 4 + 4).map((v) => v - margin) as [number, number, number, number]
    // Which label it is: the one queryRenderedFeatures finds at the box's centre.
    const at = map.queryRenderedFeatures([(x1 + x2) / 2, (y1 + y2) / 2], { layers: [layerId] })[0]
    const text = String(at?.properties?.label ?? '')
    out.push({ text, box: [x1, y1, x2, y2] })
  })
  return out
}
