/**
 * PostGIS for the embedded database, without the parts Plat never loads.
 *
 * Why: the package's bundle holds three WebAssembly libraries — postgis, postgis_raster and
 * postgis_topology, ~16 MB each — and PGlite compiles every `.so` in a bundle each time it opens a
 * database, whether or not an extension uses it. Plat creates only `postgis`, so two thirds of that
 * compile was spent on every server start, every `load`/`keys` command and every test database:
 * an open of a data folder took 7.8–9.5 s of CPU with the package's bundle and 5.3–5.5 s with this one
 * (`server/db/postgis-bundle.test.ts` says how to measure). The slim bundle is made once from the
 * package's own file (so it follows the installed version) and kept in `node_modules/.cache`; where it
 * cannot be written the package's bundle is used, which is slower and otherwise the same.
 */
import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gunzipSync, gzipSync } from 'node:zlib'
import type { Extension } from '@electric-sql/pglite'
import { postgis } from '@electric-sql/pglite-postgis'

/** Raise when `keepsEntry` changes, so bundles made by the old rule are not reused. */
const RULE_VERSION = 1

/** What `CREATE EXTENSION postgis` and its functions read: its library, control and SQL, and PROJ's data. */
export function keepsEntry(name: string): boolean {
  const path = name.replace(/^\.\//, '')
  if (path.endsWith('/')) return true
  if (path.startsWith('lib/')) return path === 'lib/postgresql/postgis-3.so'
  if (path.startsWith('share/postgresql/extension/')) {
    const file = path.slice('share/postgresql/extension/'.length)
    return file === 'postgis.control' || file.startsWith('postgis--')
  }
  return path.startsWith('share/proj/')
}

const BLOCK = 512

/** Entries of an uncompressed tar whose names pass `keep`, in their order, ending with the two zero blocks. */
export function filterTar(tar: Uint8Array, keep: (name: string) => boolean): Uint8Array {
  const parts: Uint8Array[] = []
  // pax ('x'), GNU long-name ('L') and long-link ('K') headers describe the entry after them: they go or stay with it.
  let pending: Uint8Array[] = []
  let longName: string | null = null
  let at = 0
  while (at + BLOCK <= tar.length) {
    const header = tar.subarray(at, at + BLOCK)
    if (header.every((b) => b === 0)) break
    const size = Number.parseInt(text(header, 124, 12).trim() || '0', 8)
    const type = String.fromCharCode(header[156] ?? 48)
    const end = at + BLOCK + Math.ceil(size / BLOCK) * BLOCK
    if (end > tar.length) throw new Error('PostGIS bundle: truncated tar entry')
    const whole = tar.subarray(at, end)
    at = end
    if (type === 'x' || type === 'L' || type === 'K' || type === 'g') {
      pending.push(whole)
      if (type === 'L') longName = text(tar, end - Math.ceil(size / BLOCK) * BLOCK, size)
      continue
    }
    const prefix = text(header, 345, 155)
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100))
    if (keep(name)) parts.push(...pending, whole)
    pending = []
    longName = null
  }
  parts.push(new Uint8Array(BLOCK * 2))
  return Buffer.concat(parts)
}

function text(bytes: Uint8Array, start: number, length: number): string {
  const field = bytes.subarray(start, start + length)
  const zero = field.indexOf(0)
  return Buffer.from(zero === -1 ? field : field.subarray(0, zero)).toString('utf8')
}

/** The slim bundle's path, made from `source` (the package's .tar.gz) if not already in `cacheDir`. */
export function slimBundle(source: string, cacheDir: string): string {
  const stat = statSync(source)
  const key = createHash('sha256').update(`${RULE_VERSION}:${stat.size}:${stat.mtimeMs}`).digest('hex').slice(0, 16)
  const target = join(cacheDir, `postgis-${key}.tar.gz`)
  try {
    statSync(target)
    return target
  } catch {
    // not made yet
  }
  const slim = gzipSync(filterTar(gunzipSync(readFileSync(source)), keepsEntry), { level: 1 })
  mkdirSync(cacheDir, { recursive: true })
  // Several processes may open databases at once: each writes its own file and renames it over.
  const temp = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`
  try {
    writeFileSync(temp, slim)
    renameSync(temp, target)
  } finally {
    rmSync(temp, { force: true })
  }
  return target
}

/** `node_modules/.cache/plat-postgis` of the node_modules the package was installed in. */
function cacheDirFor(source: string): string | null {
  const marker = `${sep}node_modules${sep}`
  const at = source.lastIndexOf(marker)
  return at === -1 ? null : join(source.slice(0, at + marker.length), '.cache', 'plat-postgis')
}

/** The package's extension with its bundle swapped for the slim one. */
export const postgisSlim: Extension = {
  name: postgis.name,
  setup: async (pg, emscriptenOpts) => {
    const base = await postgis.setup(pg, emscriptenOpts)
    if (base.bundlePath?.protocol !== 'file:') return base
    const source = fileURLToPath(base.bundlePath)
    const cacheDir = cacheDirFor(source)
    if (!cacheDir) return base
    try {
      return { ...base, bundlePath: pathToFileURL(slimBundle(source, cacheDir)) }
    } catch {
      return base
    }
  },
}
