/**
 * Demo databases made once and copied, instead of generated again by every suite and server that
 * needs the same one: on a clean clone CI generated the API suite's 3,000 parcels once per backend
 * and the e2e servers' 20,000 twice, each through a fresh initdb and the whole load path. A prepared
 * database is kept in `.data-test/` under a key of everything that could make it differ (the server,
 * contract and formats sources, the lockfile, the recipe's name): a change to the loader or the
 * schema makes a new one rather than tests passing on data the old code wrote. The embedded database
 * is copied as a folder; PostgreSQL copies a template database (`CREATE DATABASE … TEMPLATE`).
 */
import { createHash } from 'node:crypto'
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { join, relative } from 'node:path'
import pg from 'pg'
import { type CreateKeyOptions, createKey } from '../auth/key-admin'
import type { Database } from '../db/database'
import { keysRepo } from '../db/keys-repo'
import { ensureDemoDataset } from '../demo-data/demo-dataset'
import { openDatabase } from '../open-database'
import { ROOT } from './spawn-server'

const CACHE = join(ROOT, '.data-test')

/** What a prepared database holds: demo parcels, and whatever `extra` (keys) adds and describes. */
export interface Recipe<T> {
  /** names the prepared database; part of its key, so a changed recipe must change its name */
  name: string
  /** 0: no demo data, only the schema */
  parcels: number
  seed: number
  /**
   * Run on the new database, still open, after the demo data: keys are made here through the same
   * `createKey` the keys CLI calls, not by the CLI, whose every run opens the database in a new
   * process (~5 s of CPU embedded; 16 runs per backend were ~100 s of CI's API lane, issue 36).
   */
  extra?: (db: Database) => Promise<T>
}

/** A key in a prepared database, made as `npm run keys -- create` makes it; returns its value. */
export const makeKey = async (db: Database, opts: CreateKeyOptions): Promise<string> =>
  (await createKey(keysRepo(db), opts)).value

/** The server's whole schema, migrated, and no data. */
export const SCHEMA_ONLY: Recipe<undefined> = { name: 'schema', parcels: 0, seed: 0 }

interface Prepared<T> {
  /** a DATA_DIR whose `pglite/` is the embedded database (absent for PostgreSQL) */
  dataDir: string
  info: T
}

/** The embedded database of `recipe` copied into `dataDir/pglite`; returns what `extra` gave. */
export async function copyPreparedEmbedded<T>(recipe: Recipe<T>, dataDir: string): Promise<T> {
  const prepared = await prepare(recipe, 'embedded', async (env) => {
    // Every other recipe starts from the migrated schema's copy: an initdb, the PostGIS extension
    // and the migrations cost each embedded recipe ~10 s of CPU, and a clean clone makes ten.
    if (recipe !== SCHEMA_ONLY) await copyPreparedEmbedded(SCHEMA_ONLY, env.DATA_DIR as string)
    return generateDemo(env, recipe)
  })
  cpSync(join(prepared.dataDir, 'pglite'), join(dataDir, 'pglite'), { recursive: true })
  return prepared.info
}

/** A new database on the PostgreSQL server `serverUrl` copied from `recipe`'s template. */
export async function createPreparedPostgres<T>(
  recipe: Recipe<T>,
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; info: T; drop(): Promise<void> }> {
  const prepared = await prepare(recipe, 'postgres', async (env, key) => {
    // Half-made copies a killed run left. Templates made from other sources are left alone: another
    // checkout on the same server may be using them.
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    const old = await client
      .query<{ datname: string }>('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [
        `plat_tpl_${key}_building_`,
      ])
      .finally(() => client.end())
    await admin(
      serverUrl,
      old.rows.map((r) => `DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`),
    )
    // Made under a name of its own and renamed when complete: a half-made template is never copied.
    const building = `plat_tpl_${key}_building_${process.pid}`
    await admin(serverUrl, [`CREATE DATABASE ${building}`])
    const url = databaseUrl(serverUrl, building)
    const info = await generateDemo({ ...env, DATABASE_URL: url }, recipe)
    // One of this key left on the server while its folder here was removed is remade, not kept.
    await admin(serverUrl, [
      `DROP DATABASE IF EXISTS plat_tpl_${key} WITH (FORCE)`,
      `ALTER DATABASE ${building} RENAME TO plat_tpl_${key}`,
    ])
    return info
  })
  const template = `plat_tpl_${prepared.key}`
  // The folder says the template was made, but the server may be a new one (a new throw-away cluster).
  const exists = await admin(serverUrl, [`SELECT 1 FROM pg_database WHERE datname = '${template}'`])
  if (!exists) {
    rmSync(prepared.dir, { recursive: true, force: true })
    return createPreparedPostgres(recipe, serverUrl, prefix)
  }
  const name = `${prefix}_${Math.random().toString(16).slice(2, 14)}`
  await admin(serverUrl, [`CREATE DATABASE ${name} TEMPLATE ${template}`])
  return {
    url: databaseUrl(serverUrl, name),
    info: prepared.info,
    drop: async () => void (await admin(serverUrl, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])),
  }
}

/** The server's own start-up path for demo data: migrate, then generate (indexes included); then `extra`. */
async function generateDemo<T>(env: NodeJS.ProcessEnv, recipe: Recipe<T>): Promise<T> {
  const db = await openDatabase({ DATA_DIR: env.DATA_DIR ?? '', DATABASE_URL: env.DATABASE_URL ?? '' })
  try {
    if (recipe.parcels > 0) await ensureDemoDataset(db, { parcels: recipe.parcels, seed: recipe.seed }, () => {})
    return recipe.extra ? await recipe.extra(db) : (undefined as T)
  } finally {
    await db.close()
  }
}

/**
 * The prepared entry of `recipe` on `backend`, made by `make` if absent. Two processes asking at
 * once (two suites side by side, two e2e servers) make it once: the second waits for the first.
 */
async function prepare<T>(
  recipe: Recipe<T>,
  backend: 'embedded' | 'postgres',
  make: (env: NodeJS.ProcessEnv, key: string) => Promise<T>,
): Promise<Prepared<T> & { dir: string; key: string }> {
  const kind = entryPrefix(recipe, backend)
  const key = `${kind}${sourceHash()}`
  const dir = join(CACHE, key)
  const lock = `${dir}.lock`
  mkdirSync(CACHE, { recursive: true })
  for (;;) {
    if (existsSync(join(dir, 'info.json'))) {
      const info = JSON.parse(readFileSync(join(dir, 'info.json'), 'utf8')) as { value: T }
      return { dataDir: join(dir, 'data'), info: info.value, dir, key }
    }
    if (takeLock(lock)) break
    await waitForRelease(lock)
  }
  try {
    removeOlder(kind, key)
    const building = `${dir}.building`
    rmSync(building, { recursive: true, force: true })
    mkdirSync(join(building, 'data'), { recursive: true })
    const env = { ...process.env, DATA_DIR: join(building, 'data'), DATABASE_URL: '' }
    const value = await make(env, key)
    writeFileSync(join(building, 'info.json'), JSON.stringify({ value }))
    rmSync(dir, { recursive: true, force: true })
    renameSync(building, dir)
    return { dataDir: join(dir, 'data'), info: value, dir, key }
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

/** A lock folder holding its owner's pid; one whose owner is gone (killed mid-make) is taken over. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock)
    writeFileSync(join(lock, 'pid'), String(process.pid))
    return true
  } catch {
    if (ownerAlive(lock)) return false
    rmSync(lock, { recursive: true, force: true })
    return takeLock(lock)
  }
}

function ownerAlive(lock: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
  } catch {
    // Made a moment ago, its pid not yet written: the owner is alive unless the folder is old.
    return existsSync(lock) && Date.now() - statSync(lock).mtimeMs < 10_000
  }
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Until the lock folder goes: another process is generating the same database. */
function waitForRelease(lock: string): Promise<void> {
  return new Promise((done) => {
    const check = setInterval(() => {
      if (existsSync(lock) && ownerAlive(lock)) return
      clearInterval(check)
      done()
    }, 250)
  })
}

/** The part of an entry's key that names the recipe; the rest says from which sources it was made. */
const entryPrefix = (recipe: Recipe<unknown>, backend: string): string =>
  `${recipe.name}_${recipe.parcels}_${recipe.seed}_${backend}_`.replace(/[^a-z0-9_]/gi, '_').toLowerCase()

/** Entries of the same recipe made from older sources: only the newest is ever read again. */
function removeOlder(prefix: string, key: string): void {
  for (const entry of readdirSync(CACHE)) {
    if (entry.startsWith(prefix) && entry !== key && !entry.endsWith('.lock')) {
      rmSync(join(CACHE, entry), { recursive: true, force: true })
    }
  }
}

let sources: string | undefined

/** What the prepared data depends on: every non-test source the server runs, and the lockfile. */
function sourceHash(): string {
  if (sources === undefined) {
    const hash = createHash('sha256')
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && relative(ROOT, path) !== join('server', 'test')) walk(path)
        } else if (/\.(ts|json|sql)$/.test(entry.name) && !/\.(test|test-support)\.ts$/.test(entry.name)) {
          hash.update(relative(ROOT, path)).update(readFileSync(path))
        }
      }
    }
    for (const dir of ['server', 'contract', 'formats']) walk(join(ROOT, dir))
    hash.update(readFileSync(join(ROOT, 'package-lock.json')))
    sources = hash.digest('hex').slice(0, 12)
  }
  return sources
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Runs statements on the server's maintenance connection; true when the last one returned a row. */
async function admin(serverUrl: string, statements: string[]): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  try {
    let rows = 0
    for (const sql of statements) rows = (await client.query(sql)).rowCount ?? 0
    return rows > 0
  } finally {
    await client.end()
  }
}
