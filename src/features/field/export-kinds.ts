/**
 * The field exports a person can pick, and the outline a search without areas gets — kept apart from
 * the writers (field-exports.ts, loaded on first export) so the app's first load carries neither
 * the tile cutter nor the archive writers.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { boxOf, boxPolygon, isEmptyBox } from '../../geo/bbox'

const polygonal = (g: unknown): Polygon | MultiPolygon | null => {
  const t = (g as { type?: string } | null)?.type
  return t === 'Polygon' || t === 'MultiPolygon' ? (g as Polygon | MultiPolygon) : null
}

export type FieldExportKind = 'gpkg' | 'pmtiles' | 'kml' | 'gpx'

export const FIELD_EXPORTS: readonly { kind: FieldExportKind; label: string; ext: string }[] = [
  { kind: 'gpkg', label: 'GeoPackage (QGIS, ArcGIS, Avenza)', ext: 'gpkg' },
  { kind: 'pmtiles', label: 'PMTiles vector tiles', ext: 'pmtiles' },
  { kind: 'kml', label: 'KML waypoints (Google Earth)', ext: 'kml' },
  { kind: 'gpx', label: 'GPX waypoints (GPS, onX)', ext: 'gpx' },
]

/** The box around every record's outline, for a search without drawn areas. */
export function recordsOutline(records: readonly ParcelRecord[]): Polygon | null {
  const box = boxOf(...records.map((r) => polygonal(r.geom)).filter((g) => g !== null))
  return isEmptyBox(box) ? null : boxPolygon(box)
}
