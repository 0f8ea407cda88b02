/** Which importer a file needs, from its first bytes (and for a zip, the names inside), then its name. */
import { zipEntryNames } from './unzip'

export type ImportFormat = 'geojson' | 'kml' | 'kmz' | 'shapefile-zip' | 'unknown'

/** `bytes` is the whole file: a zip's entry names live in its central directory at the end. */
export function detectFormat(name: string, bytes: Uint8Array): ImportFormat {
  const lower = name.toLowerCase()
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04
  if (zip) {
    const names = zipEntryNames(bytes).map((n) => n.toLowerCase())
    if (names.some((n) => n.endsWith('.shp'))) return 'shapefile-zip'
    if (names.some((n) => n.endsWith('.kml'))) return 'kmz'
    return lower.endsWith('.kmz') ? 'kmz' : 'shapefile-zip'
  }
  const text = new TextDecoder()
    .decode(bytes.slice(0, 200))
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<')) return 'kml'
  if (text.startsWith('{') || text.startsWith('[')) return 'geojson'
  if (lower.endsWith('.kml')) return 'kml'
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson'
  return 'unknown'
}
