import { generateDemoParcels } from '../demo-data/generate'
import type { Database } from './database'
import { createParcelIndexes } from './parcel-indexes'
import { insertParcelBatch } from './parcel-loader'

interface DemoMeta {
  parcels: number
  seed: number
  loadedAt: string
}

/**
 * Loads the deterministic demo dataset once. A load that was cut off (rows but no meta) is wiped and
 * redone; a later start with the same DATA_DIR reuses what is there.
 */
export async function ensureDemoDataset(
  db: Database,
  opts: { parcels: number; seed: number },
  log: (line: string) => void,
): Promise<DemoMeta> {
  const meta = await db.query<{ value: DemoMeta }>("SELECT value FROM dataset_meta WHERE key = 'demo'")
  if (meta[0]) return meta[0].value
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcels')
  if ((existing[0]?.n ?? 0) > 0) {
    log('Found an incomplete demo load; starting it again.')
    await db.exec('TRUNCATE parcels')
  }
  log(`Generating ${opts.parcels.toLocaleString('en-US')} demo parcels (seed ${opts.seed}); this happens once.`)
  const t0 = performance.now()
  let done = 0
  let nextReport = 0
  for (const batch of generateDemoParcels(opts)) {
    await insertParcelBatch(db, batch)
    done += batch.length
    if (done >= nextReport || done === opts.parcels) {
      const secs = ((performance.now() - t0) / 1000).toFixed(0)
      log(
        `  loaded ${done.toLocaleString('en-US')} / ${opts.parcels.toLocaleString('en-US')} parcels (${Math.round((done / opts.parcels) * 100)}%, ${secs}s)`,
      )
      nextReport = done + Math.max(1, Math.round(opts.parcels / 10))
    }
  }
  log('  building indexes…')
  await createParcelIndexes(db)
  const value: DemoMeta = { parcels: done, seed: opts.seed, loadedAt: new Date().toISOString() }
  await db.query("INSERT INTO dataset_meta (key, value) VALUES ('demo', $1::jsonb)", [JSON.stringify(value)])
  log(`Demo data ready in ${((performance.now() - t0) / 1000).toFixed(1)}s.`)
  return value
}
