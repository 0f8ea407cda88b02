import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { CSV_BOM, csvRow } from '../../../formats/csv'
import { parseCsv } from '../../../formats/csv.test-support'
import { allColumns, BUILDINGS_COLUMN, visibleExportColumns } from '../../format/record-columns'
import { csvHeader, csvRecordRow } from './csv'
import { buildExport } from './export-formats'

const unneutralise = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s)

describe('csv documents', () => {
  const records: ParcelRecord[] = [
    { svc_uuid: 'a', owner: 'Smith, "Jo"', acres: 12.5, situs: '1 Main\nSt', extra: '=1+1' },
    { svc_uuid: 'b', owner: '@evil', acres: -3, buildings: [{ geom: null }, { geom: null }] },
    { svc_uuid: 'c' },
  ]

  it('round-trips values through an RFC 4180 parser', () => {
    const cols = ['svc_uuid', 'owner', 'acres', 'situs', 'extra']
    const text = csvRow(cols) + records.map((r) => csvRecordRow(r, cols)).join('')
    const rows = parseCsv(text)
    expect(rows[0]).toEqual(cols)
    expect(rows.slice(1).map((r) => r.map(unneutralise))).toEqual([
      ['a', 'Smith, "Jo"', '12.5', '1 Main\nSt', '=1+1'],
      ['b', '@evil', '-3', '', ''],
      ['c', '', '', '', ''],
    ])
  })

  it('all-fields columns add extra keys and a building count, never geom/buildings', () => {
    const cols = allColumns(records)
    expect(cols).toContain('extra')
    expect(cols).not.toContain('geom')
    expect(cols.filter((c) => c === BUILDINGS_COLUMN)).toHaveLength(1)
    expect(csvHeader(cols)).toContain(',building_count\r\n')
    expect(csvHeader(cols)).not.toContain(',buildings')
    expect(csvRecordRow(records[1]!, [BUILDINGS_COLUMN])).toBe('2\r\n')
  })

  it('a visible Buildings column is written to a "visible columns" CSV (it was dropped)', async () => {
    const cols = visibleExportColumns(['svc_uuid', 'owner', BUILDINGS_COLUMN, 'geom'])
    expect(cols).toEqual(['svc_uuid', 'owner', BUILDINGS_COLUMN])
    const file = await buildExport({
      kind: 'csv-visible',
      records: [records[1]!],
      visibleColumns: ['svc_uuid', BUILDINGS_COLUMN],
      searchSummary: 'test',
    })
    const text = await file.blob.text()
    expect(text.replace(CSV_BOM, '')).toBe('svc_uuid,building_count\r\nb,2\r\n')
  })
})
