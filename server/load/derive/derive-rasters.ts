/**
 * Raster enrichment: `elevation` is the DEM value at the parcel's centroid (metres, as 3DEP
 * publishes); the CDL majority is the most frequent land-cover code among the pixels whose centres
 * fall inside the parcel (the centroid's pixel when none does), with its share in percent.
 * Pixels with the raster's no-data value (and CDL code 0, "background") do not count.
 */
import type { MultiPolygon } from 'geojson'
import type { Raster } from '../readers/raster'
import { type Stage, stagePages } from '../stage/stage-table'

export interface Rasters {
  dem?: Raster
  cdl?: Raster
  /** Yearly CDL rasters for the crop history (cdl-history.ts); the latest is also `cdl`. */
  cdlYears?: readonly { year: number; raster: Raster }[]
}

const TILE = 256
/** Largest window read at once (pixels); bigger parcels read their own window. */
const MAX_WINDOW = 4096 * 4096

export interface Row {
  seq: number
  cx: number
  cy: number
  g: string
}

interface Box {
  x0: number
  y0: number
  x1: number
  y1: number
}

export async function deriveRasters(stage: Stage, rasters: Rasters): Promise<void> {
  const cols = rasters.cdl
    ? 'ST_X(ST_Centroid(geom)) AS cx, ST_Y(ST_Centroid(geom)) AS cy, ST_AsGeoJSON(geom) AS g'
    : "ST_X(ST_Centroid(geom)) AS cx, ST_Y(ST_Centroid(geom)) AS cy, '' AS g"
  for await (const rows of stagePages<Row & Record<string, unknown>>(stage, cols, 'TRUE', 2000)) {
    const elevation = rasters.dem ? await sampleCentroids(rasters.dem, rows) : rows.map(() => null)
    const cdl = rasters.cdl ? await majorities(rasters.cdl, rows) : rows.map(() => null)
    await stage.db.query(
      `INSERT INTO ${stage.table}_raster (seq, elevation, cdl_value, cdl_percent)
       SELECT * FROM unnest($1::int[], $2::float8[], $3::float8[], $4::float8[])`,
      [rows.map((r) => r.seq), elevation, cdl.map((c) => c?.code ?? null), cdl.map((c) => c?.percent ?? null)],
    )
  }
}

const usable = (r: Raster, v: number | undefined, zeroIsNoData: boolean): v is number =>
  v !== undefined && Number.isFinite(v) && v !== r.noData && !(zeroIsNoData && v === 0)

/** Groups items by the TILE×TILE block of a pixel, so each block is read once per page. */
function byTile<T>(items: readonly T[], at: (item: T) => [number, number]): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const [x, y] = at(item)
    const key = `${Math.floor(x / TILE)},${Math.floor(y / TILE)}`
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return groups
}

async function sampleCentroids(r: Raster, rows: readonly Row[]): Promise<(number | null)[]> {
  const out = new Map<number, number | null>()
  const px = rows.map((row) => ({ seq: row.seq, p: r.toPixel(row.cx, row.cy).map(Math.floor) as [number, number] }))
  for (const group of byTile(px, (i) => i.p).values()) {
    const tx = Math.floor(group[0]!.p[0] / TILE) * TILE
    const ty = Math.floor(group[0]!.p[1] / TILE) * TILE
    const win = await r.window(tx, ty, tx + TILE, ty + TILE)
    for (const { seq, p } of group) {
      const inside = p[0] >= win.x0 && p[0] < win.x0 + win.w && p[1] >= win.y0 && p[1] < win.y0 + win.h
      const v = inside ? win.values[(p[1] - win.y0) * win.w + (p[0] - win.x0)] : undefined
      out.set(seq, usable(r, v, false) ? v : null)
    }
  }
  return rows.map((row) => out.get(row.seq) ?? null)
}

interface Shape {
  seq: number
  rings: [number, number][][]
  box: Box
  centre: [number, number]
}

/** Per row, the majority class and its percent (shared with cdl-history.ts for yearly rasters). */
export async function majorities(
  r: Raster,
  rows: readonly Row[],
): Promise<({ code: number; percent: number } | null)[]> {
  const shapes: Shape[] = rows.map((row) => {
    const geom = JSON.parse(row.g) as MultiPolygon
    const rings = geom.coordinates.flat().map((ring) => ring.map((p) => r.toPixel(p[0]!, p[1]!)))
    const box = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity }
    for (const [x, y] of rings.flat()) {
      box.x0 = Math.min(box.x0, Math.floor(x))
      box.y0 = Math.min(box.y0, Math.floor(y))
      box.x1 = Math.max(box.x1, Math.ceil(x))
      box.y1 = Math.max(box.y1, Math.ceil(y))
    }
    return { seq: row.seq, rings, box, centre: r.toPixel(row.cx, row.cy) }
  })
  const out = new Map<number, { code: number; percent: number } | null>()
  for (const group of byTile(shapes, (s) => [s.box.x0, s.box.y0]).values()) {
    const union = group
      .map((s) => s.box)
      .reduce((u, b) => ({
        x0: Math.min(u.x0, b.x0),
        y0: Math.min(u.y0, b.y0),
        x1: Math.max(u.x1, b.x1),
        y1: Math.max(u.y1, b.y1),
      }))
    const together = (union.x1 - union.x0) * (union.y1 - union.y0) <= MAX_WINDOW
    const shared = together ? await r.window(union.x0, union.y0, union.x1 + 1, union.y1 + 1) : null
    for (const s of group) {
      const win = shared ?? (await r.window(s.box.x0, s.box.y0, s.box.x1 + 1, s.box.y1 + 1))
      out.set(s.seq, majority(r, s, win))
    }
  }
  return rows.map((row) => out.get(row.seq) ?? null)
}

function majority(
  r: Raster,
  s: Shape,
  win: { x0: number; y0: number; w: number; h: number; values: ArrayLike<number> },
): { code: number; percent: number } | null {
  const counts = new Map<number, number>()
  let total = 0
  const at = (x: number, y: number) =>
    x >= win.x0 && x < win.x0 + win.w && y >= win.y0 && y < win.y0 + win.h
      ? win.values[(y - win.y0) * win.w + (x - win.x0)]
      : undefined
  for (let y = s.box.y0; y < s.box.y1; y++) {
    for (let x = s.box.x0; x < s.box.x1; x++) {
      if (!insideRings(s.rings, x + 0.5, y + 0.5)) continue
      const v = at(x, y)
      if (!usable(r, v, true)) continue
      counts.set(v, (counts.get(v) ?? 0) + 1)
      total++
    }
  }
  if (total === 0) {
    const v = at(Math.floor(s.centre[0]), Math.floor(s.centre[1]))
    return usable(r, v, true) ? { code: v, percent: 100 } : null
  }
  let best = -1
  let bestN = 0
  for (const [code, n] of counts) if (n > bestN || (n === bestN && code < best)) [best, bestN] = [code, n]
  return { code: best, percent: (100 * bestN) / total }
}

/** Even–odd rule over every ring of every part: holes take themselves out. */
function insideRings(rings: readonly [number, number][][], x: number, y: number): boolean {
  let inside = false
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!
      const [xj, yj] = ring[j]!
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside
    }
  }
  return inside
}
