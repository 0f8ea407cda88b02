/**
 * The one load path, for a county file and the demo generator alike: staged rows in → staging table
 * → geometry repair → derived fields (areas, ids, stacks, same-owner acreage, rasters) → one
 * transaction replacing the county → indexes. Returns the summary the CLI prints.
 */

import type { LandUseRules } from '../../contract/land-use-classify'
import type { CountyRow } from '../db/counties-repo'
import type { Database } from '../db/database'
import { createParcelIndexes, missingParcelIndexes } from '../db/parcel-indexes'
import { createHistoryTable, deriveHistory } from './derive/cdl-history'
import { deriveAdjacency } from './derive/derive-adjacency'
import { createAreaTable, deriveStacks, measureAreas } from './derive/derive-areas'
import { deriveIds, parcelUuid } from './derive/derive-ids'
import { deriveRasters, type Rasters } from './derive/derive-rasters'
import { footprintKey } from './derive/footprint'
import { deriveLandUse, type LandUseOutcome } from './derive/land-use-class'
import { ownerKey, parcelKey } from './derive/owner-key'
import { isRejected, type Rejected, type StagedItem } from './rows/staged-row'
import { InFlight } from './stage/in-flight'
import { insertOrReject } from './stage/insert-or-reject'
import { repairCounts, repairRange, repairReport } from './stage/repair'
import { analyzeStage, createStage, dropStage, type StageInsert } from './stage/stage-table'
import { StagedRanges } from './stage/staged-ranges'
import type { CountyChanges } from './write/compare-county'
import {
  buildCountyRows,
  type ChangeLogHook,
  type CountyIdentity,
  summarizeCountyRows,
  type WriteOptions,
  writeCounty,
} from './write/write-county'

/**
 * Rows staged before the next range is checked during the read (PostgreSQL). Large enough that a
 * range's two statements (found by the stage's seq key) cost little beside its rows, small enough
 * that little is left after the read: a county of 17,000 parcels had all of its check (0.23 s)
 * after the read at 50,000.
 */
const CHECK_EVERY = 10_000

/** The load cannot go on (nothing was changed in `parcels`). */
export class LoadError extends Error {}

export interface LoadReportSink {
  line(entry: {
    feature: number | null
    layer: string | null
    parcel_id: string | null
    action: string
    reason: string
  }): void
}

export interface LoadProgress {
  phase: string
  done?: number
}

export interface LoadCountyOptions {
  county: CountyIdentity
  /** what `counties.source` records: the input file's name, or "demo" */
  source: string
  items: AsyncIterable<StagedItem[]> | Iterable<StagedItem[]>
  sqFeetMapped?: boolean
  rasters?: Rasters
  report?: LoadReportSink
  onProgress?: (p: LoadProgress) => void
  /** false when the caller builds the parcel indexes itself after several counties (the demo) */
  buildIndexes?: boolean
  /** Stops the load between batches and phases (Ctrl-C); nothing is changed in `parcels`. */
  signal?: AbortSignal
  /** `--land-use FILE`: the person's land-use rules over the built-in ones (land-use-class.ts). */
  landUseRules?: LandUseRules
  /** PostgreSQL: staged rows between the geometry checks during the read (default CHECK_EVERY) */
  checkEvery?: number
  /** Run in the county's transaction once its change log is written (the load CLI: watches). */
  afterLog?: ChangeLogHook
  /** Run once that transaction has committed, beside the index build (the load CLI: watch deliveries). */
  afterCommit?: () => Promise<unknown>
}

export interface LoadSummary {
  read: number
  loaded: number
  repaired: number
  rejected: number
  stacks: number
  holdings: number
  county: CountyRow
  seconds: number
  /** land_use_class: records per class, unclassified and without land use (issue 23) */
  landUse: LandUseOutcome
  /** what a reload changed (null on a county's first load) and the data version after the load */
  changes: CountyChanges | null
  version: string
}

export async function loadCounty(db: Database, o: LoadCountyOptions): Promise<LoadSummary> {
  const t0 = performance.now()
  const fips = o.county.state_fp + o.county.county_fp
  const report = o.onProgress ?? (() => {})
  const progress = (p: LoadProgress) => {
    if (o.signal?.aborted) throw new LoadError('interrupted; the county was not changed')
    report(p)
  }
  const stage = await createStage(db)
  // One batch is written (COPY) while the next is read and prepared: the database and the reader
  // work side by side (issue 23).
  const writing = new InFlight()
  // The county's places and extent, computed beside the transaction's copy (write-county.ts).
  const summarizing = new InFlight()
  // On PostgreSQL the staged rows are checked and measured on another connection during the read.
  const postgres = db.kind === 'postgres'
  const checked = new StagedRanges(
    async (after, upTo) => {
      await repairRange(stage, after, upTo)
      await measureAreas(stage, after, upTo)
    },
    postgres ? (o.checkEvery ?? CHECK_EVERY) : Number.POSITIVE_INFINITY,
  )
  try {
    await createAreaTable(stage)
    let seq = 0
    let staging = 0
    let readRejected = 0
    for await (const batch of o.items) {
      const rows: StageInsert[] = []
      for (const item of batch) {
        seq++
        if (isRejected(item)) {
          readRejected++
          reportRejected(o.report, item)
          continue
        }
        const pidKey = parcelKey(typeof item.attrs.parcel_id === 'string' ? item.attrs.parcel_id : null)
        const owner = item.attrs.owner
        rows.push({
          seq,
          row: item,
          ownerKey: ownerKey(typeof owner === 'string' ? owner : null),
          pidKey,
          footprint: footprintKey(item.geom),
          svcUuid: pidKey ? parcelUuid(fips, pidKey) : null,
        })
      }
      await writing.settled()
      checked.offer(staging)
      staging = seq
      writing.start(
        insertOrReject(stage, rows, ({ row }, reason) => {
          const parcelId = typeof row.attrs.parcel_id === 'string' ? row.attrs.parcel_id : null
          reportRejected(o.report, { feature: row.feature, layer: row.layer, parcelId, reason })
        }).then((n) => {
          readRejected += n
        }),
      )
      progress({ phase: 'read', done: seq })
    }
    await writing.settled()
    progress({ phase: 'checking geometry' })
    await checked.finish(seq, postgres ? 2 : 1)
    const repair = await repairCounts(stage)
    if (o.report) for await (const page of repairReport(stage)) for (const line of page) o.report.line(line)
    if (seq - readRejected - repair.rejected === 0) {
      throw new LoadError(`no feature could be loaded (${seq} read, all rejected); the county was not changed`)
    }
    progress({ phase: 'stage statistics' })
    await analyzeStage(stage)
    progress({ phase: 'ids for repeated or missing parcel numbers' })
    await deriveIds(stage, fips)
    const stacks = await deriveStacks(stage)
    progress({ phase: 'finding same-owner neighbours' })
    const { holdings } = await deriveAdjacency(stage)
    if (o.rasters?.dem || o.rasters?.cdl) {
      progress({ phase: 'sampling rasters' })
      await deriveRasters(stage, o.rasters)
    }
    progress({ phase: 'crop history' })
    await createHistoryTable(stage)
    await deriveHistory(stage, o.rasters?.cdlYears ?? [])
    progress({ phase: 'land-use classes' })
    const landUse = await deriveLandUse(stage, o.county.state, o.landUseRules)
    const write: WriteOptions = {
      sqFeetMapped: o.sqFeetMapped ?? false,
      dem: Boolean(o.rasters?.dem),
      cdl: Boolean(o.rasters?.cdl),
      landUse: landUse.pairs,
      afterLog: o.afterLog,
    }
    // PostgreSQL builds the rows on two connections before the transaction (write-county.ts).
    const prebuilt = postgres
    if (prebuilt) {
      progress({ phase: 'building the records' })
      await buildCountyRows(db, stage, o.county, write, seq)
    }
    progress({ phase: 'replacing the county' })
    if (prebuilt) summarizing.start(summarizeCountyRows(db, stage))
    const { county, changes, version } = await db.transaction((tx) =>
      writeCounty(
        tx,
        stage,
        o.county,
        o.source,
        write,
        prebuilt ? { summarized: () => summarizing.settled() } : undefined,
      ),
    )
    // The stage is spent: on PostgreSQL it is dropped on a connection of its own while the indexes
    // build (unlinking a 1,000,000-row stage took 3.8 s; issue 23). `finally` drops it otherwise.
    const dropped = dropStage(db, stage).catch(() => {})
    // Not after the indexes: a watch's receiver hears of the reload within seconds of its commit.
    const committed = o.afterCommit?.()
    if (o.buildIndexes !== false) {
      progress({ phase: 'building indexes' })
      // Only those not there (a catalog read): \`CREATE INDEX IF NOT EXISTS\` of one that is still takes
      // its lock on \`parcels\` and so waits for another county's transaction (issue 40: loads at once).
      await createParcelIndexes(db, { only: await missingParcelIndexes(db) })
    }
    await dropped
    await committed
    return {
      read: seq,
      loaded: county.parcels,
      repaired: repair.repaired,
      rejected: readRejected + repair.rejected,
      stacks,
      holdings,
      county,
      seconds: (performance.now() - t0) / 1000,
      landUse,
      changes,
      version,
    }
  } finally {
    await writing.settled().catch(() => {})
    await checked.settled()
    await summarizing.settled().catch(() => {})
    await dropStage(db, stage).catch(() => {})
  }
}

function reportRejected(report: LoadReportSink | undefined, r: Rejected): void {
  report?.line({ feature: r.feature, layer: r.layer, parcel_id: r.parcelId, action: 'rejected', reason: r.reason })
}
