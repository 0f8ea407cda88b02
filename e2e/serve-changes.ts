/**
 * The server of the reload browser test (e2e/reload-changes.spec.ts, issue 23): the real app build and
 * API on the embedded database, with one small county of 30 lots near Ames loaded through the real
 * loader (no demo parcels; the demo key is served, so the app needs no set-up). A line `reload` on
 * stdin loads the county's yearly update — owners changed, lots sold, one split, two removed, one
 * revalued — through the same loader with `--replace`'s path, into the running server's database,
 * and prints `reloaded <version>`. Each start begins from an empty DATA_DIR.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { loadConfig } from '../server/config'
import type { Database } from '../server/db/database'
import { loadFile } from '../server/load/load-file'
import { LOTS_MAPPING, lots, lotsGeoJson, reloaded } from '../server/load/reload-fixture.test-support'
import { parseMapping } from '../server/load/rows/mapping'
import { openDatabase } from '../server/open-database'
import { startServer } from '../server/server'
import { copyPreparedEmbedded, SCHEMA_ONLY } from '../server/test/prepared-data'
import { evaluateWatches } from '../server/watches/evaluate-watches'

const root = join(tmpdir(), `plat-e2e-changes-${process.env.PORT ?? 'x'}`)
rmSync(root, { recursive: true, force: true })
mkdirSync(root, { recursive: true })
const config = loadConfig({ ...process.env, DATA_DIR: join(root, 'data'), DATABASE_URL: '', DEMO: 'on' })
const county = { state_fp: '19', county_fp: '169', state: 'IA', county: 'Story' }
const quiet = { isTTY: false, write: () => true }

async function load(db: Database, name: string, body: string) {
  const file = join(root, name)
  writeFileSync(file, body)
  // Watches are told of the reload as `npm run load` tells them (e2e/watches.spec.ts).
  const result = await loadFile(db, {
    file,
    county,
    mapping: parseMapping(LOTS_MAPPING),
    out: quiet,
    afterLog: evaluateWatches,
  })
  for (const line of result.lines) console.log(line)
  return result.summary
}

// The empty database comes migrated (migrating it here cost ~10 s of CPU per start, issue 36).
await copyPreparedEmbedded(SCHEMA_ONLY, config.DATA_DIR)
const first = await openDatabase(config)
await load(first, 'story-lots.geojson', lotsGeoJson(lots()))
await first.close()
const server = await startServer(config)

createInterface({ input: process.stdin }).on('line', async (line) => {
  if (line.trim() !== 'reload') return
  try {
    const summary = await load(server.db, 'story-lots.geojson', lotsGeoJson(reloaded()))
    console.log(`reloaded ${summary.version}`)
  } catch (e) {
    console.log(`reload failed: ${(e as Error).message}`)
  }
})

const stop = async () => {
  await server.close()
  rmSync(root, { recursive: true, force: true })
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
