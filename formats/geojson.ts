/**
 * The GeoJSON format's parts the app's area import (src/features/import/parse-geojson.ts, the whole text) and
 * the county loader (server/load/readers/read-geojson*.ts, streamed) read alike. RFC 7946 fixes longitude/
 * latitude; files from GDAL and ArcGIS may still carry the 2008 spec's `crs` member naming an EPSG
 * code, which both honour.
 */

/** The name in a GeoJSON object's old-style `crs` member (`{crs: {properties: {name}}}`), or null. */
export function crsMemberName(obj: unknown): string | null {
  const name = (obj as { crs?: { properties?: { name?: unknown } } } | null)?.crs?.properties?.name
  return typeof name === 'string' ? name : null
}
