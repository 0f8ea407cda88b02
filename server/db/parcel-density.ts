/**
 * How many parcels a box holds, estimated without reading them (the area-search planner's input,
 * area-pieces.ts). Counting parcels under a box costs about as much as searching them — the heap
 * read per candidate dominates — so the estimate comes from what is already known:
 * - a prior from the `counties` table: each county's parcels spread evenly over its bounding box
 *   (one small statement, re-read every `ttlMs`, so a load on another process shows up);
 * - corrections learned from the searches themselves: every piece reports how many candidates each
 *   of its cells held, kept per grid cell (`gridDegrees`). Towns are denser than their county's
 *   average, so a first search there runs pieces over budget; a repeated one (the abuse case) is
 *   cut right. What was learned is forgotten when the counties change (a load) and when it grows
 *   past `maxLearned` cells.
 */
import type { Box } from './area-pieces'
import type { Queryable, QueryOptions } from './database'

export interface CountyBox {
  west: number
  south: number
  east: number
  north: number
  parcels: number
}

interface Learned {
  /** Parcels per square degree seen. */
  density: number
  /** The prior's density there, so a correction is the difference. */
  prior: number
  /** Area of the box it was seen over: a finer observation is not overwritten by a coarser one. */
  seenOver: number
}

const area = ([w, s, e, n]: Box) => Math.max(0, e - w) * Math.max(0, n - s)
const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]))
const meets = (a: Box, b: Box) => a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3]

/** Grid walks beyond this many cells fall back to the prior alone (estimating must stay cheap). */
const MAX_GRID_WALK = 4_096

export class ParcelDensity {
  private counties: CountyBox[] = []
  private signature = ''
  /** Counties by whole degree cell, so a small box looks at its neighbours only. */
  private buckets = new Map<number, CountyBox[]>()
  private learned = new Map<number, Learned>()

  constructor(
    private readonly gridDegrees = 0.005,
    private readonly maxLearned = 200_000,
  ) {}

  /** Sets the prior; what was learned is kept only while the counties are the same. */
  setCounties(counties: readonly CountyBox[]): void {
    const signature = JSON.stringify(counties)
    if (signature === this.signature) return
    this.signature = signature
    this.counties = [...counties]
    this.learned.clear()
    this.buckets.clear()
    for (const county of this.counties) {
      for (let x = Math.floor(county.west); x <= Math.floor(county.east); x++)
        for (let y = Math.floor(county.south); y <= Math.floor(county.north); y++) {
          const key = bucketKey(x, y)
          const bucket = this.buckets.get(key)
          if (bucket) bucket.push(county)
          else this.buckets.set(key, [county])
        }
    }
  }

  /** Estimated parcels whose box overlaps `box`. */
  estimate(box: Box): number {
    const prior = this.prior(box)
    if (this.learned.size === 0) return prior
    let correction = 0
    const visited = this.walk(box, (key, cell) => {
      const seen = this.learned.get(key)
      if (seen) correction += overlap(box, cell) * (seen.density - seen.prior)
    })
    return visited ? Math.max(0, prior + correction) : prior
  }

  /** A search found `candidates` parcels overlapping `box`. */
  observe(box: Box, candidates: number): void {
    const seenOver = area(box)
    if (seenOver <= 0) return
    const density = candidates / seenOver
    if (this.learned.size > this.maxLearned) this.learned.clear()
    const cellArea = this.gridDegrees ** 2
    this.walk(box, (key, cell) => {
      // Only grid cells the box mostly covers: its average says little about the rest.
      if (overlap(box, cell) < cellArea / 2) return
      const before = this.learned.get(key)
      if (before && before.seenOver * 4 < seenOver) return
      this.learned.set(key, { density, prior: this.prior(cell) / cellArea, seenOver })
    })
  }

  /** The counties' even spread over their boxes. */
  private prior(box: Box): number {
    const seen = new Set<CountyBox>()
    let sum = 0
    const x0 = Math.floor(box[0])
    const x1 = Math.floor(box[2])
    const y0 = Math.floor(box[1])
    const y1 = Math.floor(box[3])
    const consider = (county: CountyBox) => {
      if (seen.has(county) || !meets(box, [county.west, county.south, county.east, county.north])) return
      seen.add(county)
      const own = area([county.west, county.south, county.east, county.north])
      const shared = overlap(box, [county.west, county.south, county.east, county.north])
      sum += own > 0 ? (county.parcels * shared) / own : county.parcels
    }
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > this.buckets.size) for (const c of this.counties) consider(c)
    else
      for (let x = x0; x <= x1; x++)
        for (let y = y0; y <= y1; y++) for (const c of this.buckets.get(bucketKey(x, y)) ?? []) consider(c)
    return sum
  }

  /** Calls `fn` for each grid cell `box` touches; false when there are too many to walk. */
  private walk(box: Box, fn: (key: number, cell: Box) => void): boolean {
    const g = this.gridDegrees
    const x0 = Math.floor(box[0] / g)
    const x1 = Math.floor(box[2] / g)
    const y0 = Math.floor(box[1] / g)
    const y1 = Math.floor(box[3] / g)
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > MAX_GRID_WALK) return false
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) fn(gridKey(x, y), [x * g, y * g, (x + 1) * g, (y + 1) * g])
    return true
  }
}

// Longitudes and latitudes as non-negative integers, packed into one safe integer.
const bucketKey = (x: number, y: number) => (x + 1_000) * 10_000 + (y + 1_000)
const gridKey = (x: number, y: number) => (x + 1_000_000) * 10_000_000 + (y + 1_000_000)

/** The density the planner uses: its prior re-read from `counties` at most every `ttlMs`. */
export function parcelDensity(db: Queryable, { ttlMs = 30_000 }: { ttlMs?: number } = {}) {
  const density = new ParcelDensity()
  let readAt = Number.NEGATIVE_INFINITY
  let reading: Promise<void> | null = null
  // Shared by the requests waiting for it, so none of their signals may cancel it.
  const refresh = async (opts: Pick<QueryOptions, 'timeoutMs'>) => {
    const rows = await db.query<{ west: number; south: number; east: number; north: number; parcels: number }>(
      'SELECT west, south, east, north, parcels FROM counties WHERE parcels > 0 AND west IS NOT NULL ORDER BY state_fp, county_fp',
      [],
      opts,
    )
    density.setCounties(rows)
    readAt = performance.now()
  }
  return {
    /** The density, its prior fresh within `ttlMs` (requests arriving meanwhile share one read). */
    async current(opts: QueryOptions = {}): Promise<ParcelDensity> {
      if (performance.now() - readAt > ttlMs) {
        reading ??= refresh({ timeoutMs: opts.timeoutMs }).finally(() => {
          reading = null
        })
        await reading
      }
      return density
    },
  }
}
export type ParcelDensitySource = ReturnType<typeof parcelDensity>
