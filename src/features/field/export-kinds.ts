/**
 * The field exports a person can pick (formats/format-registry.ts), and the outline a search without areas gets — kept apart from
 * the writers (field-exports.ts, loaded on first export) so the app's first load carries neither
 * the tile cutter nor the archive writers.
 */
import type { Polygon } from 'geojson'
import { boxOf, boxPolygon, isEmptyBox } from '../../../contract/bbox'
import type { ParcelRecord } from '../../../contract/schemas'
import { extensionOf, FIELD_OFFERS } from '../../../formats/format-registry'
import { polygonal } from '../../../formats/geojson'

export type FieldExportKind = (typeof FIELD_OFFERS)[number]['kind']

/** The choices as formats/format-registry.ts lists them, with the extension each file is written with. */
export const FIELD_EXPORTS: readonly { kind: FieldExportKind; label: string; ext: string }[] = FIELD_OFFERS.map(
  (o) => ({ kind: o.kind, label: o.label, ext: extensionOf(o.formats[0]) }),
)

/** The box around every record's outline, for a search without drawn areas. */
export function recordsOutline(records: readonly ParcelRecord[]): Polygon | null {
  const box = boxOf(...records.map((r) => polygonal(r.geom)).filter((g) => g !== null))
  return isEmptyBox(box) ? null : boxPolygon(box)
}
