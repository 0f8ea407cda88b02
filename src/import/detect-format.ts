/** Which importer a file needs, from its name and first bytes. */
export type ImportFormat = 'geojson' | 'kml' | 'kmz' | 'shapefile-zip' | 'unknown'

export function detectFormat(name: string, head: Uint8Array): ImportFormat {
  const lower = name.toLowerCase()
  const zip = head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
  if (zip) return lower.endsWith('.kmz') ? 'kmz' : 'shapefile-zip'
  const text = new TextDecoder()
    .decode(head.slice(0, 200))
    .replace(/^\uFEFF/, '')
    .trimStart()
  if (text.startsWith('<')) return 'kml'
  if (text.startsWith('{') || text.startsWith('[')) return 'geojson'
  if (lower.endsWith('.kml')) return 'kml'
  if (lower.endsWith('.geojson') || lower.endsWith('.json')) return 'geojson'
  return 'unknown'
}
