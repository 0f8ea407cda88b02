/** A dropped or picked file → polygons, whatever its format. */
import { detectFormat } from './detect-format'
import { emptyResult, type ImportResult, MAX_FILE_BYTES } from './import-result'
import { parseGeoJson } from './parse-geojson'
import { parseKml, parseKmz, type XmlParse } from './parse-kml'
import { parseShapefileZip } from './parse-shapefile'

export async function importFile(file: File, parseXml: XmlParse): Promise<ImportResult> {
  if (file.size > MAX_FILE_BYTES) {
    return { ...emptyResult(), problems: [`${file.name} is larger than 50 MB; simplify or split it first.`] }
  }
  const bytes = new Uint8Array(await file.arrayBuffer())
  return importBytes(file.name, bytes, parseXml)
}

export function importBytes(name: string, bytes: Uint8Array, parseXml: XmlParse): ImportResult {
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
        problems: [`${name} is not a format Plat reads: use GeoJSON, KML/KMZ, or a zipped Shapefile.`],
      }
  }
}
