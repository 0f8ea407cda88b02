/**
 * Starts Plat's server: database, demo data and key, app and API on one port, and a clean shutdown;
 * `npm start` and the tests both call `startServer`, so what tests run is what users run.
 */
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp, type ParcelSource } from './app'
import { databaseLedger } from './auth/database-ledger'
import { ensureDemoKey, revokeDemoKey } from './auth/demo-key'
import { createKeyGuard } from './auth/key-guard'
import type { Ledger } from './auth/ledger'
import { memoryLedger } from './auth/memory-ledger'
import { changesService } from './changes/changes-service'
import type { ServerConfig } from './config'
import { holdDataDir } from './data-dir-lock'
import { ADVISORY_LOCKS as LOCKS } from './db/advisory-locks'
import type { Database } from './db/database'
import { holdDemoModeLock, whileNoDemoInstance } from './db/demo-mode-lock'
import { monthOf } from './db/key-plans'
import { keysRepo } from './db/keys-repo'
import { buildMissingParcelIndexes } from './db/parcel-indexes'
import { parcelsRepo } from './db/parcels-repo'
import { withStartupLock } from './db/startup-lock'
import { ensureDemoDataset } from './demo-data/demo-dataset'
import { readinessCheck, withReplicas } from './http/readiness'
import { dropLeftoverStages } from './load/stage/stage-cleanup'
import { openDatabase, openReadRouter } from './open-database'
import { openProxyMode } from './proxy/proxy-mode'
import { archiveSettings } from './tiles/archive/archive-settings'
import { tileService } from './tiles/tile-service'
import { deliverySettings, startDeliveryWorker } from './watches/delivery-worker'
import { watchesRepo } from './watches/watches-repo'

export interface RunningServer {
  url: string
  demoKey: string | null
  db: Database
  close(): Promise<void>
}

/**
 * Opens the database, prepares demo data and key when in demo mode, and serves app + API on one port.
 * `onOpen` runs on the database as soon as it is open, before the key ledger reads the keys (on the
 * embedded database it holds them in memory) and long before the port answers: the e2e servers make
 * their keys there rather than opening the database once more for them (each open of the embedded
 * database is seconds of CPU, issue 36).
 */
export async function startServer(
  config: ServerConfig,
  log: (line: string) => void = console.log,
  onOpen?: (db: Database) => Promise<void>,
): Promise<RunningServer> {
  const t0 = performance.now()
  const dataDir = config.DATABASE_URL ? null : await holdDataDir(config.DATA_DIR, `The server (pid ${process.pid})`)
  const release = () => dataDir?.release()
  const db = await openDatabase(config, log)
  // Stage tables of a load that was killed (issue 19); a running load's are left alone.
  const stale = await dropLeftoverStages(db)
  if (stale.length) log(`Removed ${stale.length} stage table(s) an interrupted load left behind.`)
  await onOpen?.(db)
  const keys = keysRepo(db)
  let demoKey: string | null = null
  let demoLock: { release(): Promise<void> } | null = null
  const { UPSTREAM_URL, UPSTREAM_API_KEY } = config
  const upstream = UPSTREAM_URL && UPSTREAM_API_KEY ? { UPSTREAM_URL, UPSTREAM_API_KEY } : null
  if (config.DEMO === 'on') {
    // Several processes may start on one PostgreSQL database at once: one loads, the others wait.
    // In proxy mode the parcels come from upstream: demo mode only keeps the local demo key.
    if (!upstream) {
      await withStartupLock(db, LOCKS.dataset, () =>
        ensureDemoDataset(db, { parcels: config.DEMO_PARCELS, seed: config.DEMO_SEED }, log),
      )
    }
    demoKey = await ensureDemoKey(keys, config.DATA_DIR)
    // Marks this instance as one that hands out the demo key, for DEMO=off instances on the same database.
    if (config.DATABASE_URL) demoLock = await holdDemoModeLock(config.DATABASE_URL)
  } else {
    const revoke = () => revokeDemoKey(keys, config.DATA_DIR)
    const revoked = config.DATABASE_URL ? await whileNoDemoInstance(config.DATABASE_URL, revoke) : await revoke()
    if (revoked === null) {
      await db.close()
      await release()
      throw new Error(
        'DEMO=off, but DEMO=on instances are running on this database and hand out its demo key; starting would revoke it and break their app (401). Run every instance on one database with the same DEMO setting: stop the DEMO=on ones first (this start then revokes the demo key), or start this one with DEMO=on.',
      )
    }
    if (revoked) log(`DEMO=off: revoked the demo key (${revoked}).`)
  }
  // One process owns the embedded database, so it may keep keys and usage in memory; processes
  // sharing PostgreSQL must all ask the database.
  const ledger: Ledger =
    db.kind === 'postgres' ? databaseLedger(keys) : await memoryLedger(keys, monthOf(new Date()), config.USAGE_FLUSH_MS)
  const guard = createKeyGuard(ledger, { timeoutMs: config.STATEMENT_TIMEOUT_MS })
  const proxy = upstream ? await openProxyMode({ ...config, ...upstream }, db, ledger, log) : null
  const timeoutMs = config.STATEMENT_TIMEOUT_MS
  // Parcel reads go to a healthy read replica when there are some; keys, usage, loads, the tile
  // store and watches (which read their own writes) stay on the primary (db/read-router.ts).
  const replicas = proxy ? null : await openReadRouter(config, db, log)
  const reads = replicas?.reads ?? db
  const parcels: ParcelSource = proxy
    ? { mode: 'proxy', proxy }
    : {
        mode: 'local',
        repo: parcelsRepo(reads, { timeoutMs }),
        tiles: tileService(db, {
          timeoutMs,
          capBytes: config.TILE_MAX_KB * 1024,
          store: config.TILE_STORE === 'on',
          log,
          reads,
        }),
        changes: changesService(reads, { timeoutMs }),
        watches: watchesRepo(db, {
          timeoutMs,
          canEmail: Boolean(config.SMTP_URL),
          privateWebhooks: config.WATCH_WEBHOOKS_PRIVATE === 'on',
        }),
      }
  // Beside serving, not before it: a build can take a minute on a large database, and reads go on
  // meanwhile (parcel-indexes.ts). A failure is logged; the next load builds them anyway.
  let closing = false
  if (parcels.mode === 'local') {
    buildMissingParcelIndexes(db, log).catch((e: Error) => {
      if (!closing) log(`Could not build the missing parcel indexes: ${e.message}`)
    })
  }
  // Webhooks and e-mails of the watches, from the outbox the loads write (watches/delivery-outbox.ts).
  const delivery = parcels.mode === 'local' ? startDeliveryWorker(db, deliverySettings(config), log) : null
  const staticDir = resolve(config.STATIC_DIR)
  const hasStatic = existsSync(resolve(staticDir, 'index.html'))
  if (!hasStatic) log(`No built app in ${staticDir} (run \`npm run build\`); serving the API only.`)
  const app = createApp({
    parcels,
    guard,
    demoKey,
    staticDir: hasStatic ? staticDir : null,
    logRequests: config.LOG_REQUESTS === 'on',
    corsOrigins: config.CORS_ORIGINS,
    cspConnectSrc: config.CSP_CONNECT_SRC,
    ready: withReplicas(readinessCheck(db), replicas),
    coverageInPage: config.COVERAGE_IN_PAGE === 'on',
    tilesArchive: archiveSettings(config),
  })
  const server = await new Promise<ReturnType<typeof serve>>((ok) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => ok(s))
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : config.PORT
  const url = `http://localhost:${port}`
  const database = db.kind === 'postgres' ? 'PostgreSQL' : 'embedded database'
  const ready = `ready in ${((performance.now() - t0) / 1000).toFixed(1)}s`
  if (parcels.mode === 'proxy') log(`${parcels.proxy.summary} · keys and cache in the ${database} · ${ready}`)
  else log(`Parcels: ${(await parcels.repo.countParcels()).toLocaleString('en-US')} (${database}) · ${ready}`)
  if (demoKey && parcels.mode === 'proxy') {
    log('  DEMO=on: anyone who reaches /demo-key spends your hosted allowance; set DEMO=off beyond your own machine.')
  }
  if (demoKey) {
    log(`Demo API key (demo mode; also at ${url}/demo-key):\n  ${demoKey}`)
    log(`  try: curl -H "Authorization: Bearer ${demoKey}" "${url}/parcels/point?lat=42.03&lon=-93.62"`)
  }
  log(`Plat listening on ${url}`)
  return {
    url,
    demoKey,
    db,
    async close() {
      closing = true
      await new Promise<void>((ok) => {
        server.close(() => ok())
        // Keep-alive connections would hold close() open until they time out.
        ;(server as { closeAllConnections?: () => void }).closeAllConnections?.()
      })
      await delivery?.stop()
      await proxy?.close()
      await demoLock?.release()
      await ledger.close()
      await replicas?.close()
      await db.close()
      await release()
    },
  }
}
