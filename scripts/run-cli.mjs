/**
 * `node scripts/run-cli.mjs NAME [args…]`: runs the server command server/cli/NAME.ts from a bundle
 * esbuild builds on demand and keeps in node_modules/.cache/plat-cli/, rebuilt whenever one of the
 * files it was built from changes.
 *
 * Why: `npm run load` is timed against ogr2ogr with the CLI's own start included (issue 23). Started
 * through tsx, each of its modules crosses to tsx's loader thread and back on Node 20: `load --help`
 * took 0.91–1.05 s, against 0.40–0.55 s from this bundle (lazy imports kept: readers and their
 * libraries load when their format comes up). Packages stay external (resolved from node_modules as usual);
 * only our own TypeScript is bundled. Plain JavaScript, so nothing has to compile it first.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

const ROOT = resolve(import.meta.dirname, '..')
/** PLAT_CLI_CACHE: another cache folder inside the project (the launcher's test has its own). */
const CACHE = process.env.PLAT_CLI_CACHE || join(ROOT, 'node_modules', '.cache', 'plat-cli')
/** Builds of a command kept besides the newest: a command still running may load a chunk of its own build later. */
const KEEP_OLDER = 2

const [name, ...args] = process.argv.slice(2)
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  console.error('Usage: node scripts/run-cli.mjs NAME [args…]  (runs server/cli/NAME.ts)')
  process.exit(2)
}
// Stack traces name the TypeScript lines (the bundle has source maps) when a command is asked for them.
if (args.includes('--debug')) process.setSourceMapsEnabled(true)

const source = join(ROOT, 'server', 'cli', `${name}.ts`)
if (!exists(source)) {
  console.error(`No such command: server/cli/${name}.ts`)
  process.exit(2)
}
let entry
try {
  entry = join(await bundleFor(name), `${name}.mjs`)
} catch (e) {
  // A cache that cannot be written (a read-only install) costs only the start: through tsx.
  console.error(`(the ${name} command runs through tsx: no bundle in ${CACHE}: ${e?.message ?? e})`)
  const { register } = await import('tsx/esm/api')
  register()
  entry = source
}
process.argv = [process.argv[0], entry, ...args]
await import(pathToFileURL(entry).href)

/**
 * The folder of NAME's current bundle: the one `current-NAME.json` names when every file it was
 * built from still has the size and time it had then, else a new build.
 */
async function bundleFor(cli) {
  const pointer = join(CACHE, `current-${cli}.json`)
  const current = readJson(pointer)
  if (current && fresh(current.inputs) && exists(join(CACHE, current.dir, `${cli}.mjs`)))
    return join(CACHE, current.dir)
  return build(cli, pointer)
}

/**
 * Bundles server/cli/NAME.ts and the embedded database's worker (pglite-owner.ts starts it from
 * beside its own chunk) into a folder of their own. Concurrent builds (tests start many loads at
 * once) each write a temporary folder and move it into place; the loser's copy is dropped.
 */
async function build(cli, pointer) {
  const { build: esbuild } = await import('esbuild')
  const tmp = join(CACHE, `tmp-${cli}-${randomBytes(4).toString('hex')}`)
  mkdirSync(CACHE, { recursive: true })
  const result = await esbuild({
    absWorkingDir: ROOT,
    entryPoints: { [cli]: `server/cli/${cli}.ts`, 'pglite-worker': 'server/db/pglite-worker.ts' },
    outdir: tmp,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    define: { PLAT_CLI_BUNDLE: 'true' },
    metafile: true,
    logLevel: 'warning',
  })
  // This file too: a change to how bundles are built makes a new one.
  const files = [...Object.keys(result.metafile.inputs), 'scripts/run-cli.mjs']
  const inputs = Object.fromEntries(files.map((f) => [f, stamp(f)]))
  const dir = `${cli}-${createHash('sha1').update(JSON.stringify(inputs)).digest('hex').slice(0, 12)}`
  try {
    renameSync(tmp, join(CACHE, dir))
  } catch {
    rmSync(tmp, { recursive: true, force: true }) // built already by a concurrent start
  }
  const next = `${pointer}.${randomBytes(4).toString('hex')}`
  writeFileSync(next, JSON.stringify({ dir, inputs }))
  renameSync(next, pointer)
  prune(cli, dir)
  return join(CACHE, dir)
}

/** Removes NAME's older builds beyond KEEP_OLDER, and temporary folders an interrupted build left. */
function prune(cli, keep) {
  const builds = readdirSync(CACHE)
    .filter((d) => d !== keep && new RegExp(`^(tmp-)?${cli}-[0-9a-f]+$`).test(d))
    .map((d) => ({ d, t: statSync(join(CACHE, d)).mtimeMs }))
    .sort((a, b) => b.t - a.t)
  const hourAgo = Date.now() - 3600_000
  for (const [i, { d, t }] of builds.entries()) {
    if (d.startsWith('tmp-') ? t < hourAgo : i >= KEEP_OLDER) rmSync(join(CACHE, d), { recursive: true, force: true })
  }
}

/** A source file's size and modification time, as a string ('' when it is gone). */
function stamp(file) {
  try {
    const s = statSync(join(ROOT, file))
    return `${s.size}:${s.mtimeMs}`
  } catch {
    return ''
  }
}

function fresh(inputs) {
  return Object.entries(inputs).every(([f, s]) => stamp(f) === s)
}

function exists(path) {
  try {
    statSync(path)
    return true
  } catch {
    return false
  }
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return null
  }
}
