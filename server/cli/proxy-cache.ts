/**
 * `npm run proxy-cache`: proxy mode's cache holds answers that were paid for upstream, so the
 * operator can see what it holds and empty it without opening the database by hand.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { dataDirHolder } from '../data-dir-lock'
import { openDatabase } from '../open-database'
import { PROXY_ENDPOINTS, type ProxyEndpoint } from '../proxy/cache-key'
import { cacheByEndpoint, purgeCache } from '../proxy/cache-purge'

const USAGE = `Usage:
  npm run proxy-cache -- stats
  npm run proxy-cache -- purge [--endpoint area|query|point|address]
Proxy mode's response cache: what it holds per endpoint, or empty it (all, or one endpoint).
Works on DATA_DIR (or DATABASE_URL). With the embedded database, stop the server first;
with PostgreSQL, running servers just ask upstream again on their next miss.`

function fail(message: string): never {
  console.error(message)
  process.exit(2)
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { endpoint: { type: 'string' }, help: { type: 'boolean', default: false } },
})
const [command] = positionals
if (values.help || !command || !['stats', 'purge'].includes(command) || positionals.length > 1) fail(USAGE)
const endpoint = values.endpoint
if (endpoint !== undefined && !(PROXY_ENDPOINTS as readonly string[]).includes(endpoint)) {
  fail(`--endpoint takes one of ${PROXY_ENDPOINTS.join(', ')}`)
}
if (endpoint !== undefined && command !== 'purge') fail('--endpoint goes with purge')

const config = loadConfig()
if (!config.DATABASE_URL) {
  const holder = await dataDirHolder(config.DATA_DIR)
  if (holder !== null) fail(`${holder} is using ${config.DATA_DIR}; stop it before changing its cache.`)
}
const db = await openDatabase(config)
const kb = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-US')} KB`
try {
  if (command === 'stats') {
    const shares = await cacheByEndpoint(db)
    if (shares.length === 0) console.log('The proxy cache is empty.')
    for (const s of shares)
      console.log(`${s.endpoint.padEnd(8)} ${s.entries.toLocaleString('en-US')} answers  ${kb(s.bytes)}`)
  } else {
    const removed = await purgeCache(db, endpoint as ProxyEndpoint | undefined)
    console.log(
      `Removed ${removed.toLocaleString('en-US')} cached answer(s)${endpoint ? ` of ${endpoint}` : ''}; they are asked upstream again when next requested.`,
    )
  }
} finally {
  await db.close()
}
