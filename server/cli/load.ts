/**
 * The `npm run load` command line: parses and checks the arguments before anything is opened, so a
 * mistyped flag costs nothing and never leaves a half-loaded county; the pipeline itself is server/load/.
 */
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { DataDirBusyError, dataDirHolder, holdDataDir } from '../data-dir-lock'
import { logCountyDeleted } from '../db/change-log-repo'
import { deleteCounty, listCounties } from '../db/counties-repo'
import { CountyBusyError, type HeldCounty, holdCountyLoad } from '../load/county-lock'
import { CdlArgError } from '../load/derive/cdl-history'
import { LandUseRulesError, readLandUseRules } from '../load/derive/land-use-class'
import { CountyListError, readCountyList } from '../load/jobs/county-list'
import { tellParent } from '../load/jobs/job-message'
import { loadCounties } from '../load/jobs/load-counties'
import { LoadError } from '../load/load-county'
import { loadFile } from '../load/load-file'
import { CrsError } from '../load/readers/crs'
import { JoinColumnError } from '../load/readers/join-errors'
import { checkSource, FORMATS } from '../load/readers/open-source'
import { SourceError } from '../load/readers/source'
import { removeLeftoverUnpackDirs, removeOwnUnpackDirs } from '../load/readers/unpack-dirs'
import { MappingError, readMappingFile } from '../load/rows/mapping'
import { type HeldLiveness, holdLoadLiveness } from '../load/stage/load-liveness'
import { dropLeftoverStages } from '../load/stage/stage-cleanup'
import { stateFips } from '../load/states'
import { openDatabase } from '../open-database'
import { deliverAfterCommit, deliverySettings } from '../watches/delivery-worker'
import { evaluateDeletedCounty, evaluateWatches } from '../watches/evaluate-watches'

const USAGE = `Usage:
  npm run load -- FILE --state XX --county-fp NNN --county NAME --map MAPPING.json
                  [--crs EPSG:N] [--layer NAME] [--join CAMA.csv --on COLUMN[=SHAPE_COLUMN]]
                  [--dem DEM.tif] [--cdl CDL.tif] [--land-use RULES.json|.csv] [--replace] [--debug]
                  (crop history: --cdl 2020=cdl_2020.tif --cdl 2021=… or --cdl FOLDER of yearly GeoTIFFs)
  npm run load -- --counties LIST.csv [--jobs N] [--state XX] [--map MAPPING.json] [other flags for every county]
                  (LIST.csv: a row per county, columns file,county_fp,county[,state,map,crs,layer,join,on])
  npm run load -- --list
  npm run load -- --delete XX NNN
Formats: ${FORMATS}.
Works on DATA_DIR (or DATABASE_URL). With the embedded database, stop the server first.
Ctrl-C (or SIGTERM) stops a load cleanly: the county is not changed and nothing is left behind.
--layer loads one layer of a File Geodatabase, GeoPackage or zip of Shapefiles (default: every polygon layer).
--join adds an assessor (CAMA) table, CSV or .dbf, to the shapes by parcel number: --on names its key
  column (and the shapes' after "=" when it differs); the mapping names its columns like the shapes'
  own, or as join.COLUMN. Shapes without a row and rows without a shape are counted in the report.
--counties loads every county of the list, --jobs N of them at once (default 1; at once on DATABASE_URL
  only, one after another on the embedded database); a county that fails fails alone and the others load.
--debug prints the stack trace of an unexpected failure.`

/**
 * The loader's PostgreSQL session (its own connections only): JIT off (below); memory for its few big
 * hash joins (the county's write spilled to disk at the default 4 MB) and index builds (GIN builds
 * flush their buffer at maintenance_work_mem).
 */
const LOADER_SESSION = 'SET jit = off; SET work_mem = 64MB; SET maintenance_work_mem = 256MB'

/** A mistake in the command: printed without a stack, exit code 2 (after the database is closed). */
class UsageError extends Error {}

function fail(message: string): never {
  throw new UsageError(message)
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    state: { type: 'string' },
    'county-fp': { type: 'string' },
    county: { type: 'string' },
    map: { type: 'string' },
    crs: { type: 'string' },
    layer: { type: 'string' },
    join: { type: 'string' },
    on: { type: 'string' },
    dem: { type: 'string' },
    cdl: { type: 'string', multiple: true },
    'land-use': { type: 'string' },
    counties: { type: 'string' },
    jobs: { type: 'string' },
    replace: { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    delete: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
    debug: { type: 'boolean', default: false },
  },
})
if (values.help) {
  console.log(USAGE)
  process.exit(0)
}

function countyArgs() {
  const [file] = positionals
  if (!file || positionals.length > 1) fail(`Give exactly one input file.\n${USAGE}`)
  const state = values.state?.toUpperCase()
  const stateFp = state ? stateFips(state) : null
  if (!state || !stateFp) fail('--state takes a two-letter state abbreviation (e.g. --state IA)')
  const countyFp = values['county-fp']
  if (!countyFp || !/^\d{1,3}$/.test(countyFp)) fail('--county-fp takes the county FIPS code (e.g. --county-fp 169)')
  if (!values.county?.trim()) fail('--county takes the county name (e.g. --county Story)')
  checkSource(file)
  if (!values.map) fail('--map takes the mapping file (field → attribute name), e.g. {"owner": "OWNER1"}')
  const mapping = readMappingFile(values.map)
  const landUseRules = values['land-use'] ? readLandUseRules(values['land-use']) : undefined
  const county = { state_fp: stateFp, state, county_fp: countyFp.padStart(3, '0'), county: values.county.trim() }
  if (Boolean(values.join) !== Boolean(values.on)) {
    fail(
      '--join and --on go together: --join CAMA.csv --on PARCEL_NO (or --on PARCEL_NO=PIN when the shapes name it PIN)',
    )
  }
  const join = values.join && values.on ? { table: values.join, on: values.on } : undefined
  return { file, county, mapping, join, landUseRules }
}

/** The flags every county of a `--counties` list gets as given (the list's columns override the others). */
function sharedFlags(): string[] {
  return [
    ...(values.dem ? ['--dem', values.dem] : []),
    ...(values.cdl ?? []).flatMap((c) => ['--cdl', c]),
    ...(values['land-use'] ? ['--land-use', values['land-use']] : []),
    ...(values.replace ? ['--replace'] : []),
    ...(values.debug ? ['--debug'] : []),
  ]
}

/** `--counties LIST.csv [--jobs N]`: checks the whole list, then loads it (load/jobs/load-counties.ts). */
async function loadList(list: string): Promise<number> {
  if (positionals.length > 0) fail(`--counties takes the files from the list; give no file as well.\n${USAGE}`)
  if (values.join || values.on) fail('--join and --on go in the list, per county (columns join and on)')
  const atOnce = Number(values.jobs ?? '1')
  if (!Number.isInteger(atOnce) || atOnce < 1 || atOnce > 64)
    fail('--jobs takes the number of counties loaded at once (1–64)')
  const jobs = readCountyList(list, {
    state: values.state,
    map: values.map,
    crs: values.crs,
    layer: values.layer,
    shared: sharedFlags(),
  })
  const config = loadConfig()
  if (!config.DATABASE_URL) {
    const holder = await dataDirHolder(config.DATA_DIR)
    if (holder !== null) fail(`${holder} is using ${config.DATA_DIR}; stop it before loading.`)
  }
  return loadCounties({
    jobs,
    atOnce,
    parallel: Boolean(config.DATABASE_URL),
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  })
}

async function main() {
  if (values.counties) process.exit(await loadList(values.counties))
  if (values.jobs) fail('--jobs goes with --counties LIST.csv (several counties)')
  const config = loadConfig()
  // Checked before the database is opened: the embedded database is one process's at a time.
  const args = values.list || values.delete ? null : countyArgs()
  // Held for the load's life (data-dir-lock.ts): a server or another load started meanwhile is refused.
  const dataDir = config.DATABASE_URL
    ? null
    : await holdDataDir(config.DATA_DIR, `A load (pid ${process.pid})`).catch((e: Error) =>
        e instanceof DataDirBusyError
          ? fail(e.message.replace(/stop it first\.$/, 'stop it before loading.'))
          : Promise.reject(e),
      )
  // PostgreSQL's JIT compiles each of a load's few big statements for seconds (4.5 s of a 15 s
  // write of 20,000 parcels, measured) and saves less than that: off for the loader's connections.
  const db = await openDatabase(config, undefined, LOADER_SESSION)
  let liveness: HeldLiveness | null = null
  let held: HeldCounty | null = null
  try {
    if (values.list) {
      const rows = await listCounties(db)
      if (rows.length === 0) console.log('No counties loaded.')
      for (const c of rows) {
        console.log(
          `${c.state_fp}${c.county_fp}  ${c.state}  ${c.county.padEnd(20)} ${c.parcels.toLocaleString('en-US').padStart(10)} parcels  loaded ${c.loaded_at.slice(0, 16).replace('T', ' ')} from ${c.source}`,
        )
      }
      return
    }
    if (values.delete) {
      const [state, countyFp] = positionals
      const stateFp = state ? stateFips(state) : null
      if (!stateFp || !countyFp || !/^\d{1,3}$/.test(countyFp))
        fail('--delete takes a state and a county FIPS code: --delete IA 169')
      const fp = countyFp.padStart(3, '0')
      const removed = await db.transaction(async (tx) => {
        // The change log learns the county's parcels went, in the same transaction (issue 23).
        const logged = await logCountyDeleted(tx, { state_fp: stateFp, county_fp: fp })
        const n = await deleteCounty(tx, stateFp, fp)
        // Watches hear their parcels were removed, in the same transaction (watches/evaluate-watches.ts).
        if (logged) await evaluateDeletedCounty(tx, { state_fp: stateFp, county_fp: fp })
        return n
      })
      console.log(
        `Deleted ${removed.toLocaleString('en-US')} parcels of ${state!.toUpperCase()} ${countyFp.padStart(3, '0')}.`,
      )
      await deliverAfterCommit(db, deliverySettings(config), (line) => console.error(line))
      return
    }
    const { file, county, mapping, landUseRules } = args!
    // One load of a county at a time, held from before the question whether it is loaded (county-lock.ts).
    if (config.DATABASE_URL) held = await holdCountyLoad(config.DATABASE_URL, county)
    const existing = (await listCounties(db)).find(
      (c) => c.state_fp === county.state_fp && c.county_fp === county.county_fp,
    )
    if (existing && !values.replace) {
      fail(
        `${existing.county} County, ${existing.state} is already loaded (${existing.parcels.toLocaleString('en-US')} parcels from ${existing.source}); pass --replace to replace it.`,
      )
    }
    // This load's liveness on PostgreSQL, held until the process ends: a later run asks the
    // database whether it still runs, never its PID (load-liveness.ts). Released with the process.
    if (config.DATABASE_URL) liveness = await holdLoadLiveness(config.DATABASE_URL)
    // A killed load's stage tables and unpacked zip are removed before this one starts.
    const stale = await dropLeftoverStages(db)
    const folders = removeLeftoverUnpackDirs()
    if (stale.length || folders.length) {
      console.error(
        `Removed what interrupted loads left behind: ${stale.length} stage table(s), ${folders.length} unpacked folder(s).`,
      )
    }
    const stop = new AbortController()
    const onSignal = (signal: NodeJS.Signals) => {
      if (stop.signal.aborted) {
        // A second signal: quit at once (the next load removes the stage tables).
        removeOwnUnpackDirs()
        process.exit(130)
      }
      console.error(`\n${signal}: stopping the load (the county is not changed); again to quit at once.`)
      stop.abort()
    }
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    const result = await loadFile(db, {
      file,
      county,
      mapping,
      crs: values.crs,
      layer: values.layer,
      join: args!.join,
      dem: values.dem,
      cdl: values.cdl,
      out: process.stderr,
      signal: stop.signal,
      landUseRules,
      // Watches learn of the reload in its own transaction (watches/evaluate-watches.ts).
      afterLog: evaluateWatches,
      // Their webhooks and e-mails get a first try at once; the server retries what fails.
      afterCommit: () =>
        deliverAfterCommit(db, deliverySettings(config), (line) => console.error(line)).catch((e: Error) =>
          console.error(`Watches: no first delivery try (${e.message}); the server sends them.`),
        ),
    })
    for (const line of result.lines) console.log(line)
    const s = result.summary
    await tellParent({ kind: 'loaded', parcels: s.loaded, seconds: s.seconds, version: s.version })
  } finally {
    await held?.release()
    await liveness?.release()
    await db.close()
    await dataDir?.release()
  }
}

try {
  await main()
} catch (e) {
  if (
    e instanceof UsageError ||
    e instanceof MappingError ||
    e instanceof CdlArgError ||
    e instanceof LandUseRulesError ||
    e instanceof JoinColumnError ||
    e instanceof CountyListError
  ) {
    console.error(e.message)
    await tellParent({ kind: 'failed', reason: e.message })
    process.exit(2)
  }
  // One line, never a stack trace unless asked for (--debug).
  const known =
    e instanceof SourceError || e instanceof CrsError || e instanceof LoadError || e instanceof CountyBusyError
  const message = String((e as Error)?.message ?? e).split('\n')[0]
  console.error(`Load failed: ${message}`)
  await tellParent({ kind: 'failed', reason: message ?? 'unknown' })
  if (values.debug) console.error((e as Error)?.stack)
  else if (!known) console.error('(run again with --debug for the details)')
  process.exit(1)
}
