/**
 * Which parcel tiles may come from the outline archive (contract/tiles-archive.ts) rather than the
 * live endpoint. The archive holds the tiles of one data version; since then counties may have been
 * loaded, reloaded or deleted. A county is "as archived" when `/coverage` lists it with the parcels
 * and load time the archive recorded and the archive holds its tiles; every other county — new,
 * reloaded, deleted, or outside a state archive — marks its extent as unsafe, and a tile whose
 * buffered square reaches an unsafe extent is asked of the live endpoint. So a tile is read from
 * the archive only when every parcel that can be in it is the archive's, and the map never mixes a
 * county's old and new outlines. Per county rather than per tile: the coverage says when each
 * county changed, not which tiles did.
 */
import type { Box, TileXYZ } from '../../../../contract/tile-math'
import { tileBounds } from '../../../../contract/tile-math'
import type { CoverageResponse } from '../../../../contract/tiles'
import type { ArchiveFacts } from '../../../../contract/tiles-archive'

export interface ArchivePlan {
  /** extents (degrees) whose tiles come from the live endpoint */
  unsafe: Box[]
  minZoom: number
  maxZoom: number
}

const countyKey = (c: { state_fp: string; county_fp: string; parcels: number; loaded_at: string }) =>
  `${c.state_fp}${c.county_fp}:${c.parcels}:${Date.parse(c.loaded_at)}`

export function archivePlan(
  facts: ArchiveFacts,
  coverage: Pick<CoverageResponse, 'counties' | 'version'>,
): ArchivePlan {
  const zooms = { minZoom: facts.min_zoom, maxZoom: facts.max_zoom }
  const archived = new Set(facts.counties.filter((c) => c.archived).map(countyKey))
  if (coverage.version === facts.data_version) {
    return { unsafe: facts.counties.filter((c) => !c.archived).map((c) => c.bbox), ...zooms }
  }
  const now = new Set(coverage.counties.map(countyKey))
  const unsafe = [
    ...coverage.counties.filter((c) => !archived.has(countyKey(c))).map((c) => c.bbox),
    ...facts.counties.filter((c) => !now.has(countyKey(c))).map((c) => c.bbox),
  ]
  return { unsafe, ...zooms }
}

/** A tile's square grown by the server's buffer (64 of 4096 units): what its features can reach. */
function reach(tile: TileXYZ): Box {
  const [w, s, e, n] = tileBounds(tile)
  const mx = (e - w) / 64
  const my = (n - s) / 64
  return [w - mx, s - my, e + mx, n + my]
}

const overlaps = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

export function archiveServes(tile: TileXYZ, plan: ArchivePlan): boolean {
  if (tile.z < plan.minZoom || tile.z > plan.maxZoom) return false
  const r = reach(tile)
  return !plan.unsafe.some((box) => overlaps(r, box))
}
