import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { allColumns, columnValue } from '../../format/record-columns'
import { csvRecordRow } from './csv'
import { geoJsonFormat } from './geojson'

const record = {
  svc_uuid: 'a',
  acres: 80,
  cdl_history: {
    '2022': { code: 1, name: 'Corn', percent: 91 },
    '2023': { code: 5, name: 'Soybeans', percent: 88 },
    '2024': { code: 1, name: 'Corn', percent: 93.5 },
  },
} as unknown as ParcelRecord

describe('crop history in exports', () => {
  it('becomes flat columns: compact history, class and percent per year, derived rotation', () => {
    const cols = allColumns([record])
    expect(cols).not.toContain('cdl_history')
    expect(cols.slice(-7)).toEqual([
      'crop_history',
      'cdl_2022',
      'cdl_2022_pct',
      'cdl_2023',
      'cdl_2023_pct',
      'cdl_2024',
      'cdl_2024_pct',
    ])
    expect(columnValue(record, 'crop_history')).toBe('C S C')
    expect(columnValue(record, 'cdl_2023')).toBe('Soybeans')
    expect(columnValue(record, 'cdl_2024_pct')).toBe(93.5)
    expect(columnValue(record, 'rotation')).toBe('continuous-corn')
    expect(columnValue(record, 'corn_years_5')).toBe(2)
    // A table column of the history exports as its letters, not a JSON blob.
    expect(columnValue(record, 'cdl_history')).toBe('C S C')
  })

  it('writes them in CSV and as GeoJSON properties beside the nested history', () => {
    const cols = ['svc_uuid', 'crop_history', 'cdl_2024']
    expect(csvRecordRow(record, cols)).toContain('a,C S C,Corn')
    const geo = geoJsonFormat()
    const feature = JSON.parse(geo.item(record, 0))
    expect(feature.properties).toMatchObject({ crop_history: 'C S C', cdl_2022: 'Corn', cdl_2022_pct: 91 })
    expect(feature.properties.cdl_history['2023'].code).toBe(5)
  })
})
