/**
 * Holdings as files: the holdings with their merged outlines and totals, their parcels labelled by
 * holding, and a list's answers, written by the export engine's writers (GeoJSON, KML, CSV).
 */
import type { Polygon } from 'geojson'
import type { ParcelRecord } from '../../../contract/schemas'
import { csvDocument } from '../../../formats/csv'
import { mimeOf } from '../../../formats/format-registry'
import { buildExport } from '../export/export-formats'
import { exportBlob } from '../export/export-runner'
import { exportFileName } from '../export/file-name'
import { kmlFormat } from '../export/kml'
import type { HoldingSummary } from './holding-summary'

export type HoldingsFileKind = 'geojson' | 'kml' | 'csv'

const round2 = (n: number) => Math.round(n * 100) / 100

const cropText = (h: HoldingSummary) =>
  h.cropMix
    .slice(0, 5)
    .map((c) => `${c.category} ${Math.round(c.share * 100)}%`)
    .join('; ')

/** One row per holding: what the panel shows, flat. */
function holdingFields(h: HoldingSummary): [string, unknown][] {
  return [
    ['holding', h.label],
    ['owners', h.owners.join('; ')],
    ['parcel_count', h.parcelCount],
    // Named by kind (format/acreage.ts): a bare "acres" column read as the county's figure.
    ['measured_acres', h.acres],
    ['recorded_acres', h.acreTotals.recorded.counted ? round2(h.acreTotals.recorded.acres) : null],
    ['outline_acres', h.outlineAcres],
    ['counties', h.counties.join('; ')],
    ['assessed_value', h.assessedValue],
    ['valued_parcels', h.valuedParcels],
    ['crop_mix', cropText(h)],
    ['land_use', h.landUse],
    ['parcel_ids', h.parcelIds.join(' ')],
  ]
}

/** One feature (or row) per holding: its merged outline and totals. */
export async function holdingsFile(
  holdings: readonly HoldingSummary[],
  kind: HoldingsFileKind,
  title: string,
): Promise<{ blob: Blob; fileName: string }> {
  const fileName = exportFileName(`${title} holdings`, kind)
  if (kind === 'csv') {
    const header = holdingFields(holdings[0] ?? emptyHolding).map(([k]) => k)
    const rows = holdings.map((h) => holdingFields(h).map(([, v]) => v))
    return { blob: new Blob([csvDocument(header, rows)], { type: mimeOf('csv') }), fileName }
  }
  if (kind === 'geojson') {
    const features = holdings.map((h) => ({
      type: 'Feature',
      geometry: h.geometry,
      properties: Object.fromEntries(holdingFields(h)),
    }))
    const text = JSON.stringify({ type: 'FeatureCollection', features })
    return { blob: new Blob([text], { type: mimeOf('geojson') }), fileName }
  }
  // KML through the export feature's writer: a holding as a record of its fields and outline.
  const columns = holdingFields(emptyHolding).map(([k]) => k)
  const records = holdings.map(
    (h): ParcelRecord => ({
      svc_uuid: h.id,
      ...Object.fromEntries(holdingFields(h)),
      owner: h.label,
      geom: h.geometry,
    }),
  )
  return { blob: await exportBlob(records, kmlFormat(columns, `${title} holdings`), mimeOf('kml')), fileName }
}

/** The parcels of the holdings, each with its holding's label, in any of the export menu's formats. */
export function parcelListFile(
  records: readonly ParcelRecord[],
  holdingOf: ReadonlyMap<string, string>,
  kind: HoldingsFileKind,
  title: string,
): Promise<{ blob: Blob; fileName: string }> {
  const labelled = records.map((r) => ({ ...r, holding: holdingOf.get(r.svc_uuid) ?? '' }))
  return buildExport({
    kind: kind === 'csv' ? 'csv-all' : kind,
    records: labelled,
    visibleColumns: [],
    searchSummary: `${title} parcels`,
  })
}

/** A plain table (a list's answers) as CSV. */
export function tableFile(table: { header: readonly string[]; rows: unknown[][] }, title: string) {
  return {
    blob: new Blob([csvDocument(table.header, table.rows)], { type: mimeOf('csv') }),
    fileName: exportFileName(title, 'csv'),
  }
}

const emptyHolding: HoldingSummary = {
  id: '',
  label: '',
  owners: [],
  parcelIds: [],
  parcelCount: 0,
  acres: 0,
  acreTotals: { measured: { acres: 0, counted: 0, missing: 0 }, recorded: { acres: 0, counted: 0, missing: 0 } },
  outlineAcres: 0,
  counties: [],
  assessedValue: 0,
  valuedParcels: 0,
  cropMix: [],
  landUse: null,
  geometry: { type: 'Polygon', coordinates: [] } as Polygon,
  bbox: [0, 0, 0, 0],
  mailing: [],
}
