/**
 * The export menu's choices (formats/format-registry.ts: EXPORT_OFFERS, with each format's MIME type
 * and file extension), each built from the records by its writer.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { CSV_BOM } from '../../../formats/csv'
import { EXPORT_OFFERS, extensionOf, mimeOf } from '../../../formats/format-registry'
import { allColumns, visibleExportColumns } from '../../format/record-columns'
import { csvHeader, csvRecordRow } from './csv'
import { type ExportFormat, exportBlob, type RunOptions } from './export-runner'
import { exportFileName } from './file-name'
import { geoJsonFormat } from './geojson'
import { kmlFormat } from './kml'

export type ExportKind = (typeof EXPORT_OFFERS)[number]['kind']

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
  const [format] = (EXPORT_OFFERS.find((o) => o.kind === kind) ?? EXPORT_OFFERS[0]).formats
  const file = async (writer: ExportFormat<ParcelRecord>): Promise<ExportFile> => ({
    blob: await exportBlob(records, writer, mimeOf(format), options),
    fileName: exportFileName(searchSummary, extensionOf(format)),
  })
  switch (kind) {
    case 'csv-visible':
    case 'csv-all':
      return file(csvFormat(kind === 'csv-all' ? allColumns(records) : visibleExportColumns(req.visibleColumns)))
    case 'geojson':
      return file(geoJsonFormat())
    case 'kml':
      return file(kmlFormat(allColumns(records), searchSummary || 'Plat parcels'))
  }
}
