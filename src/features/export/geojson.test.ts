import { describe, expect, it } from 'vitest'
import type { ParcelRecord } from '../../../contract/schemas'
import { loadedRecords } from '../../format/record-columns'
import { runExport } from './export-runner'
import { geoJsonFormat } from './geojson'

const square = {
  type: 'Polygon',
  coordinates: [
    [
      [-93, 42],
      [-93, 42.1],
      [-92.9, 42.1],
      [-93, 42],
    ],
  ],
}
const multi = { type: 'MultiPolygon', coordinates: [square.coordinates, square.coordinates] }

const rows: (ParcelRecord | undefined)[] = [
  { svc_uuid: 'a', owner: '</script>"]]>', acres: 1.25, geom: square, nested: { x: [1, 2] } },
  undefined,
  {
    svc_uuid: 'b',
    owner: 'Ünïcödé\u2028',
    geom: multi,
    buildings: [{ geom: square, sq_feet: 1200, height: null }],
  },
  { svc_uuid: 'c', geom: 'not geometry' },
  { svc_uuid: 'd' },
]

describe('geoJsonFormat', () => {
  it('parses back to the records: properties are the fields, geometry the geom', async () => {
    const records = loadedRecords(rows)
    const parsed = JSON.parse((await runExport(records, geoJsonFormat(), { chunkSize: 2 })).join(''))
    expect(parsed.type).toBe('FeatureCollection')
    const parcels = parsed.features.filter((f: { properties: { kind?: string } }) => f.properties.kind !== 'building')
    expect(parcels).toHaveLength(4)
    parcels.forEach((f: { geometry: unknown; properties: Record<string, unknown> }, i: number) => {
      const { geom, buildings: _b, ...fields } = records[i]!
      expect(f.properties).toEqual(fields)
      expect(f.geometry).toEqual(typeof geom === 'object' ? geom : null)
    })
  })

  it('writes buildings as separate features that point at their parcel', async () => {
    const parsed = JSON.parse((await runExport(loadedRecords(rows), geoJsonFormat())).join(''))
    const buildings = parsed.features.filter((f: { properties: { kind?: string } }) => f.properties.kind === 'building')
    expect(buildings).toEqual([
      {
        type: 'Feature',
        geometry: square,
        properties: { kind: 'building', parcel_svc_uuid: 'b', sq_feet: 1200, height: null },
      },
    ])
  })

  it('is valid for an empty export', async () => {
    expect(JSON.parse((await runExport([], geoJsonFormat())).join(''))).toEqual({
      type: 'FeatureCollection',
      features: [],
    })
  })
})
