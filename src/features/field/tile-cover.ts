/**
 * Which parcel tiles a field pack needs: every web-mercator tile from z10 to z16 that touches the
 * pack's outline (not its bounding box: a long thin search would otherwise take a square of tiles).
 * Walked from the coarsest zoom down, a child tile is looked at only when its parent touches the
 * outline, so a county-sized pack costs a few thousand tests, not millions.
 */
import booleanIntersects from '@turf/boolean-intersects'
import type { MultiPolygon, Polygon } from 'geojson'
import { PARCEL_TILE_MAX_ZOOM, PARCEL_TILE_MIN_ZOOM } from '../../../contract/tiles'

export interface TileXYZ {
  z: number
  x: number
  y: number
}

/** [west, south, east, north] in degrees. */
export type Box = [number, number, number, number]

const MAX_LAT = 85.0511287798066

export function lngLatToTile(lng: number, lat: number, z: number): { x: number; y: number } {
  const n = 2 ** z
  const clampedLat = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat))
  const r = (clampedLat * Math.PI) / 180
  const x = Math.floor(((lng + 180) / 360) * n)
  const y = Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) }
}

export function tileBox({ z, x, y }: TileXYZ): Box {
  const n = 2 ** z
  const lng = (i: number) => (i / n) * 360 - 180
  const lat = (j: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * j) / n))) * 180) / Math.PI
  return [lng(x), lat(y + 1), lng(x + 1), lat(y)]
}

export function boxPolygon([w, s, e, n]: Box): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [w, s],
        [e, s],
        [e, n],
        [w, n],
        [w, s],
      ],
    ],
  }
}

export function outlineBox(outline: Polygon | MultiPolygon): Box {
  const box: Box = [Infinity, Infinity, -Infinity, -Infinity]
  const polygons = outline.type === 'Polygon' ? [outline.coordinates] : outline.coordinates
  for (const polygon of polygons)
    for (const ring of polygon)
      for (const [lng, lat] of ring) {
        if (lng === undefined || lat === undefined) continue
        box[0] = Math.min(box[0], lng)
        box[1] = Math.min(box[1], lat)
        box[2] = Math.max(box[2], lng)
        box[3] = Math.max(box[3], lat)
      }
  return box
}

export type TileCover = { ok: true; tiles: TileXYZ[] } | { ok: false; reason: string; atLeast: number }

/**
 * The tiles touching `outline` from `minZoom` to `maxZoom`, coarsest first; refused past `limit`
 * tiles (a pack that large would fill a phone: the reason says to take a smaller area).
 */
export function tilesCovering(
  outline: Polygon | MultiPolygon,
  { minZoom = PARCEL_TILE_MIN_ZOOM, maxZoom = PARCEL_TILE_MAX_ZOOM, limit = 20_000 } = {},
): TileCover {
  const [w, s, e, n] = outlineBox(outline)
  if (!Number.isFinite(w)) return { ok: true, tiles: [] }
  const touches = (t: TileXYZ) => booleanIntersects(boxPolygon(tileBox(t)), outline)
  const byZoom: TileXYZ[][] = []
  const top = lngLatToTile(w, n, minZoom)
  const bottom = lngLatToTile(e, s, minZoom)
  let level: TileXYZ[] = []
  for (let x = top.x; x <= bottom.x; x++)
    for (let y = top.y; y <= bottom.y; y++) {
      const t = { z: minZoom, x, y }
      if (touches(t)) level.push(t)
    }
  let count = level.length
  byZoom.push(level)
  for (let z = minZoom + 1; z <= maxZoom; z++) {
    const next: TileXYZ[] = []
    for (const p of level)
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const t = { z, x: p.x * 2 + dx, y: p.y * 2 + dy }
        if (touches(t)) next.push(t)
      }
    count += next.length
    if (count > limit)
      return {
        ok: false,
        atLeast: count,
        reason: `This area needs more than ${limit.toLocaleString('en-US')} map tiles; take a smaller area offline.`,
      }
    byZoom.push(next)
    level = next
  }
  return { ok: true, tiles: byZoom.flat() }
}
