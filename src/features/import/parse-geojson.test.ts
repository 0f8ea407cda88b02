import type { Position } from 'geojson'
import proj4 from 'proj4'
import { describe, expect, it } from 'vitest'
import { clockwiseSquare } from './import-fixtures.test-support'
import { parseGeoJson } from './parse-geojson'

const square = (x: number, y: number): Position[][] => [clockwiseSquare(x, y, 0.01)]
const feature = (geometry: unknown) => ({ type: 'Feature', properties: {}, geometry })

describe('GeoJSON', () => {
  it('splits a MultiPolygon into one polygon each', () => {
    const multi = feature({ type: 'MultiPolygon', coordinates: [square(-93.6, 42), square(-93.5, 42)] })
    const r = parseGeoJson(JSON.stringify(multi))
    expect(r.problems).toEqual([])
    expect(r.polygons).toHaveLength(2)
  })

  it('accepts bare geometries and GeometryCollections, and names the features that are not polygons', () => {
    expect(parseGeoJson(JSON.stringify({ type: 'Polygon', coordinates: square(-93.6, 42) })).polygons).toHaveLength(1)
    const gc = {
      type: 'GeometryCollection',
      geometries: [
        { type: 'Polygon', coordinates: square(-93.6, 42) },
        { type: 'Point', coordinates: [-93, 42] },
      ],
    }
    const fcoll = {
      type: 'FeatureCollection',
      features: [
        feature(gc),
        feature(null),
        feature({
          type: 'LineString',
          coordinates: [
            [-93, 42],
            [-93.1, 42],
          ],
        }),
      ],
    }
    const r = parseGeoJson(JSON.stringify(fcoll))
    expect(r.polygons).toHaveLength(1)
    expect(r.others.map((g) => g.type)).toEqual(['Point', 'LineString'])
    expect(r.problems).toContain('Feature 2 has no geometry and was skipped.')
    expect(r.problems.join('\n')).toMatch(
      /Feature 1 is a Point; Feature 3 is a LineString; only polygons can be search areas \(use Buffer/,
    )
  })

  it('converts a crs proj4 knows (Web Mercator, WGS 84 UTM) and refuses one it does not', () => {
    const merc = proj4('EPSG:4326', 'EPSG:3857')
    const doc = (name: string, ring: Position[]) => ({
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name } },
      features: [feature({ type: 'Polygon', coordinates: [ring] })],
    })
    const ring = clockwiseSquare(-93.6, 42, 0.01)
    const r = parseGeoJson(
      JSON.stringify(
        doc(
          'urn:ogc:def:crs:EPSG::3857',
          ring.map((p) => merc.forward(p as number[])),
        ),
      ),
    )
    expect(r.notices[0]).toMatch(/converted from urn:ogc:def:crs:EPSG::3857/)
    expect(Math.abs((r.polygons[0]?.coordinates[0]?.[0]?.[0] as number) + 93.61)).toBeLessThan(1e-9)
    const utm = proj4('EPSG:4326', 'EPSG:32615')
    const u = parseGeoJson(
      JSON.stringify(
        doc(
          'EPSG:32615',
          ring.map((p) => utm.forward(p as number[])),
        ),
      ),
    )
    expect(Math.abs((u.polygons[0]?.coordinates[0]?.[0]?.[1] as number) - 41.99)).toBeLessThan(1e-6)
    expect(parseGeoJson(JSON.stringify(doc('urn:ogc:def:crs:OGC:1.3:CRS84', ring))).notices).toEqual([])
    expect(parseGeoJson(JSON.stringify(doc('EPSG:2163', ring))).problems[0]).toMatch(/EPSG:2163\) is not one/)
  })

  it('refuses projected coordinates without a crs, and says where the JSON breaks', () => {
    const projected = { type: 'Polygon', coordinates: [clockwiseSquare(450000, 4650000, 500)] }
    expect(parseGeoJson(JSON.stringify(projected)).problems[0]).toMatch(/outside longitude\/latitude.*WGS 84/)
    expect(parseGeoJson('{"type":').problems[0]).toMatch(/not valid JSON/)
    expect(parseGeoJson('{\n  "type": "Polygon",\n}').problems[0]).toMatch(/line 3 column 1/)
    expect(parseGeoJson('{"type":"Topology"}').problems[0]).toMatch(/not GeoJSON/)
    expect(parseGeoJson('{"type":"Polygon","coordinates":[[["a"]]]}').problems[0]).toMatch(/malformed/)
  })
})
