/**
 * GeoPackage geometry blobs (GeoPackage 1.x, clause 2.1.3): "GP", version, flags, srs_id, an
 * optional envelope, then standard WKB, which `wkx` decodes.
 */
import type { Geometry } from 'geojson'
import wkx from 'wkx'

const ENVELOPE_BYTES = [0, 32, 48, 48, 64]

/** GeoJSON geometry of a blob, null for a NULL or empty geometry; throws on a malformed blob. */
export function gpkgGeometry(blob: Uint8Array | null): Geometry | null {
  if (!blob) return null
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry blob')
  const flags = blob[3]!
  if (flags & 0x10) return null
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0x07]
  if (envelope === undefined) throw new Error('bad envelope indicator in a GeoPackage geometry blob')
  const wkb = Buffer.from(blob.buffer, blob.byteOffset + 8 + envelope, blob.length - 8 - envelope)
  return wkx.Geometry.parse(wkb).toGeoJSON() as Geometry
}
