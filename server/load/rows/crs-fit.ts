/**
 * Do a feature's coordinates, read in the file's CRS, land in the county's state? (issue 19: a
 * GeoJSON declaring EPSG:3417 with its coordinates in longitude/latitude loaded with exit 0, its
 * parcels 1,500 km away as 0-acre parcels.) Each feature outside the state (with a margin for
 * parcels on its border) is rejected with a reason naming --crs; a layer where most features are
 * outside refuses the load (FitTally.verdict), as the file's CRS is then wrong, not its parcels.
 */
import type { MultiPolygon, Position } from 'geojson'
import type { Projection } from '../../../formats/crs'
import { CrsError } from '../readers/crs'
import { type Bounds, STATE_BOUNDS } from './state-bounds'

/** Degrees outside the state's box a parcel may still reach (border parcels, survey slop). */
const MARGIN = 0.25

/** Misfits over this share of a layer's features refuse the load. */
const REFUSE_SHARE = 0.5
/** …and early, after this many features, when nearly all are misfits. */
const EARLY_AFTER = 1_000
const EARLY_SHARE = 0.9

const fmt = (v: number) => v.toFixed(4)

function box(geom: MultiPolygon): Bounds {
  let w = Infinity
  let s = Infinity
  let e = -Infinity
  let n = -Infinity
  for (const poly of geom.coordinates)
    for (const ring of poly)
      for (const p of ring) {
        const x = p[0] as number
        const y = p[1] as number
        if (x < w) w = x
        if (x > e) e = x
        if (y < s) s = y
        if (y > n) n = y
      }
  return [w, s, e, n]
}

const inside = (b: Bounds, area: Bounds, margin: number) =>
  b[0] >= area[0] - margin && b[1] >= area[1] - margin && b[2] <= area[2] + margin && b[3] <= area[3] + margin

export class FitTally {
  checked = 0
  misfits = 0
  /** the first misfit's raw position, to guess what the file really holds */
  private firstRaw: Position | null = null
  constructor(
    readonly state: string,
    readonly projection: Projection,
    private readonly where = '',
  ) {}

  /** null when the feature fits, else the rejection reason. `raw` is one position as the file holds it. */
  check(geom: MultiPolygon, raw: Position | null): string | null {
    const area = STATE_BOUNDS[this.state]
    if (!area) return null
    this.checked++
    const b = box(geom)
    if (inside(b, area, MARGIN)) return null
    this.misfits++
    this.firstRaw ??= raw
    return `outside ${this.state} (at ${fmt((b[0] + b[2]) / 2)}, ${fmt((b[1] + b[3]) / 2)} read as ${this.projection.name}): the coordinates do not fit that CRS; check the file's CRS or pass --crs EPSG:N`
  }

  /** Throws CrsError when so many features are misfits that the CRS must be wrong. */
  verdict(final: boolean): void {
    const share = this.checked ? this.misfits / this.checked : 0
    const refuse = final ? share > REFUSE_SHARE : this.checked >= EARLY_AFTER && share > EARLY_SHARE
    if (!refuse) return
    const counted = `${this.misfits.toLocaleString('en-US')} of ${this.checked.toLocaleString('en-US')}${final ? '' : ' (so far)'}`
    throw new CrsError(
      `${this.where}${counted} features lie outside ${this.state} when read as ${this.projection.name}, so the file is not in that CRS; pass its real CRS with --crs EPSG:N${this.guess()}. The county was not changed.`,
    )
  }

  private guess(): string {
    const p = this.firstRaw
    const area = STATE_BOUNDS[this.state]
    if (!p || !area || this.projection.lonLat) return ''
    const x = p[0] as number
    const y = p[1] as number
    return inside([x, y, x, y], area, MARGIN) ? ' (its coordinates look like longitude/latitude: --crs EPSG:4326)' : ''
  }
}

/** The first position of a geometry as the file holds it, for FitTally's guess. */
export function firstPosition(g: unknown): Position | null {
  let c: unknown = (g as { coordinates?: unknown } | null)?.coordinates
  for (let i = 0; i < 4 && Array.isArray(c); i++) {
    if (typeof c[0] === 'number') return c as Position
    c = c[0]
  }
  return null
}
