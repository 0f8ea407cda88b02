/**
 * The slim PostGIS bundle keeps what `CREATE EXTENSION postgis` reads and drops the raster and
 * topology libraries PGlite would otherwise compile on every open. To see the open cost itself:
 * `PGlite.create(dir, { extensions: { postgis } })` against `{ postgis: postgisSlim }` on one data
 * folder, timed with `/usr/bin/time` (CPU of all threads: the compile runs on V8's background threads).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { filterTar, keepsEntry, slimBundle } from './postgis-bundle'

/** A ustar header block plus data, padded to 512 bytes. */
function entry(name: string, data: string, type = '0'): Uint8Array {
  const body = Buffer.from(data)
  const header = Buffer.alloc(512)
  header.write(name.slice(0, 100), 0)
  header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124)
  header.write(type, 156)
  header.write('ustar\0', 257)
  const padded = Buffer.alloc(Math.ceil(body.length / 512) * 512)
  body.copy(padded)
  return Buffer.concat([header, padded])
}

/** Names of a tar's entries, long names resolved. */
function names(tar: Uint8Array): string[] {
  const out: string[] = []
  let at = 0
  let long: string | null = null
  while (at + 512 <= tar.length && tar[at] !== 0) {
    const h = Buffer.from(tar.subarray(at, at + 512))
    const size = Number.parseInt(h.toString('latin1', 124, 135), 8)
    const type = String.fromCharCode(h[156] ?? 48)
    const data = Buffer.from(tar.subarray(at + 512, at + 512 + size))
      .toString('utf8')
      .replace(/\0+$/, '')
    if (type === 'L') long = data
    else if (type !== 'x') {
      out.push(long ?? h.toString('utf8', 0, 100).replace(/\0+$/, ''))
      long = null
    }
    at += 512 + Math.ceil(size / 512) * 512
  }
  return out
}

describe('keepsEntry', () => {
  it('keeps the postgis library, its control and SQL, and PROJ data; drops raster, topology and contrib', () => {
    expect(keepsEntry('lib/postgresql/postgis-3.so')).toBe(true)
    expect(keepsEntry('./lib/postgresql/postgis_raster-3.so')).toBe(false)
    expect(keepsEntry('lib/postgresql/postgis_topology-3.so')).toBe(false)
    expect(keepsEntry('share/postgresql/extension/postgis.control')).toBe(true)
    expect(keepsEntry('share/postgresql/extension/postgis--3.6.2.sql')).toBe(true)
    expect(keepsEntry('share/postgresql/extension/postgis_raster--3.6.2.sql')).toBe(false)
    expect(keepsEntry('share/postgresql/extension/postgis_tiger_geocoder.control')).toBe(false)
    expect(keepsEntry('share/postgresql/contrib/postgis-3.6/spatial_ref_sys.sql')).toBe(false)
    expect(keepsEntry('share/proj/proj.db')).toBe(true)
    expect(keepsEntry('share/postgresql/extension/')).toBe(true)
  })
})

describe('filterTar', () => {
  it('keeps chosen entries with their data and the long-name header that names one', () => {
    const longName = `share/proj/${'x'.repeat(120)}.json`
    const tar = Buffer.concat([
      entry('lib/postgresql/postgis-3.so', 'wasm'),
      entry('lib/postgresql/postgis_raster-3.so', 'r'.repeat(700)),
      entry('././@LongLink', longName, 'L'),
      entry(longName.slice(0, 100), '{}'),
      entry('././@LongLink', `share/postgresql/contrib/${'y'.repeat(100)}`, 'L'),
      entry('share/postgresql/contrib/yyy', 'sql'),
      entry('share/proj/proj.db', 'db'),
      Buffer.alloc(1024),
    ])
    const out = filterTar(tar, keepsEntry)
    expect(names(out)).toEqual(['lib/postgresql/postgis-3.so', longName, 'share/proj/proj.db'])
    expect(out.length % 512).toBe(0)
    expect(Buffer.from(out.subarray(512, 516)).toString()).toBe('wasm')
  })

  it('refuses a truncated tar instead of writing half a bundle', () => {
    const whole = entry('share/proj/proj.db', 'd'.repeat(2000))
    expect(() => filterTar(whole.subarray(0, 1024), keepsEntry)).toThrow(/truncated/)
  })
})

describe('slimBundle on the installed package', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plat-postgis-bundle-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('holds one WebAssembly library, the extension files and PROJ, and is reused once made', () => {
    const source = join(createRequire(import.meta.url).resolve('@electric-sql/pglite-postgis'), '..', 'postgis.tar.gz')
    const made = slimBundle(source, dir)
    expect(slimBundle(source, dir)).toBe(made)
    const inside = names(gunzipSync(readFileSync(made))).filter((n) => !n.endsWith('/'))
    expect(inside.filter((n) => n.endsWith('.so'))).toEqual(['lib/postgresql/postgis-3.so'])
    expect(inside).toContain('share/postgresql/extension/postgis.control')
    expect(inside).toContain('share/proj/proj.db')
    expect(inside.some((n) => n.includes('raster') || n.includes('topology'))).toBe(false)
  })
})
