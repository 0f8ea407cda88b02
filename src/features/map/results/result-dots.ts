/**
 * The search results as dots, held on the main thread (issue 18, problem 4). Below street zoom a
 * result is also a dot from its own record, so a town's results keep their colour where the parcel
 * tiles leave small lots out. They used to be a GeoJSON source: every page of a search went to
 * MapLibre's worker, which re-indexed every dot and re-cut the tiles in view, the same single worker
 * (on a 2-core machine) that parses the parcel tiles. On a 10,000-result search the map showed the
 * last page ~400 ms after the table, and the table itself finished seconds later than with no dots
 * at all (BENCHMARKS.md, "The map keeps up"). Here a page is a few typed-array writes, and
 * dots-layer.ts draws them in the next frame; hit tests scan the same arrays.
 *
 * Pure: no MapLibre, no WebGL. Positions are Web Mercator in [0, 1] (MapLibre's world coordinates).
 */
import type { Feature } from 'geojson'
import { classify, NO_VALUE_COLOR, OTHER_COLOR, PLAIN_COLOR, type Theme } from '../../../format/themes'

/** A dot's look by zoom, as [zoom, value] stops interpolated linearly (clamped at the ends). */
export type Stops = readonly (readonly [number, number])[]

export const DOT_STYLE = {
  /** CSS px. Over a town at z10–z12 the dots of its lots overlap into the results' colour, as the legend counts them. */
  radius: [
    [4, 1.5],
    [9, 3],
    [10, 2],
    [12, 2.5],
  ],
  opacity: [
    [9, 1],
    [10, 0.85],
  ],
  /** A white ring sets a lone dot off the map; on a town of dots it would wash the colour out. */
  stroke: [
    [9, 0.5],
    [10, 0],
  ],
} as const satisfies Record<string, Stops>

export function interpolateStops(stops: Stops, zoom: number): number {
  const first = stops[0]
  const last = stops[stops.length - 1]
  if (!first || !last) return 0
  if (zoom <= first[0]) return first[1]
  if (zoom >= last[0]) return last[1]
  for (let i = 1; i < stops.length; i++) {
    const [z1, v1] = stops[i] as readonly [number, number]
    const [z0, v0] = stops[i - 1] as readonly [number, number]
    if (zoom <= z1) return v0 + ((v1 - v0) * (zoom - z0)) / (z1 - z0)
  }
  return last[1]
}

/** The colour a result is drawn in under `theme` (as the tiles' paint expression colours it, theme-paint.ts). */
export function dotColor(theme: Theme, props: Readonly<Record<string, unknown>>): string {
  if (theme.kind === 'plain' || theme.prop === null) return PLAIN_COLOR
  const raw = props[theme.prop]
  const c = classify(theme, typeof raw === 'number' ? raw : undefined)
  if (c === 'none') return NO_VALUE_COLOR
  if (c === 'other') return OTHER_COLOR
  return theme.classes[c]?.color ?? OTHER_COLOR
}

/** "#rrggbb" → [r, g, b] (0–255). */
export function hexRgb(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1, 7), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}

/** Longitude/latitude → Web Mercator world coordinates in [0, 1] (as MapLibre's MercatorCoordinate). */
export function mercator(lng: number, lat: number): [number, number] {
  const x = (180 + lng) / 360
  const y = (180 - (180 / Math.PI) * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))) / 360
  return [x, y]
}

export interface Dot {
  /** The parcel's tile feature id (contract/tiles.ts tileFeatureId). */
  id: number
  uuid: string
  lng: number
  lat: number
  /** Mercator world coordinates. */
  x: number
  y: number
  props: Readonly<Record<string, unknown>>
}

/** The dots of the shown results, in the order they came (later ones drawn on top). */
export class ResultDots {
  private dots: Dot[] = []
  /** Bumped on every change, so the layer knows when to upload again. */
  version = 0

  get size(): number {
    return this.dots.length
  }

  /** Adds point features (id: the parcel's tile feature id; `properties.u`: its uuid) and drops `remove` ids. */
  change(add: readonly Feature[], remove: readonly number[]): void {
    if (add.length === 0 && remove.length === 0) return
    if (remove.length > 0) {
      const gone = new Set(remove)
      this.dots = this.dots.filter((d) => !gone.has(d.id))
    }
    for (const f of add) {
      if (f.geometry.type !== 'Point' || typeof f.id !== 'number') continue
      const [lng = 0, lat = 0] = f.geometry.coordinates
      const [x, y] = mercator(lng, lat)
      const props = f.properties ?? {}
      this.dots.push({ id: f.id, uuid: String(props.u ?? ''), lng, lat, x, y, props })
    }
    this.version++
  }

  clear(): void {
    if (this.dots.length === 0) return
    this.dots = []
    this.version++
  }

  /** Positions as float pairs (x, y) for the GPU. */
  positions(): Float32Array {
    const out = new Float32Array(this.dots.length * 2)
    this.dots.forEach((d, i) => {
      out[2 * i] = d.x
      out[2 * i + 1] = d.y
    })
    return out
  }

  /** Colours under `theme` as RGB bytes, one triple per dot. */
  colors(theme: Theme): Uint8Array {
    const out = new Uint8Array(this.dots.length * 3)
    const cache = new Map<string, [number, number, number]>()
    this.dots.forEach((d, i) => {
      const hex = dotColor(theme, d.props)
      let rgb = cache.get(hex)
      if (!rgb) {
        rgb = hexRgb(hex)
        cache.set(hex, rgb)
      }
      out.set(rgb, 3 * i)
    })
    return out
  }

  /**
   * The topmost dot within `radius` (world units) of a world point, as a person clicking on it
   * would hit it: the last drawn wins where dots overlap.
   */
  hit(x: number, y: number, radius: number): Dot | null {
    const r2 = radius * radius
    for (let i = this.dots.length - 1; i >= 0; i--) {
      const d = this.dots[i] as Dot
      const dx = d.x - x
      const dy = d.y - y
      if (dx * dx + dy * dy <= r2) return d
    }
    return null
  }

  /** Every dot inside a world box (for the browser tests' probe). */
  within(minX: number, minY: number, maxX: number, maxY: number): Dot[] {
    return this.dots.filter((d) => d.x >= minX && d.x <= maxX && d.y >= minY && d.y <= maxY)
  }
}
