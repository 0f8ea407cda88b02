/**
 * Tile addresses: reading `{z}/{x}/{y}.mvt` from a path strictly (a canonical decimal in range, or
 * a 400 that says which part is wrong), and the tile's size in the units the size cap reasons in.
 */
import { type TileXYZ, tileBounds } from '../../contract/tile-math'
import { PARCEL_TILE_MAX_ZOOM, TILE_EXTENT } from '../../contract/tiles'

export type TileCoord = TileXYZ

export type ParsedTile = { ok: true; tile: TileCoord } | { ok: false; detail: string }

/** A canonical decimal: no sign, no leading zeros, at most 10 digits (2^16 tiles a side fit in 5). */
const DECIMAL = /^(0|[1-9][0-9]{0,9})$/

export function parseTile(z: string, x: string, yFile: string): ParsedTile {
  if (!yFile.endsWith('.mvt'))
    return { ok: false, detail: 'A parcel tile is addressed as /tiles/parcels/{z}/{x}/{y}.mvt.' }
  const y = yFile.slice(0, -'.mvt'.length)
  for (const [name, text] of [
    ['z', z],
    ['x', x],
    ['y', y],
  ] as const) {
    if (!DECIMAL.test(text))
      return {
        ok: false,
        detail: `Tile ${name} must be a whole number written plainly (0, 1, 2, …), not "${text.slice(0, 20)}".`,
      }
  }
  const tile = { z: Number(z), x: Number(x), y: Number(y) }
  if (tile.z > PARCEL_TILE_MAX_ZOOM) {
    return {
      ok: false,
      detail: `Tile zoom ${tile.z} is beyond ${PARCEL_TILE_MAX_ZOOM}, the deepest zoom tiles are made for (overzoom it).`,
    }
  }
  const side = 2 ** tile.z
  if (tile.x >= side || tile.y >= side) {
    return { ok: false, detail: `At zoom ${tile.z}, tile x and y run from 0 to ${side - 1}.` }
  }
  return { ok: true, tile }
}

/**
 * Tile units per degree of longitude and of latitude at the tile's middle: a parcel's bounding box
 * in degrees times these is its size on the tile. Mercator's north-south stretch changes by well
 * under 1 % across a tile at zoom 10 and deeper, so one factor per tile is enough for a size test.
 */
export function unitsPerDegree(tile: TileCoord): { sx: number; sy: number } {
  const sx = (TILE_EXTENT * 2 ** tile.z) / 360
  const [, south, , north] = tileBounds(tile)
  const mid = (((south + north) / 2) * Math.PI) / 180
  return { sx, sy: sx / Math.cos(mid) }
}
