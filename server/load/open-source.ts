/** Picks the reader for an input file by its name, after checking the file is there. */
import { existsSync, statSync } from 'node:fs'
import { extname } from 'node:path'
import { openFlatGeobuf } from './read-flatgeobuf'
import { openGeoJson } from './read-geojson'
import { openGeoJsonSeq } from './read-geojson-seq'
import { openGeoPackage } from './read-geopackage'
import { openShapefile, openShapefileZip } from './read-shapefile'
import { SourceError, type SourceFile } from './source'

export const FORMATS =
  'GeoJSON (.geojson, .json), GeoJSON sequence (.geojsonl, .geojsons, .ndjson), zipped Shapefile (.zip), Shapefile (.shp with .dbf/.prj beside it), FlatGeobuf (.fgb), GeoPackage (.gpkg)'

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
]

/** Throws a SourceError when the path is missing, not a file, or of a format the loader does not read. */
export function checkSource(path: string): void {
  if (!existsSync(path)) throw new SourceError(`${path}: no such file`)
  if (!statSync(path).isFile()) throw new SourceError(`${path} is not a file`)
  const ext = extname(path).toLowerCase()
  if (!KNOWN.includes(ext)) {
    throw new SourceError(`${path}: unknown format "${ext || 'no extension'}"; the loader reads ${FORMATS}`)
  }
}

export async function openSource(path: string): Promise<SourceFile> {
  checkSource(path)
  const ext = extname(path).toLowerCase()
  switch (ext) {
    case '.geojson':
    case '.json':
      return openGeoJson(path)
    case '.geojsonl':
    case '.geojsons':
    case '.geojsonseq':
    case '.ndjson':
    case '.jsonl':
      return openGeoJsonSeq(path)
    case '.zip':
      return openShapefileZip(path)
    case '.shp':
      return openShapefile(path)
    case '.fgb':
      return openFlatGeobuf(path)
    case '.gpkg':
      return openGeoPackage(path)
    default:
      throw new SourceError(`${path}: unknown format "${ext || 'no extension'}"; the loader reads ${FORMATS}`)
  }
}
