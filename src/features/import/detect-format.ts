/**
 * Which importer a file needs, from its first bytes (and for a zip, the names inside), then its
 * name's extension as formats/format-registry.ts lists the import's formats.
 */
import { type FormatId, formatOfName, IMPORT_OFFERS } from '../../../formats/format-registry'
import { isZipBytes, zipEntryNames } from '../../../formats/zip'

export type ImportFormat = Extract<FormatId, 'geojson' | 'kml' | 'kmz' | 'shapefile-zip'> | 'unknown'

/** `bytes` is the whole file: a zip's entry names live in its central directory at the end. */
export function detectFormat(name: string, bytes: Uint8Array): ImportFormat {
  const byName = formatOfName(name, IMPORT_OFFERS)
  if (isZipBytes(bytes)) {
    const names = zipEntryNames(bytes).map((n) => n.toLowerCase())
    if (names.some((n) => n.endsWith('.shp'))) return 'shapefile-zip'
    if (names.some((n) => n.endsWith('.kml'))) return 'kmz'
    return byName === 'kmz' ? 'kmz' : 'shapefile-zip'
  }
  const text = new TextDecoder()
    .decode(bytes.slice(0, 200))
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<')) return 'kml'
  if (text.startsWith('{') || text.startsWith('[')) return 'geojson'
  // A text file named as a text format; a zip's name on bytes that are no zip is no format.
  return byName === 'kml' || byName === 'geojson' ? byName : 'unknown'
}
