/**
 * Everything about one demo county built once (towns, street grids, terrain, the section lattice)
 * and then read site by site, so a county of 100,000 parcels costs one build, not one per parcel.
 */
import turfArea from '@turf/area'
import { SQ_M_PER_ACRE } from '../../contract/units'
import { type Adjacency, findAdjacency } from './adjacency'
import { type Improvement, improvementOf } from './buildings'
import { availableCells } from './cell-mask'
import type { DemoCounty } from './counties'
import { type CountyProfile, PROFILES } from './county-profiles'
import { countyRings, ringsBounds } from './county-shape'
import { planFill } from './fill-plan'
import { CELL, Frame, SECTION } from './frame'
import { quarterAt } from './legal'
import { civicUseAt } from './owner-of'
import { rosterSlots } from './owner-roster'
import { assignOwners, type Ownership } from './owners'
import { hashInts, hashUnit, Rng } from './prng'
import { splitSection } from './section-split'
import { SiteTable } from './site-table'
import { Terrain } from './terrain'
import { BLOCK, layoutTownCell, type TownGrid } from './town-layout'
import { TOWNS_BY_COUNTY, type Town } from './towns'

/** Everything about one county that records are made from; built once, then read site by site. */
export interface CountyBuild {
  readonly county: DemoCounty
  readonly profile: CountyProfile
  readonly towns: readonly Town[]
  readonly grids: readonly TownGrid[]
  readonly frame: Frame
  readonly terrain: Terrain
  /** Section rows of the lattice. */
  readonly rows: number
  readonly sites: SiteTable
  readonly adj: Adjacency
  /** Area of each site (from its polygon with @turf/area, 2 decimals), for sizing values and crops. */
  readonly acres: Float64Array
  readonly own: Ownership
  /** For each owner, the first site where it has a house (its likely home), or -1. */
  readonly ownerHome: Int32Array
  /** Sequence number of each site within its quarter section (parcel numbers). */
  readonly apnSeq: Int32Array
  readonly key: number
}

/** Lays out `total` parcels in county `index`: plan, sites, adjacency, owners. */
export function buildCounty(index: number, county: DemoCounty, total: number, seed: number): CountyBuild {
  const fips = county.state_fp + county.county_fp
  const profile = PROFILES[fips]
  const towns = TOWNS_BY_COUNTY[fips]
  if (!profile || !towns) throw new Error(`no demo profile for county ${fips}`)
  const key = hashInts(seed, index, 0xc0)
  const rings = countyRings(fips)
  const [west, south, east, north] = ringsBounds(rings)
  const frame = new Frame(west, south, (south + north) / 2)
  const w = Math.ceil(frame.x(east) / CELL)
  const h = Math.ceil(frame.y(north) / CELL)
  const grid = availableCells(frame, rings, profile.fillMask ? [profile.fillMask.map((p) => [...p])] : null, w, h)
  const seeds = towns.map((t) => ({
    cx: Math.floor(frame.x(t.lon) / CELL),
    cy: Math.floor(frame.y(t.lat) / CELL),
    weight: t.weight,
  }))
  const plan = planFill(grid, profile, seeds, total, key)
  const cellsOf = new Array<number>(towns.length).fill(0)
  for (const cell of plan.townCells) cellsOf[cell.town]!++
  const grids: TownGrid[] = towns.map((t, k) => {
    const centerY = Math.round(frame.y(t.lat))
    return {
      centerX: Math.round(frame.x(t.lon)),
      centerY,
      mainLine: Math.round(centerY / BLOCK),
      // Downtown grows with the town, but slower: a few percent of the lots in a big town.
      downtownHalfWidth: 0.5 + Math.sqrt(cellsOf[k]!) / 3,
    }
  })

  const sites = new SiteTable(total)
  const sw = Math.ceil(w / 4)
  for (const s of plan.sections) {
    const section = s.sj * sw + s.si
    splitSection(sites, s.si * SECTION, s.sj * SECTION, s.mask, s.parcels, section, new Rng(key, 1, section))
  }
  for (const cell of plan.townCells) {
    layoutTownCell(sites, cell, grids[cell.town] as TownGrid, new Rng(key, 2, cell.cx, cell.cy))
  }
  let parcels = 0
  for (let i = 0; i < sites.size; i++) parcels += sites.mult[i]!
  if (parcels !== total) throw new Error(`county ${fips}: laid out ${parcels} parcels, wanted ${total}`)

  const acres = new Float64Array(sites.size)
  for (let i = 0; i < sites.size; i++) {
    const [x0, y0, x1, y1] = [
      frame.lon(sites.x0[i]!),
      frame.lat(sites.y0[i]!),
      frame.lon(sites.x1[i]!),
      frame.lat(sites.y1[i]!),
    ]
    const ring = [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
      [x0, y0],
    ]
    acres[i] = Math.round((turfArea({ type: 'Polygon', coordinates: [ring] }) / SQ_M_PER_ACRE) * 100) / 100
  }
  const adj = findAdjacency(sites)
  const own = assignOwners(sites, adj, key)
  own.roster = rosterSlots(own, county, key)

  const build: CountyBuild = {
    county,
    profile,
    towns,
    grids,
    frame,
    terrain: new Terrain(profile, frame, key),
    rows: Math.ceil(h / 4),
    sites,
    adj,
    acres,
    own,
    ownerHome: new Int32Array(own.condoBase).fill(-1),
    apnSeq: new Int32Array(sites.size),
    key,
  }
  const counters = new Map<number, number>()
  for (let i = 0; i < sites.size; i++) {
    const improvement = improvementAt(build, i)
    const o = own.owner[i]!
    if ((improvement === 'house' || improvement === 'farmstead') && build.ownerHome[o] === -1) build.ownerHome[o] = i
    // Keyed by the centroid's quarter, as the parcel number is (site-facts.ts).
    const x = (sites.x0[i]! + sites.x1[i]!) / 2
    const y = (sites.y0[i]! + sites.y1[i]!) / 2
    const k = (Math.floor(y / SECTION) * sw + Math.floor(x / SECTION)) * 4 + 'NE NW SW SE'.indexOf(quarterAt(x, y)) / 3
    const seq = (counters.get(k) ?? 0) + 1
    counters.set(k, seq)
    build.apnSeq[i] = seq
  }
  return build
}

/** What stands on a site; a pure function of the site so every module agrees. */
export const improvementAt = (b: CountyBuild, site: number): Improvement =>
  improvementOf(b.profile.region, b.sites.kind[site]!, b.acres[site]!, civicUseAt(b, site), hashUnit(b.key, site, 0xb1))
