/**
 * The server the browser tests run against: the real app build and the real API on the embedded
 * database with a small demo dataset, plus the keys the specs need (written to e2e-keys.json in
 * DATA_DIR, read by e2e/keys.ts). New keys each start, so quota tests begin from zero. The demo data
 * is copied from the one prepared for both e2e servers (e2e-demo.ts) when DATA_DIR has none yet.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createKey } from '../server/auth/key-admin'
import { loadConfig } from '../server/config'
import { keysRepo } from '../server/db/keys-repo'
import { startServer } from '../server/server'
import { copyE2eDemo } from './e2e-demo'

const config = loadConfig({
  ...process.env,
  DATA_DIR: process.env.E2E_DATA_DIR ?? '.data-e2e',
  DEMO_PARCELS: process.env.E2E_PARCELS ?? '20000',
  DEMO_SEED: '1',
})
await copyE2eDemo(config)
let keys = { full: '', small: '' }
const server = await startServer(config, console.log, async (db) => {
  const repo = keysRepo(db)
  keys = {
    full: (await createKey(repo, { name: 'e2e-full' })).value,
    // Enough for the area call and a few query pages, then 429 part-way through a search.
    small: (await createKey(repo, { name: 'e2e-small', monthlyLimit: 4 })).value,
  }
})
writeFileSync(join(config.DATA_DIR, 'e2e-keys.json'), JSON.stringify({ ...keys, demo: server.demoKey }))
const stop = async () => {
  await server.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
