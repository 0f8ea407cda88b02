/**
 * The facts every parcel on a demo site shares (place, town, terrain, crop, buildings), computed once
 * per site so stacked condo units agree with each other.
 */
import { type Address, roadSide, ruralAddress, townAddress } from './addresses'
import { Side } from './adjacency'
import { type Footprint, type Improvement, planFootprints } from './buildings'
import { type CountyBuild, improvementAt } from './county-build'
import { type CropPick, pickCrop } from './crops-by-region'
import { UNITS_PER_MILE } from './frame'
import { type Plss, plssAt, quarterAt } from './legal'
import type { CivicUse } from './owner-names'
import { civicUseAt } from './owner-of'
import { Rng } from './prng'
import { Kind } from './site-table'
import { BLOCK, type TownGrid } from './town-layout'
import type { Town } from './towns'

/** What every parcel on a site shares (stacked condo units differ only in owner and values). */
export interface SiteFacts {
  readonly site: number
  readonly kind: number
  readonly rect: readonly [number, number, number, number]
  /** The site's own town, or for rural sites the nearest one (city, ZIP, school district). */
  readonly town: Town
  readonly townIndex: number
  readonly inTown: boolean
  readonly lon: number
  readonly lat: number
  /** Centroid in lattice miles. */
  readonly x: number
  readonly y: number
  readonly streamMiles: number
  readonly elevation: number
  readonly acres: number
  readonly improvement: Improvement
  readonly civic: CivicUse
  readonly crop: CropPick
  readonly footprints: Footprint[]
  readonly address: Address | null
  readonly plss: Plss
  readonly quarter: string
  /** The side the lot fronts (street or section-line road). */
  readonly front: number
}

export interface SiteAddress {
  readonly address: Address | null
  readonly town: Town
  readonly townIndex: number
  readonly front: number
}

/** A site's address; also used to send an owner's mail to the house it lives in. */
export function siteAddress(b: CountyBuild, site: number, improvement: Improvement): SiteAddress {
  const s = b.sites
  const [x0, y0, x1, y1] = [s.x0[site]!, s.y0[site]!, s.x1[site]!, s.y1[site]!]
  const ti = s.town[site]!
  if (ti >= 0) {
    const town = b.towns[ti] as Town
    const front = y0 - Math.floor(y0 / BLOCK) * BLOCK >= BLOCK / 2 ? Side.NORTH : Side.SOUTH
    return { address: townAddress(town, b.grids[ti] as TownGrid, x0, y0, x1), town, townIndex: ti, front }
  }
  const x = (x0 + x1) / 2
  const y = (y0 + y1) / 2
  let best = 0
  let bestD = Infinity
  b.grids.forEach((g, k) => {
    const d = Math.hypot(g.centerX - x, g.centerY - y)
    if (d < bestD) {
      bestD = d
      best = k
    }
  })
  const front = roadSide(x0, y0, x1, y1)
  const roads = { profile: b.profile, rows: b.rows, centerX: b.grids[0]!.centerX, centerY: b.grids[0]!.centerY }
  const address = improvement === 'none' ? null : ruralAddress(roads, front, x0, y0, x1, y1)
  return { address, town: b.towns[best] as Town, townIndex: best, front }
}

export function siteFacts(b: CountyBuild, site: number): SiteFacts {
  const s = b.sites
  const rect = [s.x0[site]!, s.y0[site]!, s.x1[site]!, s.y1[site]!] as const
  const kind = s.kind[site]!
  const cx = (rect[0] + rect[2]) / 2
  const cy = (rect[1] + rect[3]) / 2
  const x = cx / UNITS_PER_MILE
  const y = cy / UNITS_PER_MILE
  const streamMiles = b.terrain.streamMiles(x, y)
  const acres = b.acres[site]!
  const civic = civicUseAt(b, site)
  let improvement = improvementAt(b, site)
  const fips = b.profile.fips
  const crop = pickCrop(
    { fips, region: b.profile.region, kind, x, y, streamMiles, acres, improved: improvement !== 'none' },
    b.key,
    site,
  )
  const where = siteAddress(b, site, improvement)
  const footprints =
    improvement === 'none'
      ? []
      : planFootprints(improvement, b.profile.region, civic, rect, where.front, new Rng(b.key, 4, site))
  if (footprints.length === 0) improvement = 'none'
  // The centroid, never a corner: corners on a section line would name the neighbouring section.
  const plss = plssAt(b.profile, cx, cy)
  return {
    site,
    kind,
    rect,
    town: where.town,
    townIndex: where.townIndex,
    inTown: kind !== Kind.RURAL,
    lon: b.frame.lon(cx),
    lat: b.frame.lat(cy),
    x,
    y,
    streamMiles,
    elevation: b.terrain.elevation(x, y, streamMiles),
    acres,
    improvement,
    civic,
    crop,
    footprints,
    address: improvement === 'none' && kind === Kind.RURAL ? null : where.address,
    plss,
    quarter: quarterAt(cx, cy),
    front: where.front,
  }
}
