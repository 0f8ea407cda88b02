/**
 * Which tiles an archive holds: every z10–z16 tile whose buffered square reaches a county's extent
 * (a tile draws features up to TILE_BUFFER past its edge, so a tile just beside a county can hold
 * pieces of its parcels), once each, in tile-id (Hilbert) order — the order the archive's data is
 * written in. Only the ids are kept: a state's ~10⁶ tiles are a few MB of numbers, never their bytes.
 */
import { tileIdToZxy, zxyToTileId } from 'pmtiles'
import { type Box, type TileXYZ, tilesInBox } from '../../../contract/tile-math'
import { PARCEL_TILE_MAX_ZOOM, PARCEL_TILE_MIN_ZOOM, TILE_EXTENT } from '../../../contract/tiles'
import { TILE_BUFFER } from '../tile-sql'

/**
 * The box grown by the buffer at zoom `z`: a tile's buffer in degrees of longitude, also used for
 * latitude (a Mercator tile is shorter in latitude than it is wide), so the list may hold a few
 * tiles more than needed — they come out empty and are not written — and never one fewer.
 */
function grown([west, south, east, north]: Box, z: number): Box {
  const m = (360 / 2 ** z) * (TILE_BUFFER / TILE_EXTENT)
  return [west - m, south - m, east + m, north + m]
}

export function archiveTileIds(
  boxes: readonly Box[],
  minZoom = PARCEL_TILE_MIN_ZOOM,
  maxZoom = PARCEL_TILE_MAX_ZOOM,
): number[] {
  const ids = new Set<number>()
  for (let z = minZoom; z <= maxZoom; z++)
    for (const box of boxes) for (const t of tilesInBox(grown(box, z), z)) ids.add(zxyToTileId(t.z, t.x, t.y))
  return [...ids].sort((a, b) => a - b)
}

export function tileOfId(id: number): TileXYZ {
  const [z, x, y] = tileIdToZxy(id)
  return { z, x, y }
}
