/**
 * GeoPackage geometry blobs as GeoJSON: formats/geopackage.ts finds the WKB inside the blob, and
 * `wkx` (which reads Node Buffers, so it stays on the server) decodes it.
 */
import type { Geometry } from 'geojson'
import wkx from 'wkx'
import { gpkgWkb } from '../../../formats/geopackage'

/** GeoJSON geometry of a blob, null for a NULL or empty geometry; throws on a malformed blob. */
export function gpkgGeometry(blob: Uint8Array | null): Geometry | null {
  const wkb = gpkgWkb(blob)
  if (!wkb) return null
  return wkx.Geometry.parse(Buffer.from(wkb.buffer, wkb.byteOffset, wkb.byteLength)).toGeoJSON() as Geometry
}
