import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import type { ServerConfig } from '../config'
import type { Database } from './database'
import { migrate } from './migrate'
import { openPglite } from './pglite-database'
import { openPostgres } from './postgres-database'

export async function openDatabase(config: Pick<ServerConfig, 'DATA_DIR' | 'DATABASE_URL'>): Promise<Database> {
  let db: Database
  if (config.DATABASE_URL) {
    db = await openPostgres(config.DATABASE_URL)
  } else {
    const dir = resolve(config.DATA_DIR, 'pglite')
    mkdirSync(dir, { recursive: true })
    db = await openPglite(dir)
  }
  await migrate(db)
  return db
}
