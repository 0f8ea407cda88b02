/**
 * The demo data set's bookkeeping: what the stored data was made with, so a start with another seed,
 * size or generator version rebuilds it instead of serving stale parcels.
 */
import { logCountyDeleted } from '../db/change-log-repo'
import { deleteCounty, listCounties } from '../db/counties-repo'
import type { Database } from '../db/database'
import { createParcelIndexes } from '../db/parcel-indexes'
import { loadCounty } from '../load/load-county'
import { DEMO_COUNTIES } from './counties'
import { DEMO_GENERATOR_VERSION, demoCountySources } from './generate'

export interface DemoMeta {
  /** parcels loaded (a few may be rejected by the load path's checks) */
  parcels: number
  /** parcels asked for (DEMO_PARCELS); absent in data made before 2026-11-26 */
  requested?: number
  seed: number
  /** DEMO_GENERATOR_VERSION that made the data; absent (version 1) before 2026-11-26 */
  generator?: number
  loadedAt: string
}

/** Why the stored demo data is not what this start asks for, or null when it is. */
export function demoDataOutdated(meta: DemoMeta, opts: { parcels: number; seed: number }): string | null {
  const made = meta.generator ?? 1
  if (made !== DEMO_GENERATOR_VERSION)
    return `made by demo generator ${made}, this version writes ${DEMO_GENERATOR_VERSION}`
  if (meta.seed !== opts.seed) return `seed ${meta.seed}, DEMO_SEED is ${opts.seed}`
  const requested = meta.requested ?? meta.parcels
  if (requested !== opts.parcels)
    return `${requested.toLocaleString('en-US')} parcels, DEMO_PARCELS is ${opts.parcels.toLocaleString('en-US')}`
  return null
}

const DEMO_FIPS = new Set(DEMO_COUNTIES.map((c) => c.state_fp + c.county_fp))

/**
 * Loads the deterministic demo dataset once, county by county through the same load path as real
 * data (ids, areas, stacks, same-owner acreage derived there). A load that was cut off (no meta
 * yet) is simply loaded again: each county replaces itself. Data made by another generator version,
 * seed or size is generated again the same way (an upgraded app would otherwise serve records
 * without the fields it now shows; stable ids keep old links pointing at the same parcels). A
 * database holding real counties gets no demo parcels: demo mode never mixes synthetic records into
 * loaded data.
 */
export async function ensureDemoDataset(
  db: Database,
  opts: { parcels: number; seed: number },
  log: (line: string) => void,
): Promise<DemoMeta | null> {
  const meta = (await db.query<{ value: DemoMeta }>("SELECT value FROM dataset_meta WHERE key = 'demo'"))[0]?.value
  const outdated = meta ? demoDataOutdated(meta, opts) : null
  if (meta && !outdated) return meta
  if (outdated) log(`The demo data here was ${outdated}: generating it again.`)
  const real = (await listCounties(db)).filter(
    (c) => !DEMO_FIPS.has(c.state_fp + c.county_fp) || !['demo', 'unknown'].includes(c.source),
  )
  if (real.length > 0) {
    log(`This database holds ${real.length} loaded county(ies); no demo parcels are added (start with DEMO=off).`)
    return null
  }
  log(`Generating ${opts.parcels.toLocaleString('en-US')} demo parcels (seed ${opts.seed}); this happens once.`)
  const t0 = performance.now()
  let done = 0
  const loaded = new Set((await listCounties(db)).map((c) => c.state_fp + c.county_fp))
  for (const source of demoCountySources(opts)) {
    const { county } = source
    if (source.parcels === 0) {
      // Fewer parcels than before can leave a county with none: its old demo parcels go.
      if (loaded.has(county.state_fp + county.county_fp)) {
        await db.transaction(async (tx) => {
          await logCountyDeleted(tx, county)
          await deleteCounty(tx, county.state_fp, county.county_fp)
        })
      }
      continue
    }
    const summary = await loadCounty(db, {
      county: { state_fp: county.state_fp, county_fp: county.county_fp, state: county.state, county: county.county },
      source: 'demo',
      items: source.batches(),
      buildIndexes: false,
    })
    done += summary.loaded
    const secs = ((performance.now() - t0) / 1000).toFixed(0)
    log(
      `  loaded ${done.toLocaleString('en-US')} / ${opts.parcels.toLocaleString('en-US')} parcels (${county.county} County, ${county.state}; ${secs}s)`,
    )
  }
  log('  building indexes…')
  await createParcelIndexes(db)
  const value: DemoMeta = {
    parcels: done,
    requested: opts.parcels,
    seed: opts.seed,
    generator: DEMO_GENERATOR_VERSION,
    loadedAt: new Date().toISOString(),
  }
  await db.query(
    "INSERT INTO dataset_meta (key, value) VALUES ('demo', $1::jsonb) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value",
    [JSON.stringify(value)],
  )
  log(`Demo data ready in ${((performance.now() - t0) / 1000).toFixed(1)}s.`)
  return value
}
