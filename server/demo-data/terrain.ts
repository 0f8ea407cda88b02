import type { CountyProfile, Region } from './county-profiles'
import { type Frame, UNITS_PER_MILE } from './frame'
import { fbm } from './noise'

/** Relief (m) of the smooth noise and how deep river valleys cut, per region. */
const RELIEF: Record<Region, { amp: number; dip: number }> = {
  iowa: { amp: 36, dip: 18 },
  valley: { amp: 10, dip: 4 },
  plains: { amp: 24, dip: 10 },
}

/**
 * Rivers and ground height of one county, in lattice miles. Elevation is a tilted plane through the
 * county seat's real height plus smooth noise, lower along rivers, so neighbouring parcels differ by
 * a few metres at most.
 */
export class Terrain {
  private readonly streams: number[][][]
  private readonly cx: number
  private readonly cy: number

  constructor(
    private readonly profile: CountyProfile,
    frame: Frame,
    private readonly key: number,
  ) {
    this.streams = profile.streams.map((line) =>
      line.map(([lon, lat]) => [frame.x(lon) / UNITS_PER_MILE, frame.y(lat) / UNITS_PER_MILE]),
    )
    this.cx = frame.x(profile.fillCenter[0]) / UNITS_PER_MILE
    this.cy = frame.y(profile.fillCenter[1]) / UNITS_PER_MILE
  }

  /** Miles from (x, y) to the nearest river. */
  streamMiles(x: number, y: number): number {
    let best = Infinity
    for (const line of this.streams) {
      for (let i = 1; i < line.length; i++) {
        const [ax, ay] = line[i - 1] as [number, number]
        const [bx, by] = line[i] as [number, number]
        const dx = bx - ax
        const dy = by - ay
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)))
        best = Math.min(best, Math.hypot(x - ax - t * dx, y - ay - t * dy))
      }
    }
    return best
  }

  /** Metres above sea level, one decimal. */
  elevation(x: number, y: number, streamMiles: number): number {
    const p = this.profile
    const relief = RELIEF[p.region]
    const plane = p.elevation.base + p.elevation.east * (x - this.cx) + p.elevation.north * (y - this.cy)
    const rough = relief.amp * (fbm(this.key, x, y, 3) - 0.5)
    const valley = relief.dip * Math.exp(-((streamMiles / 0.6) ** 2))
    return Math.round(Math.max(p.elevation.min, plane + rough - valley) * 10) / 10
  }
}
