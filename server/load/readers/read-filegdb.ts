/**
 * Esri File Geodatabases (a `.gdb` folder, or a zip holding one) through GDAL's OpenFileGDB driver
 * compiled to WebAssembly (`gdal3.js`): nothing to install beyond `npm ci`. gdal3.js exposes GDAL's
 * programs, not its feature-by-feature API, so each layer is converted by its `ogr2ogr` to a
 * GeoPackage on disk (streamed by GDAL through Node's file system; curves made straight, 2D), which
 * the GeoPackage reader then reads row by row: memory stays flat in file size. (GeoPackage rather
 * than FlatGeobuf: the `flatgeobuf` package fails on a feature without geometry, which FileGDBs have.)
 * Every polygon layer is loaded, or the one `--layer` names; point, line and attribute-only layers
 * are left out (the load lists them).
 */

import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative } from 'node:path'
import type { CrsHint, ProjJson } from './crs'
import { SourceError, type SourceFeature, type SourceFile, type SourceLayer } from './source'
import { makeUnpackDir, removeUnpackDir } from './unpack-dirs'
import { unzipToDir } from './unzip-to-dir'

interface GdalDataset {
  pointer: number
  path: string
}

interface GdalLayerInfo {
  name: string
  featureCount?: number
  geometryFields?: { type?: string; coordinateSystem?: { wkt?: string; projjson?: ProjJson } | null }[]
  fields?: { name: string }[]
}

interface Gdal {
  open(path: string): Promise<{ datasets: GdalDataset[] }>
  close(ds: GdalDataset): Promise<void>
  ogrinfo(ds: GdalDataset, options?: string[]): Promise<{ layers?: GdalLayerInfo[] }>
  ogr2ogr(ds: GdalDataset, options: string[], outputName: string): Promise<{ real: string }>
  Module: {
    FS: { mount(type: unknown, opts: { root: string }, at: string): void; unmount(at: string): void }
    NODEFS: unknown
  }
}

const require = createRequire(import.meta.url)
/** GDAL's messages, kept for the error a failed step reports (gdal3.js prints them otherwise). */
const messages: string[] = []
let gdal: Promise<Gdal> | null = null

function loadGdal(): Promise<Gdal> {
  gdal ??= (async () => {
    const init = require('gdal3.js/node.js') as (config: object) => Promise<Gdal>
    // gdal3.js reads its .wasm/.data relative to the working directory ("./" + path).
    const files = join(dirname(require.resolve('gdal3.js/node.js')), 'dist/package')
    const keep = (m: string) => {
      messages.push(m)
      if (messages.length > 20) messages.shift()
    }
    return init({ path: relative(process.cwd(), files) || '.', logHandler: keep, errorHandler: keep })
  })()
  return gdal
}

const POLYGONAL = /polygon|surface/i

export const isFileGdbPath = (path: string) => /\.gdb[\\/]*$/i.test(path)

/** A `.gdb` folder, or a zip holding one (`.gdb.zip`, or any `.zip` whose only content is a `.gdb`). */
export async function openFileGdb(path: string, layerName?: string): Promise<SourceFile> {
  const scratch = makeUnpackDir()
  const cleanup = async () => removeUnpackDir(scratch)
  try {
    let gdbPath = path.replace(/[\\/]+$/, '')
    if (!statSync(path).isDirectory()) {
      const unpacked = join(scratch, 'unzipped')
      await unzipToDir(path, unpacked, (n) => /\.gdb\//i.test(n), true)
      const found = findGdb(unpacked)
      if (!found) throw new SourceError(`${path} holds no .gdb folder (a zipped File Geodatabase holds NAME.gdb/…)`)
      gdbPath = found
    }
    const g = await loadGdal()
    const opened = await g.open(gdbPath).catch(() => ({ datasets: [] }))
    const ds = opened.datasets[0]
    if (!ds) throw new SourceError(`${path} could not be opened as a File Geodatabase (${lastMessage()})`)
    const info = await g.ogrinfo(ds, ['-so'])
    const all = info.layers ?? []
    const polygonal = all.filter((l) => l.geometryFields?.some((f) => POLYGONAL.test(f.type ?? '')))
    const chosen = layerName ? polygonal.filter((l) => l.name === layerName) : polygonal
    if (chosen.length === 0) {
      const names = all.map((l) => `${l.name} (${l.geometryFields?.[0]?.type ?? 'no geometry'})`).join(', ')
      throw new SourceError(
        layerName
          ? `${path} has no polygon layer "${layerName}"; its layers: ${names || 'none'}`
          : `${path} has no polygon layer; its layers: ${names || 'none'}`,
      )
    }
    const out = join(scratch, 'converted')
    const layers = chosen.map((l, i) => layerOf(g, ds, l, i, out, chosen.length > 1))
    const skipped = all.filter((l) => !chosen.includes(l)).map((l) => l.name)
    return {
      format: 'File Geodatabase',
      layers,
      ...(skipped.length ? { note: `left out: ${skipped.join(', ')}` } : {}),
      close: async () => {
        await g.close(ds).catch(() => {})
        await cleanup()
      },
    }
  } catch (e) {
    await cleanup()
    throw e
  }
}

function findGdb(dir: string): string | null {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (!statSync(p).isDirectory()) continue
    if (/\.gdb$/i.test(name)) return p
    const inner = findGdb(p)
    if (inner) return inner
  }
  return null
}

const lastMessage = () => messages.filter((m) => m.trim()).at(-1) ?? 'GDAL gave no reason'

function layerOf(g: Gdal, ds: GdalDataset, l: GdalLayerInfo, i: number, out: string, named: boolean): SourceLayer {
  const cs = l.geometryFields?.find((f) => POLYGONAL.test(f.type ?? ''))?.coordinateSystem
  const from = `the File Geodatabase layer ${l.name}`
  const hints: CrsHint[] = cs ? [{ projjson: cs.projjson ?? null, wkt: cs.wkt ?? null, from }] : []
  async function* features(): AsyncIterable<SourceFeature> {
    const gpkg = await convert(g, ds, l.name, i, out)
    const { openGeoPackage } = await import('./read-geopackage')
    const file = openGeoPackage(gpkg)
    try {
      for await (const f of file.layers[0]!.features()) yield f
    } finally {
      await file.close()
      rmSync(gpkg, { force: true })
    }
  }
  return {
    name: named ? l.name : null,
    crs: () => hints,
    defaultLonLat: false,
    attributes: l.fields?.map((f) => f.name) ?? null,
    count: typeof l.featureCount === 'number' && l.featureCount >= 0 ? l.featureCount : null,
    features,
  }
}

/** The layer as a GeoPackage in `out` (GDAL's /output is that folder while it writes). */
async function convert(g: Gdal, ds: GdalDataset, layer: string, i: number, out: string): Promise<string> {
  mkdirSync(out, { recursive: true })
  g.Module.FS.mount(g.Module.NODEFS, { root: out }, '/output')
  try {
    const name = `layer-${i}`
    // -nlt MULTIPOLYGON makes curved edges straight; -dim XY drops Z and M.
    const options = ['-f', 'GPKG', '-lco', 'SPATIAL_INDEX=NO', '-nlt', 'MULTIPOLYGON', '-dim', 'XY', layer]
    await g.ogr2ogr(ds, options, name).catch(() => {
      throw new SourceError(`layer ${layer} could not be read (${lastMessage()})`)
    })
    const path = join(out, `${name}.gpkg`)
    if (!existsSync(path)) throw new SourceError(`layer ${layer} could not be read (${lastMessage()})`)
    return path
  } finally {
    g.Module.FS.unmount('/output')
  }
}
