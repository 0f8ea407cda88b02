/** The export menu's choices, each mapped to a format, a MIME type and a file extension. */
import type { ParcelRecord } from '../../../contract/schemas'
import { allColumns, visibleExportColumns } from '../../format/record-columns'
import { CSV_BOM, csvHeader, csvRecordRow } from './csv'
import { type ExportFormat, exportBlob, type RunOptions } from './export-runner'
import { exportFileName } from './file-name'
import { GEOJSON_MIME, geoJsonFormat } from './geojson'
import { KML_MIME, kmlFormat } from './kml'

export type ExportKind = 'csv-visible' | 'csv-all' | 'geojson' | 'kml'

export const EXPORT_KINDS: readonly { kind: ExportKind; label: string }[] = [
  { kind: 'csv-visible', label: 'CSV — visible columns' },
  { kind: 'csv-all', label: 'CSV — all fields' },
  { kind: 'geojson', label: 'GeoJSON' },
  { kind: 'kml', label: 'KML' },
]

export function csvFormat(columns: readonly string[], bom = true): ExportFormat<ParcelRecord> {
  return {
    begin: () => (bom ? CSV_BOM : '') + csvHeader(columns),
    item: (record) => csvRecordRow(record, columns),
    end: () => '',
  }
}

export interface ExportRequest {
  kind: ExportKind
  records: readonly ParcelRecord[]
  visibleColumns: readonly string[]
  searchSummary: string
}

export interface ExportFile {
  blob: Blob
  fileName: string
}

export async function buildExport(req: ExportRequest, options?: RunOptions): Promise<ExportFile> {
  const { kind, records, searchSummary } = req
  const name = (ext: string) => exportFileName(searchSummary, ext)
  switch (kind) {
    case 'csv-visible':
    case 'csv-all': {
      const cols = kind === 'csv-all' ? allColumns(records) : visibleExportColumns(req.visibleColumns)
      const blob = await exportBlob(records, csvFormat(cols), 'text/csv;charset=utf-8', options)
      return { blob, fileName: name('csv') }
    }
    case 'geojson':
      return { blob: await exportBlob(records, geoJsonFormat(), GEOJSON_MIME, options), fileName: name('geojson') }
    case 'kml': {
      const format = kmlFormat(allColumns(records), searchSummary || 'Plat parcels')
      return { blob: await exportBlob(records, format, KML_MIME, options), fileName: name('kml') }
    }
  }
}
