/**
 * `npm run tiles:archive -- --out FILE.pmtiles [--state XX]`: the parcel tiles of the loaded data
 * (or one state), z10–z16, in one PMTiles file any static host can serve (server/tiles/archive/,
 * docs/tiles-archive.md). Progress on stderr; the summary on stdout; mistakes and failures in one line.
 */
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { dataDirHolder } from '../data-dir-lock'
import { openDatabase } from '../open-database'
import { ArchiveError, type ArchiveProgress, buildArchive } from '../tiles/archive/build-archive'

const USAGE = `Usage:
  npm run tiles:archive -- --out FILE.pmtiles [--state XX] [--jobs N] [--debug]
Writes the parcel outline tiles (z10–z16) of every loaded county, or of one state's, into one
PMTiles v3 archive, exactly as GET /tiles/parcels/{z}/{x}/{y}.mvt makes them now (TILE_MAX_KB applies).
Serve it with TILES_ARCHIVE_FILE=FILE.pmtiles (at /tiles/archive.pmtiles) or from any static host
with HTTP Range (set TILES_ARCHIVE_URL to its address); docs/tiles-archive.md.
Works on DATA_DIR (or DATABASE_URL). With the embedded database, stop the server first.
--jobs: tiles made at once on PostgreSQL (default 4; the embedded database makes one at a time).`

class UsageError extends Error {}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    out: { type: 'string' },
    state: { type: 'string' },
    jobs: { type: 'string' },
    help: { type: 'boolean', default: false },
    debug: { type: 'boolean', default: false },
  },
})

function progressPrinter(): (p: ArchiveProgress) => void {
  let last = 0
  const t0 = performance.now()
  return (p) => {
    const now = performance.now()
    if (now - last < 2000 && p.done < p.total) return
    last = now
    const pct = ((p.done / p.total) * 100).toFixed(0)
    console.error(
      `  ${p.done.toLocaleString('en-US')} of ${p.total.toLocaleString('en-US')} tiles (${pct} %), ${p.written.toLocaleString('en-US')} with parcels, ${(p.bytes / 1e6).toFixed(1)} MB, ${((now - t0) / 1000).toFixed(0)} s`,
    )
  }
}

async function main() {
  if (values.help) {
    console.log(USAGE)
    return
  }
  if (positionals.length) throw new UsageError(`Unexpected argument ${positionals[0]}.\n${USAGE}`)
  if (!values.out?.trim())
    throw new UsageError(`--out takes the archive file to write (e.g. --out parcels.pmtiles).\n${USAGE}`)
  const state = values.state?.trim().toUpperCase()
  if (state !== undefined && !/^[A-Z]{2}$/.test(state))
    throw new UsageError('--state takes a two-letter state abbreviation (e.g. --state IA)')
  const jobs = values.jobs === undefined ? 4 : Number(values.jobs)
  if (!Number.isInteger(jobs) || jobs < 1 || jobs > 64) throw new UsageError('--jobs takes a whole number from 1 to 64')
  const config = loadConfig()
  if (!config.DATABASE_URL) {
    const holder = await dataDirHolder(config.DATA_DIR)
    if (holder !== null)
      throw new UsageError(`${holder} is using ${config.DATA_DIR}; stop it before making an archive.`)
  }
  const out = resolve(values.out)
  const db = await openDatabase(config)
  try {
    console.error(`Making ${out} from ${state ? `the counties of ${state}` : 'every loaded county'}…`)
    const r = await buildArchive(db, {
      out,
      state,
      capBytes: config.TILE_MAX_KB * 1024,
      timeoutMs: Math.max(config.STATEMENT_TIMEOUT_MS, 60_000),
      jobs: db.kind === 'postgres' ? jobs : 1,
      progress: progressPrinter(),
    })
    const per100k = r.parcels ? (r.bytes / r.parcels) * 1e5 : 0
    console.log(
      `Archive ${out}: ${r.counties} counties, ${r.parcels.toLocaleString('en-US')} parcels, data version ${r.version}; ` +
        `${r.written.toLocaleString('en-US')} tiles of ${r.tiles.toLocaleString('en-US')} held parcels; ` +
        `${(r.bytes / 1e6).toFixed(1)} MB (${(per100k / 1e6).toFixed(1)} MB per 100,000 parcels) in ${(r.ms / 1000).toFixed(1)} s.`,
    )
  } finally {
    await db.close()
  }
}

try {
  await main()
} catch (e) {
  if (e instanceof UsageError) {
    console.error(e.message)
    process.exit(2)
  }
  const message = String((e as Error)?.message ?? e).split('\n')[0]
  console.error(`Archive failed: ${message}`)
  if (values.debug) console.error((e as Error)?.stack)
  else if (!(e instanceof ArchiveError)) console.error('(run again with --debug for the details)')
  process.exit(1)
}
