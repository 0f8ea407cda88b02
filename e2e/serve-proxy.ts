/**
 * The servers of the proxy-mode browser test: our own server on demo data as the "hosted" parcel
 * API (on a free port, with a records-unit key for the proxy, as hosted APIs bill), and in front of
 * it a proxy-mode server with the built app on E2E_PROXY_PORT — set up as a new user would: the
 * two UPSTREAM_ variables and demo mode for the local key. The proxy's database (keys, cache,
 * usage) is new on every start, so each run begins with nothing paid for; the upstream's demo data
 * is generated once and kept (copied from the main e2e server's, e2e-demo.ts).
 */
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createKey } from '../server/auth/key-admin'
import { loadConfig } from '../server/config'
import { keysRepo } from '../server/db/keys-repo'
import { startServer } from '../server/server'
import { copyPreparedEmbedded, SCHEMA_ONLY } from '../server/test/prepared-data'
import { copyE2eDemo } from './e2e-demo'
import { proxyDataDir, proxyInfoFile, proxyPort } from './proxy-e2e-env'

const root = proxyDataDir()

const upstreamConfig = loadConfig({
  ...process.env,
  DATA_DIR: join(root, 'upstream'),
  DATABASE_URL: '',
  DEMO_PARCELS: process.env.E2E_PARCELS ?? '20000',
  DEMO_SEED: '1',
  PORT: '0',
  HOST: '127.0.0.1',
  STATIC_DIR: join(root, 'no-app'),
  UPSTREAM_URL: '',
  UPSTREAM_API_KEY: '',
  // Nobody asks the hosted API for tiles through a proxy (it has none of its own): warming its z10–z12
  // tiles cost ~18 s of CPU at the start of CI's browser lane for nothing.
  TILE_STORE: 'off',
})
await copyE2eDemo(upstreamConfig)
let upstreamKey = ''
let direct = ''
const upstream = await startServer(
  upstreamConfig,
  (line) => console.log(`[upstream] ${line}`),
  async (db) => {
    const upKeys = keysRepo(db)
    upstreamKey = (await createKey(upKeys, { name: 'e2e-proxy', quotaUnit: 'records' })).value
    direct = (await createKey(upKeys, { name: 'e2e-direct' })).value
  },
)
// It listens on 127.0.0.1 only; `localhost` may resolve to ::1 first.
const upstreamUrl = upstream.url.replace('//localhost:', '//127.0.0.1:')

const proxyDir = join(root, 'proxy')
rmSync(proxyDir, { recursive: true, force: true })
// A new, empty database every start: copied already migrated (migrating it here cost ~10 s of CPU at
// the start of CI's browser lane, issue 36).
await copyPreparedEmbedded(SCHEMA_ONLY, proxyDir)
const proxyConfig = loadConfig({
  ...process.env,
  DATA_DIR: proxyDir,
  DATABASE_URL: '',
  DEMO: 'on',
  PORT: String(proxyPort()),
  UPSTREAM_URL: upstreamUrl,
  UPSTREAM_API_KEY: upstreamKey,
})
let operator = ''
const proxy = await startServer(
  proxyConfig,
  (line) => console.log(`[proxy] ${line}`),
  async (db) => {
    operator = (await createKey(keysRepo(db), { name: 'e2e-operator', operator: true })).value
  },
)
writeFileSync(proxyInfoFile(), JSON.stringify({ upstreamUrl, upstreamKey, direct, operator }))

const stop = async () => {
  await proxy.close()
  await upstream.close()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
