/** A dropped or picked file → polygons, whatever its format. */

import { IMPORT_OFFERS, namesOf } from '../../../formats/format-registry'
import type { XmlParse } from '../../../formats/kml'
import { detectFormat } from './detect-format'
import { emptyResult, type ImportResult, MAX_FILE_BYTES } from './import-result'
import { parseGeoJson } from './parse-geojson'
import { parseKml, parseKmz } from './parse-kml'
import { parseShapefileZip } from './parse-shapefile'

const tooBig = (name: string) =>
  `${name} is larger than ${MAX_FILE_BYTES / 1024 / 1024} MB; simplify or split it first.`

export async function importFile(file: File, parseXml: XmlParse): Promise<ImportResult> {
  if (file.size > MAX_FILE_BYTES) {
    return { ...emptyResult(), problems: [tooBig(file.name)] }
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  return importBytes(file.name, bytes, parseXml)
}

/** Never throws: whatever a parser trips over in a hostile file becomes a problem to show. */
export async function importBytes(name: string, bytes: Uint8Array, parseXml: XmlParse): Promise<ImportResult> {
  try {
    return await importByFormat(name, bytes, parseXml)
  } catch (err) {
    return { ...emptyResult(), problems: [`${name} could not be read (${(err as Error)?.message ?? err}).`] }
  }
}

async function importByFormat(name: string, bytes: Uint8Array, parseXml: XmlParse): Promise<ImportResult> {
  if (bytes.byteLength > MAX_FILE_BYTES) return { ...emptyResult(), problems: [tooBig(name)] }
  switch (detectFormat(name, bytes)) {
    case 'geojson':
      return parseGeoJson(new TextDecoder().decode(bytes))
    case 'kml':
      return parseKml(new TextDecoder().decode(bytes), parseXml)
    case 'kmz':
      return parseKmz(bytes, parseXml)
    case 'shapefile-zip':
      return parseShapefileZip(bytes)
    default:
      return {
        ...emptyResult(),
        problems: [`${name} is not a format Plat reads: use ${namesOf(IMPORT_OFFERS)}.`],
      }
  }
}
