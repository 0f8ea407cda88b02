import { listCounties } from '../db/counties-repo'
import type { Database } from '../db/database'
import { createParcelIndexes } from '../db/parcel-indexes'
import { loadCounty } from '../load/load-county'
import { DEMO_COUNTIES } from './counties'
import { demoCountySources } from './generate'

interface DemoMeta {
  parcels: number
  seed: number
  loadedAt: string
}

const DEMO_FIPS = new Set(DEMO_COUNTIES.map((c) => c.state_fp + c.county_fp))

/**
 * Loads the deterministic demo dataset once, county by county through the same load path as real
 * data (ids, areas, stacks, same-owner acreage derived there). A load that was cut off (no meta
 * yet) is simply loaded again: each county replaces itself. A database holding real counties gets
 * no demo parcels: demo mode never mixes synthetic records into loaded data.
 */
export async function ensureDemoDataset(
  db: Database,
  opts: { parcels: number; seed: number },
  log: (line: string) => void,
): Promise<DemoMeta | null> {
  const meta = await db.query<{ value: DemoMeta }>("SELECT value FROM dataset_meta WHERE key = 'demo'")
  if (meta[0]) return meta[0].value
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
  for (const source of demoCountySources(opts)) {
    if (source.parcels === 0) continue
    const { county } = source
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
  const value: DemoMeta = { parcels: done, seed: opts.seed, loadedAt: new Date().toISOString() }
  await db.query("INSERT INTO dataset_meta (key, value) VALUES ('demo', $1::jsonb)", [JSON.stringify(value)])
  log(`Demo data ready in ${((performance.now() - t0) / 1000).toFixed(1)}s.`)
  return value
}
