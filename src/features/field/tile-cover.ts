/**
 * Which parcel tiles a field pack needs: every web-mercator tile from z10 to z16 that touches the
 * pack's outline (not its bounding box: a long thin search would otherwise take a square of tiles).
 * Walked from the coarsest zoom down, a child tile is looked at only when its parent touches the
 * outline, so a county-sized pack costs a few thousand tests, not millions.
 */
import booleanIntersects from '@turf/boolean-intersects'
import type { MultiPolygon, Polygon } from 'geojson'
import { boxOf, boxPolygon, isEmptyBox } from '../../../contract/bbox'
import { type TileXYZ, tileBounds, tilesInBox } from '../../../contract/tile-math'
import { PARCEL_TILE_MAX_ZOOM, PARCEL_TILE_MIN_ZOOM } from '../../../contract/tiles'

export type TileCover = { ok: true; tiles: TileXYZ[] } | { ok: false; reason: string; atLeast: number }

/**
 * The tiles touching `outline` from `minZoom` to `maxZoom`, coarsest first; refused past `limit`
 * tiles (a pack that large would fill a phone: the reason says to take a smaller area).
 */
export function tilesCovering(
  outline: Polygon | MultiPolygon,
  { minZoom = PARCEL_TILE_MIN_ZOOM, maxZoom = PARCEL_TILE_MAX_ZOOM, limit = 20_000 } = {},
): TileCover {
  const box = boxOf(outline)
  if (isEmptyBox(box)) return { ok: true, tiles: [] }
  const touches = (t: TileXYZ) => booleanIntersects(boxPolygon(tileBounds(t)), outline)
  const byZoom: TileXYZ[][] = []
  let level = tilesInBox(box, minZoom).filter(touches)
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
