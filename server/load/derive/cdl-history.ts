/**
 * Crop history (issue 25): per parcel and year, the majority Cropland Data Layer class and its
 * percent, by the same rule as the single-year `cdl_majority_*` (derive-rasters.ts `majorities`),
 * kept in the record as `cdl_history` ({"2020": {code, name, percent}, …}); from it the extension
 * columns `rotation` and `corn_years_5` (contract/rotation.ts). Without yearly rasters a history the
 * source already carries (the demo generator's, or a county file's `cdl_history` attribute) is read
 * from the staged record instead, so both go through one derivation.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { CDL_BY_CODE } from '../../../contract/crops'
import { type CdlYear, classifyRotation, cornYears, historyOf } from '../../../contract/rotation'
import type { Raster } from '../readers/raster'
import { type Stage, stagePages } from '../stage/stage-table'
import { majorities, type Row } from './derive-rasters'

export interface CdlYearRaster {
  year: number
  raster: Raster
}

/** One `--cdl` argument: `YEAR=file.tif`, a folder of yearly GeoTIFFs, or a plain file (one year, unknown). */
export interface CdlSpec {
  year: number | null
  path: string
}

export class CdlArgError extends Error {}

const YEAR = /(?:^|[^0-9])((?:19|20)\d\d)(?:[^0-9]|$)/

/**
 * Reads the `--cdl` values. A folder stands for the GeoTIFFs in it whose names carry a year
 * (`2021_30m_cdls.tif`, `CDL_2022_19.tif`). A plain file with no year keeps today's meaning: the
 * one raster behind `cdl_majority_*`, no history.
 */
export function parseCdlArgs(values: readonly string[]): CdlSpec[] {
  const out: CdlSpec[] = []
  for (const v of values) {
    const m = /^(\d{4})=(.+)$/.exec(v)
    if (m) {
      out.push({ year: Number(m[1]), path: m[2]! })
      continue
    }
    let dir = false
    try {
      dir = statSync(v).isDirectory()
    } catch {
      // a missing file is reported when it is opened, with the raster's own message
    }
    if (!dir) {
      out.push({ year: null, path: v })
      continue
    }
    const found = readdirSync(v)
      .filter((f) => /\.tiff?$/i.test(f) && YEAR.test(f))
      .map((f) => ({ year: Number(YEAR.exec(f)![1]), path: join(v, f) }))
    if (found.length === 0) throw new CdlArgError(`--cdl ${v}: no GeoTIFF in this folder has a year in its name`)
    out.push(...found)
  }
  const years = out.filter((s) => s.year !== null).map((s) => s.year)
  const dup = years.find((y, i) => years.indexOf(y) !== i)
  if (dup !== undefined) throw new CdlArgError(`--cdl: the year ${dup} is given twice`)
  if (out.length > 1 && out.some((s) => s.year === null)) {
    throw new CdlArgError('--cdl: with several rasters give each its year, as --cdl 2023=cdl_2023.tif')
  }
  return out.sort((a, b) => (a.year ?? 0) - (b.year ?? 0))
}

export async function createHistoryTable(stage: Stage): Promise<void> {
  await stage.db.exec(`CREATE UNLOGGED TABLE ${stage.table}_history (seq int PRIMARY KEY, history text,
                         rotation text, corn_years_5 double precision)`)
}

const round1 = (v: number) => Math.round(v * 10) / 10

/** The record field's value for a history (years as keys, oldest first). */
export function historyJson(
  history: readonly CdlYear[],
): Record<string, { code: number; name: string | null; percent: number | null }> {
  return Object.fromEntries(history.map((y) => [String(y.year), { code: y.code, name: y.name, percent: y.percent }]))
}

/**
 * Fills the `_history` side table: from yearly rasters when given (their history replaces any in
 * the source), else from the staged records' own `cdl_history`.
 */
export async function deriveHistory(stage: Stage, years: readonly CdlYearRaster[]): Promise<void> {
  const fromRasters = years.length > 0
  const cols = fromRasters
    ? 'ST_X(ST_Centroid(geom)) AS cx, ST_Y(ST_Centroid(geom)) AS cy, ST_AsGeoJSON(geom) AS g'
    : `(extra::jsonb)->'cdl_history' AS h`
  // Without rasters only the records that carry a history are read: paging every row to find none
  // took 2.2 s of a 1,000,000-parcel load (issue 23).
  const where = fromRasters ? 'TRUE' : `strpos(extra, '"cdl_history"') > 0`
  for await (const rows of stagePages<Row & { h?: unknown } & Record<string, unknown>>(stage, cols, where, 2000)) {
    let histories: CdlYear[][]
    if (fromRasters) {
      histories = rows.map(() => [])
      for (const { year, raster } of years) {
        const found = await majorities(raster, rows)
        found.forEach((m, i) => {
          if (m) {
            const name = CDL_BY_CODE.get(m.code)?.name ?? null
            histories[i]!.push({ year, code: m.code, name, percent: round1(m.percent) })
          }
        })
      }
    } else {
      histories = rows.map((r) => historyOf({ cdl_history: typeof r.h === 'string' ? JSON.parse(r.h) : r.h }))
    }
    const keep = rows.map((r, i) => ({ seq: r.seq, h: histories[i]! })).filter((r) => r.h.length > 0)
    if (keep.length === 0) continue
    await stage.db.query(
      `INSERT INTO ${stage.table}_history (seq, history, rotation, corn_years_5)
       SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::float8[])`,
      [
        keep.map((r) => r.seq),
        keep.map((r) => (fromRasters ? JSON.stringify(historyJson(r.h)) : null)),
        keep.map((r) => classifyRotation(r.h)),
        keep.map((r) => cornYears(r.h)),
      ],
    )
  }
}
