/**
 * `npm run load -- FILE …`: opens the file and rasters, streams it through the load path with a
 * progress bar, writes the report next to the input, and returns the lines of the summary.
 */
import { basename } from 'node:path'
import type { LandUseRules } from '../../contract/land-use-classify'
import type { Database } from '../db/database'
import { parseCdlArgs } from './derive/cdl-history'
import type { Rasters } from './derive/derive-rasters'
import { type LoadSummary, loadCounty } from './load-county'
import { duration, ProgressBar, type ProgressOut } from './progress-bar'
import type { JoinTally } from './readers/cama-join'
import { openSource } from './readers/open-source'
import type { Raster } from './readers/raster'
import { ReportFile } from './report-file'
import { CoercionLog } from './rows/feature-to-row'
import { fileItems, knownCount } from './rows/file-items'
import type { Mapping } from './rows/mapping'
import { TEXT_MAX_BYTES, TextHygieneLog } from './rows/text-hygiene'
import { changeLines, landUseLines, reportExtras } from './summary-extras'
import type { ChangeLogHook, CountyIdentity } from './write/write-county'

export interface LoadFileOptions {
  file: string
  county: CountyIdentity
  mapping: Mapping
  crs?: string
  /** `--join TABLE --on KEY[=SHAPE_KEY]`: an assessor table joined to the shapes (cama-join.ts) */
  join?: { table: string; on: string }
  /** `--layer`: only this layer of a multi-layer file (File Geodatabase, GeoPackage, zipped Shapefiles) */
  layer?: string
  dem?: string
  /** `--cdl` values: one file, or `YEAR=file` / folders for the crop history (cdl-history.ts). */
  cdl?: string | readonly string[]
  out: ProgressOut
  signal?: AbortSignal
  /** `--land-use FILE`, read (land-use-class.ts readLandUseRules) */
  landUseRules?: LandUseRules
  /** Run in the county's transaction once its change log is written (issue 41: watches). */
  afterLog?: ChangeLogHook
  /** Run once the county's transaction has committed, beside the index build (issue 41: deliveries). */
  afterCommit?: () => Promise<unknown>
}

export interface LoadFileResult {
  summary: LoadSummary
  reportPath: string
  lines: string[]
}

const n = (v: number) => v.toLocaleString('en-US')

export async function loadFile(db: Database, o: LoadFileOptions): Promise<LoadFileResult> {
  const file = await openSource(o.file, { layer: o.layer })
  const rasters: Rasters = {}
  const opened: Raster[] = []
  const cdlSpecs = parseCdlArgs(typeof o.cdl === 'string' ? [o.cdl] : (o.cdl ?? []))
  const reportPath = `${o.file}.load-report.csv`
  const report = new ReportFile(reportPath)
  const log = new CoercionLog()
  const hygiene = new TextHygieneLog()
  const layers: string[] = []
  let source = file
  let join: JoinTally | null = null
  try {
    if (o.join) {
      // The CSV and dBASE readers are imported only for a load with --join (~130 ms of every load's
      // start otherwise; the CLI's start counts in the time bench:load compares with ogr2ogr).
      const [{ JoinTally, joinSource, parseJoinOn }, { readJoinTable }] = await Promise.all([
        import('./readers/cama-join'),
        import('./readers/join-table'),
      ])
      const on = parseJoinOn(o.join.on)
      join = new JoinTally(await readJoinTable(o.join.table, on.tableColumn))
      source = joinSource(file, join.table, on, join, report)
    }
    // geotiff is imported only for a load with rasters: the CLI's start counts in every load's time.
    const openRaster = async (path: string) => (await import('./readers/raster')).openRaster(path)
    if (o.dem) rasters.dem = await openRaster(o.dem)
    const years: { year: number; raster: Raster }[] = []
    for (const spec of cdlSpecs) {
      const raster = await openRaster(spec.path)
      opened.push(raster)
      if (spec.year !== null) years.push({ year: spec.year, raster })
    }
    // The latest year (or the one plain file) fills the spec's cdl_majority_* as before.
    rasters.cdl = opened.at(-1)
    if (years.length > 0) rasters.cdlYears = years
    const bar = new ProgressBar(o.out, knownCount(source), source.progress?.bind(source))
    const summary = await loadCounty(db, {
      county: o.county,
      source: basename(o.file),
      items: fileItems(source, {
        mapping: o.mapping,
        crs: o.crs,
        log,
        hygiene,
        state: o.county.state,
        onLayer: (layer, projection) =>
          layers.push(
            `${layer.name ?? source.format}: ${projection.lonLat ? projection.name : `${projection.name} → WGS 84`}`,
          ),
      }),
      sqFeetMapped: 'sq_feet' in o.mapping,
      rasters,
      report,
      onProgress: (p) => (p.phase === 'read' ? bar.read(p.done ?? 0) : bar.step(p.phase)),
      signal: o.signal,
      landUseRules: o.landUseRules,
      afterLog: o.afterLog,
      afterCommit: o.afterCommit,
    })
    bar.done()
    join?.report(report)
    report.coercions(log)
    reportExtras(summary, report)
    for (const r of hygiene.reportLines()) report.line({ feature: null, layer: null, parcel_id: null, ...r })
    return {
      summary,
      reportPath,
      lines: summaryLines(
        summary,
        log,
        hygiene,
        layers,
        reportPath,
        o,
        rasters.cdl ? (rasters.cdlYears?.length ?? 0) : -1,
        source.note,
        join,
      ),
    }
  } finally {
    await report.close()
    await file.close()
    await rasters.dem?.close()
    for (const r of opened) await r.close()
  }
}

/** `cdlYears`: −1 without a CDL raster, 0 for one plain file, else the years of history. */
function summaryLines(
  s: LoadSummary,
  log: CoercionLog,
  hygiene: TextHygieneLog,
  layers: string[],
  reportPath: string,
  o: LoadFileOptions,
  cdlYears: number,
  note: string | undefined,
  join: JoinTally | null,
) {
  const c = s.county
  const cleaned = hygiene.summary()
  const nulls = [...log.failures].map(([field, f]) => `${field} ${n(f.count)}`).join(', ')
  return [
    `Loaded ${c.county} County, ${c.state} (${c.state_fp}${c.county_fp}) from ${basename(o.file)} in ${duration(s.seconds)}.`,
    `  read       ${n(s.read)} features (${layers.join('; ')})`,
    ...(note ? [`  layers     ${note}`] : []),
    ...(join ? joinLines(join) : []),
    `  loaded     ${n(s.loaded)} parcels (${n(Math.round(s.loaded / Math.max(s.seconds, 1e-3)))} parcels/s)`,
    `  repaired   ${n(s.repaired)} (invalid geometry made valid)`,
    `  rejected   ${n(s.rejected)}${s.rejected ? ' (reasons in the report)' : ''}`,
    `  unreadable values set to null: ${n(log.total)}${nulls ? ` (${nulls})` : ''}`,
    ...(cleaned.stripped ? [`  control characters stripped from values: ${cleaned.stripped}`] : []),
    ...(cleaned.cut ? [`  values over ${n(TEXT_MAX_BYTES)} bytes cut: ${cleaned.cut}`] : []),
    ...(cleaned.base64 ? [`  binary values kept as base64: ${cleaned.base64}`] : []),
    ...(cleaned.unreadable
      ? [`  binary values unreadable (over ${n(TEXT_MAX_BYTES)} bytes as base64): ${cleaned.unreadable}`]
      : []),
    `  stacks     ${n(s.stacks)} footprints shared by several records; same-owner holdings ${n(s.holdings)}`,
    ...landUseLines(s),
    ...changeLines(s),
    ...(o.dem || cdlYears >= 0
      ? [
          `  rasters    ${[o.dem && 'elevation', cdlYears >= 0 && 'crop class', cdlYears > 0 && `crop history (${cdlYears} years)`].filter(Boolean).join(', ')}`,
        ]
      : []),
    `  report     ${reportPath}`,
  ]
}

function joinLines(j: JoinTally): string[] {
  const t = j.table
  const unused = j.unusedKeys().length
  const repeated = t.repeated.length
  return [
    `  joined     ${n(j.matched)} of ${n(j.matched + j.unmatched)} shapes to a row of ${t.name} (on ${t.keyColumn}, ${n(t.columns.length)} columns)`,
    `             shapes without a row ${n(j.unmatched)}; rows without a shape ${n(unused)} of ${n(t.rows.size)}${repeated ? `; keys repeated ${n(repeated)} (first row joined)` : ''}${t.keyless ? `; rows without a key ${n(t.keyless)}` : ''}`,
    ...(t.windows1252
      ? [`             ${n(t.windows1252)} value(s) of ${t.name} not UTF-8, read as Windows-1252`]
      : []),
  ]
}
