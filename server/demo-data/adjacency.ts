import type { SiteTable } from './site-table'

/** Sides of a site's rectangle, in the order its ring walks them (counter-clockwise from south-west). */
export const Side = { SOUTH: 0, EAST: 1, NORTH: 2, WEST: 3 } as const

export interface Adjacency {
  /** Pairs of sites sharing a stretch of edge: a = pairs[2k], b = pairs[2k + 1]. */
  readonly pairs: Int32Array
  /** Per site, extra ring vertices: corners of neighbours that lie inside one of its sides. */
  readonly cornerStart: Int32Array
  /** side * 2^28 + coordinate along that side (x for south/north, y for east/west). */
  readonly corners: Float64Array
}

/**
 * Finds which sites share an edge and where neighbours' corners fall inside a site's sides. Every
 * neighbour corner becomes a vertex of the site's ring too, so shared boundaries have the same
 * vertices on both sides (a clean polygon coverage, no T-junctions) and adjacency is exact.
 * Lines are bucketed by coordinate (counting sort), then the two sides of each line are merged.
 */
export function findAdjacency(sites: SiteTable): Adjacency {
  const n = sites.size
  const pairs: number[] = []
  const cornerSite: number[] = []
  const cornerCode: number[] = []
  const addCorner = (site: number, side: number, at: number) => {
    cornerSite.push(site)
    cornerCode.push(side * 2 ** 28 + at)
  }
  // Vertical lines: west sides of sites (they lie east of the line) against east sides (west of it).
  sweep(n, sites.x0, sites.x1, sites.y0, sites.y1, (east, west, lo, hi, aLo, aHi) => {
    pairs.push(west, east)
    if (aLo > lo[west]! && aLo < hi[west]!) addCorner(west, Side.EAST, aLo)
    if (aHi > lo[west]! && aHi < hi[west]!) addCorner(west, Side.EAST, aHi)
    if (lo[west]! > aLo && lo[west]! < aHi) addCorner(east, Side.WEST, lo[west]!)
    if (hi[west]! > aLo && hi[west]! < aHi) addCorner(east, Side.WEST, hi[west]!)
  })
  sweep(n, sites.y0, sites.y1, sites.x0, sites.x1, (north, south, lo, hi, aLo, aHi) => {
    pairs.push(south, north)
    if (aLo > lo[south]! && aLo < hi[south]!) addCorner(south, Side.NORTH, aLo)
    if (aHi > lo[south]! && aHi < hi[south]!) addCorner(south, Side.NORTH, aHi)
    if (lo[south]! > aLo && lo[south]! < aHi) addCorner(north, Side.SOUTH, lo[south]!)
    if (hi[south]! > aLo && hi[south]! < aHi) addCorner(north, Side.SOUTH, hi[south]!)
  })
  const cornerStart = new Int32Array(n + 1)
  for (const s of cornerSite) cornerStart[s + 1]!++
  for (let i = 0; i < n; i++) cornerStart[i + 1]! += cornerStart[i]!
  const fill = cornerStart.slice(0, n)
  const corners = new Float64Array(cornerSite.length)
  cornerSite.forEach((s, k) => {
    corners[fill[s]!++] = cornerCode[k]!
  })
  return { pairs: Int32Array.from(pairs), cornerStart, corners }
}

/**
 * For every line c, walks the sites starting at c (`low` side) against those ending at c (`high`
 * side) along the line, calling `overlap(startSite, endSite, lo, hi, startLo, startHi)` for each pair
 * whose spans overlap by more than a point.
 */
function sweep(
  n: number,
  low: Int32Array,
  high: Int32Array,
  lo: Int32Array,
  hi: Int32Array,
  overlap: (starts: number, ends: number, lo: Int32Array, hi: Int32Array, aLo: number, aHi: number) => void,
): void {
  let max = 0
  for (let i = 0; i < n; i++) max = Math.max(max, high[i]!)
  const startsAt = bucket(n, low, max)
  const endsAt = bucket(n, high, max)
  const byLo = (a: number, b: number) => lo[a]! - lo[b]!
  for (let c = 0; c <= max; c++) {
    const s0 = startsAt.start[c]!
    const s1 = startsAt.start[c + 1]!
    const e0 = endsAt.start[c]!
    const e1 = endsAt.start[c + 1]!
    if (s0 === s1 || e0 === e1) continue
    const starts = startsAt.items.subarray(s0, s1).sort(byLo)
    const ends = endsAt.items.subarray(e0, e1).sort(byLo)
    let i = 0
    let j = 0
    while (i < starts.length && j < ends.length) {
      const a = starts[i]!
      const b = ends[j]!
      if (Math.min(hi[a]!, hi[b]!) > Math.max(lo[a]!, lo[b]!)) overlap(a, b, lo, hi, lo[a]!, hi[a]!)
      if (hi[a]! < hi[b]!) i++
      else j++
    }
  }
}

/** Counting sort of site indices by a coordinate: items[start[c] .. start[c + 1]) have key c. */
function bucket(n: number, key: Int32Array, max: number): { start: Int32Array; items: Int32Array } {
  const start = new Int32Array(max + 2)
  for (let i = 0; i < n; i++) start[key[i]! + 1]!++
  for (let c = 0; c <= max; c++) start[c + 1]! += start[c]!
  const fill = start.slice(0, max + 1)
  const items = new Int32Array(n)
  for (let i = 0; i < n; i++) items[fill[key[i]!]!++] = i
  return { start, items }
}
