import { DOMParser } from '@xmldom/xmldom'
import fc from 'fast-check'
import { zipSync } from 'fflate'
import type { Polygon, Position } from 'geojson'
import proj4 from 'proj4'
import { describe, expect, it } from 'vitest'
import { bufferGeometry } from './buffer-area'
import { importBytes } from './import-file'
import { parseGeoJson } from './parse-geojson'
import { parseKml } from './parse-kml'
import { parseShapefileZip } from './parse-shapefile'
import { clockwiseSquare, shapefileZip, UTM15N_PRJ, WGS84_PRJ } from './test-fixtures'

const xml = (text: string) =>
  new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document
const enc = (s: string) => new TextEncoder().encode(s)

describe('zipped Shapefile', () => {
  it('reprojects UTM 15N (from the .prj) to longitude/latitude in Iowa', () => {
    const lonlat: Position[] = [
      [-93.65, 42.02],
      [-93.65, 42.03],
      [-93.63, 42.03],
      [-93.63, 42.02],
      [-93.65, 42.02],
    ]
    const toUtm = proj4('EPSG:4326', '+proj=utm +zone=15 +ellps=GRS80 +towgs84=0,0,0 +units=m')
    const utm = lonlat.map((p) => toUtm.forward([p[0] as number, p[1] as number]))
    const r = parseShapefileZip(shapefileZip([[utm]], UTM15N_PRJ, 'export/'))
    expect(r.problems).toEqual([])
    expect(r.notices.join()).toMatch(/reprojected from NAD_1983_UTM_Zone_15N/)
    expect(r.polygons).toHaveLength(1)
    r.polygons[0]?.coordinates[0]?.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(lonlat[i]?.[0] as number, 6)
      expect(p[1]).toBeCloseTo(lonlat[i]?.[1] as number, 6)
    })
  })

  it('puts a counter-clockwise ring inside its outline as a hole', () => {
    const outer = clockwiseSquare(-93.6, 42.0, 0.01)
    const hole = clockwiseSquare(-93.6, 42.0, 0.002).reverse()
    const r = parseShapefileZip(shapefileZip([[outer, hole], [clockwiseSquare(-93.5, 42.0, 0.01)]], WGS84_PRJ))
    expect(r.polygons.map((p) => p.coordinates.length)).toEqual([2, 1])
  })

  it('explains a zip without .shp, a truncated zip, and coordinates without a .prj', () => {
    expect(parseShapefileZip(zipSync({ 'a.txt': enc('x') })).problems[0]).toMatch(/no \.shp/)
    const good = shapefileZip([[clockwiseSquare(-93.6, 42, 0.01)]], null)
    expect(parseShapefileZip(good.slice(0, good.length - 30)).problems[0]).toMatch(/could not be read|truncated/)
    const projected = shapefileZip([[clockwiseSquare(450000, 4650000, 500)]], null)
    expect(parseShapefileZip(projected).problems[0]).toMatch(/no \.prj/)
    expect(parseShapefileZip(good).notices[0]).toMatch(/No \.prj/)
  })
})

describe('KML and GeoJSON', () => {
  const kml = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
    <Placemark><name>Field &amp; barn</name><MultiGeometry>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>-93.6,42 -93.59,42 -93.59,42.01 -93.6,42.01 -93.6,42</coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>-93.597,42.003 -93.593,42.003 -93.593,42.006 -93.597,42.003</coordinates></LinearRing></innerBoundaryIs></Polygon>
      <Polygon><outerBoundaryIs><LinearRing><coordinates>-93.5,42,0 -93.49,42,0 -93.49,42.01,0 -93.5,42</coordinates></LinearRing></outerBoundaryIs></Polygon>
    </MultiGeometry></Placemark>
    <Placemark><LineString><coordinates>-93.6,42 -93.5,42.05</coordinates></LineString></Placemark>
  </Document></kml>`

  it('reads KML polygons with holes inside MultiGeometry, and lines for buffering', () => {
    const r = parseKml(kml, xml)
    expect(r.problems).toEqual([])
    expect(r.polygons.map((p) => p.coordinates.length)).toEqual([2, 1])
    expect(r.polygons[1]?.coordinates[0]?.at(-1)).toEqual([-93.5, 42]) // closed, altitude dropped
    expect(r.others.map((g) => g.type)).toEqual(['LineString'])
  })

  it('reads a KMZ and picks formats from the bytes', () => {
    const kmz = zipSync({ 'doc.kml': enc(kml) })
    expect(importBytes('area.kmz', kmz, xml).polygons).toHaveLength(2)
    expect(importBytes('whatever.txt', enc(kml), xml).polygons).toHaveLength(2)
    expect(importBytes('notes.txt', enc('hello'), xml).problems[0]).toMatch(/not a format Plat reads/)
  })

  it('splits MultiPolygons, converts Web Mercator, and refuses projected GeoJSON', () => {
    const multi = {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'MultiPolygon',
        coordinates: [[clockwiseSquare(-93.6, 42, 0.01)], [clockwiseSquare(-93.5, 42, 0.01)]],
      },
    }
    expect(parseGeoJson(JSON.stringify(multi)).polygons).toHaveLength(2)
    const merc = proj4('EPSG:4326', 'EPSG:3857')
    const fc = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::3857' } },
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [clockwiseSquare(-93.6, 42, 0.01).map((p) => merc.forward(p as number[]))],
          },
        },
      ],
    }
    const r = parseGeoJson(JSON.stringify(fc))
    expect(r.polygons[0]?.coordinates[0]?.[0]?.[0]).toBeCloseTo(-93.61, 6)
    const projected = { type: 'Polygon', coordinates: [clockwiseSquare(450000, 4650000, 500)] }
    expect(parseGeoJson(JSON.stringify(projected)).problems[0]).toMatch(/outside longitude\/latitude/)
    expect(parseGeoJson('{"type":').problems[0]).toMatch(/not valid JSON/)
  })

  it('never throws on garbage, whatever the claimed format', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 400 }),
        fc.constantFrom('a.zip', 'a.kml', 'a.json', 'a.kmz'),
        (bytes, name) => {
          const withMagic =
            name.endsWith('z') || name.endsWith('p') ? new Uint8Array([0x50, 0x4b, 3, 4, ...bytes]) : bytes
          const r = importBytes(name, withMagic, xml)
          expect(Array.isArray(r.problems)).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('buffer', () => {
  const area = (p: Polygon) => {
    // Planar area in m² near 42°N: good to well under 1% at this size.
    const ring = p.coordinates[0] as Position[]
    const k = 111_320
    let s = 0
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as [number, number]
      const [xj, yj] = ring[j] as [number, number]
      s += xj * Math.cos((42 * Math.PI) / 180) * k * (yi * k) - xi * Math.cos((42 * Math.PI) / 180) * k * (yj * k)
    }
    return Math.abs(s / 2)
  }

  it('grows a point into a circle of about π r²', () => {
    const { polygons } = bufferGeometry({ type: 'Point', coordinates: [-93.6, 42] }, 500)
    expect(polygons).toHaveLength(1)
    expect(area(polygons[0] as Polygon) / (Math.PI * 500 ** 2)).toBeGreaterThan(0.98)
    expect(area(polygons[0] as Polygon) / (Math.PI * 500 ** 2)).toBeLessThan(1.02)
  })

  it('buffers a line and refuses silly distances', () => {
    const line = {
      type: 'LineString' as const,
      coordinates: [
        [-93.6, 42],
        [-93.5, 42],
      ],
    }
    expect(bufferGeometry(line, 100).polygons).toHaveLength(1)
    expect(bufferGeometry(line, 0).problem).toMatch(/greater than zero/)
    expect(bufferGeometry(line, 60_000).problem).toMatch(/at most 50 km/)
  })
})
