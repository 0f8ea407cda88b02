/**
 * The demo data of the e2e servers (the main one and the proxy test's upstream: the same 20,000
 * parcels, seed 1), generated once per checkout and copied into each DATA_DIR that has no database
 * yet; a DATA_DIR with one is left to the server (which generates again if its data is outdated).
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { ServerConfig } from '../server/config'
import { copyPreparedEmbedded } from '../server/test/prepared-data'

export async function copyE2eDemo(config: ServerConfig): Promise<void> {
  if (config.DATABASE_URL || existsSync(join(config.DATA_DIR, 'pglite'))) return
  const t0 = performance.now()
  await copyPreparedEmbedded({ name: 'e2e', parcels: config.DEMO_PARCELS, seed: config.DEMO_SEED }, config.DATA_DIR)
  console.log(`Demo data copied into ${config.DATA_DIR} in ${((performance.now() - t0) / 1000).toFixed(1)}s.`)
}
