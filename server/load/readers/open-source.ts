/**
 * Picks the reader for an input file by its name (the formats: formats/format-registry.ts), after
 * checking the file is there. Readers are imported when their format comes up: each pulls in its
 * library (SQLite in WebAssembly, Parquet…), and the CLI's start is part of every load's time
 * (issue 23).
 */
import { existsSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { extensionsOf, type FormatId, formatOfName, LOADER_OFFERS } from '../../../formats/format-registry'
import { isFileGdbPath, openFileGdb } from './read-filegdb'
import { SourceError, type SourceFile } from './source'

/** What the loader reads, as its help and its errors name them (formats/format-registry.ts). */
export const FORMATS = LOADER_OFFERS.map((o) => o.label).join(', ')

const KNOWN = extensionsOf(LOADER_OFFERS)

/** Throws a SourceError when the path is missing, not a file, or of a format the loader does not read. */
export function checkSource(path: string): void {
  if (!existsSync(path)) throw new SourceError(`${path}: no such file`)
  if (isFileGdbPath(path) && statSync(path).isDirectory()) return
  if (!statSync(path).isFile()) throw new SourceError(`${path} is not a file`)
  const ext = extname(path).toLowerCase()
  if (!KNOWN.includes(ext)) {
    throw new SourceError(`${path}: unknown format "${ext || 'no extension'}"; the loader reads ${FORMATS}`)
  }
}

export interface OpenOptions {
  /** `--layer`: load only this layer of a multi-layer file */
  layer?: string
}

export async function openSource(path: string, o: OpenOptions = {}): Promise<SourceFile> {
  checkSource(path)
  if (isFileGdbPath(path) || /\.gdb\.zip$/i.test(path)) return openFileGdb(path, o.layer)
  if (extname(path).toLowerCase() === '.zip') return openZip(path, o.layer)
  return chooseLayer(await openByExtension(path), o.layer)
}

/** The reader of each format opened by its extension (zips and File Geodatabases are told apart first). */
const READERS: Partial<Record<FormatId, (path: string) => Promise<SourceFile>>> = {
  geojson: async (path) => (await import('./read-geojson')).openGeoJson(path),
  'geojson-seq': async (path) => (await import('./read-geojson-seq')).openGeoJsonSeq(path),
  shapefile: async (path) => (await import('./read-shapefile')).openShapefile(path),
  flatgeobuf: async (path) => (await import('./read-flatgeobuf')).openFlatGeobuf(path),
  gpkg: async (path) => (await import('./read-geopackage')).openGeoPackage(path),
  geoparquet: async (path) => (await import('./read-geoparquet')).openGeoParquet(path),
}

async function openByExtension(path: string): Promise<SourceFile> {
  const format = formatOfName(path, LOADER_OFFERS)
  const read = format ? READERS[format] : undefined
  if (!read) {
    const ext = extname(path).toLowerCase()
    throw new SourceError(`${path}: unknown format "${ext || 'no extension'}"; the loader reads ${FORMATS}`)
  }
  return read(path)
}

/** A zip is a zipped Shapefile, or else a zipped File Geodatabase (which picks `layer` itself). */
async function openZip(path: string, layer: string | undefined): Promise<SourceFile> {
  const { NoShapefileError, openShapefileZip } = await import('./read-shapefile')
  try {
    return chooseLayer(await openShapefileZip(path), layer)
  } catch (e) {
    if (!(e instanceof NoShapefileError)) throw e
  }
  try {
    return await openFileGdb(path, layer)
  } catch (e) {
    if (e instanceof SourceError && / holds no \.gdb folder/.test(e.message)) {
      throw new SourceError(
        `${path} holds neither a Shapefile (.shp with its .dbf) nor a File Geodatabase (.gdb folder)`,
      )
    }
    throw e
  }
}

/** `--layer` for formats whose reader opens every layer (zipped Shapefiles, GeoPackages). */
function chooseLayer(file: SourceFile, name: string | undefined): SourceFile {
  if (!name) return file
  const stem = (n: string) =>
    n
      .replace(/\.shp$/i, '')
      .split('/')
      .pop()!
      .toLowerCase()
  const layers = file.layers.filter((l) => l.name !== null && (l.name === name || stem(l.name) === stem(name)))
  if (layers.length === 0) {
    const names = file.layers.map((l) => l.name).filter((n) => n !== null)
    void file.close()
    throw new SourceError(
      names.length
        ? `--layer ${name}: the file has no such layer; its layers: ${names.join(', ')}`
        : `--layer ${name}: a ${file.format} file has one layer; leave --layer out`,
    )
  }
  return { ...file, layers, close: () => file.close() }
}
