/**
 * Picks the reader for an input file by its name, after checking the file is there. Readers are
 * imported when their format comes up: each pulls in its library (SQLite in WebAssembly, Parquet…),
 * and the CLI's start is part of every load's time (issue 23).
 */
import { existsSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { isFileGdbPath, openFileGdb } from './read-filegdb'
import { SourceError, type SourceFile } from './source'

export const FORMATS =
  'GeoJSON (.geojson, .json), GeoJSON sequence (.geojsonl, .geojsons, .ndjson), zipped Shapefile (.zip), Shapefile (.shp with .dbf/.prj beside it), FlatGeobuf (.fgb), GeoPackage (.gpkg), File Geodatabase (.gdb folder, or zipped: .gdb.zip), GeoParquet (.parquet, .geoparquet)'

const KNOWN = [
  '.geojson',
  '.json',
  '.geojsonl',
  '.geojsons',
  '.geojsonseq',
  '.ndjson',
  '.jsonl',
  '.zip',
  '.shp',
  '.fgb',
  '.gpkg',
  '.parquet',
  '.geoparquet',
]

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

async function openByExtension(path: string): Promise<SourceFile> {
  const ext = extname(path).toLowerCase()
  switch (ext) {
    case '.geojson':
    case '.json':
      return (await import('./read-geojson')).openGeoJson(path)
    case '.geojsonl':
    case '.geojsons':
    case '.geojsonseq':
    case '.ndjson':
    case '.jsonl':
      return (await import('./read-geojson-seq')).openGeoJsonSeq(path)
    case '.shp':
      return (await import('./read-shapefile')).openShapefile(path)
    case '.fgb':
      return (await import('./read-flatgeobuf')).openFlatGeobuf(path)
    case '.gpkg':
      return (await import('./read-geopackage')).openGeoPackage(path)
    case '.parquet':
    case '.geoparquet':
      return (await import('./read-geoparquet')).openGeoParquet(path)
    default:
      throw new SourceError(`${path}: unknown format "${ext || 'no extension'}"; the loader reads ${FORMATS}`)
  }
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
