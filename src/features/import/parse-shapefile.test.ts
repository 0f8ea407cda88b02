import { zipSync } from 'fflate'
import type { Position } from 'geojson'
import proj4 from 'proj4'
import { describe, expect, it } from 'vitest'
import {
  clockwiseSquare,
  EPSG26915_PRJ,
  shapefileFiles,
  shapefileZip,
  shpBytes,
  UTM15N_PRJ,
  WGS84_PRJ,
} from './import-fixtures.test-support'
import { parseShapefileZip } from './parse-shapefile'

const enc = (s: string) => new TextEncoder().encode(s)
const lonlat: Position[] = [
  [-93.65, 42.02],
  [-93.65, 42.03],
  [-93.63, 42.03],
  [-93.63, 42.02],
  [-93.65, 42.02],
]
const toUtm = proj4('EPSG:4326', '+proj=utm +zone=15 +ellps=GRS80 +towgs84=0,0,0 +units=m')

/** UTM northing on the central meridian is k0 × meridian arc: an answer that does not come from proj4. */
function northingOnCentralMeridian(latDeg: number): number {
  const a = 6378137
  const f = 1 / 298.257222101
  const e2 = f * (2 - f)
  const phi = (latDeg * Math.PI) / 180
  const m =
    a *
    ((1 - e2 / 4 - (3 * e2 ** 2) / 64 - (5 * e2 ** 3) / 256) * phi -
      ((3 * e2) / 8 + (3 * e2 ** 2) / 32 + (45 * e2 ** 3) / 1024) * Math.sin(2 * phi) +
      ((15 * e2 ** 2) / 256 + (45 * e2 ** 3) / 1024) * Math.sin(4 * phi) -
      ((35 * e2 ** 3) / 3072) * Math.sin(6 * phi))
  return 0.9996 * m
}

describe('zipped Shapefile', () => {
  it.each([
    ['ESRI', UTM15N_PRJ, /NAD_1983_UTM_Zone_15N/],
    ['EPSG:26915 OGC', EPSG26915_PRJ, /NAD83 \/ UTM zone 15N/],
  ])('reprojects UTM 15N (%s .prj) to longitude/latitude in Iowa within 1e-6°', async (_, prj, name) => {
    const utm = lonlat.map((p) => toUtm.forward([p[0] as number, p[1] as number]))
    const r = await parseShapefileZip(shapefileZip([[utm]], prj, 'export/'))
    expect(r.problems).toEqual([])
    expect(r.notices.join()).toMatch(name)
    expect(r.polygons).toHaveLength(1)
    r.polygons[0]?.coordinates[0]?.forEach((p, i) => {
      expect(Math.abs((p[0] as number) - (lonlat[i]?.[0] as number))).toBeLessThan(1e-6)
      expect(Math.abs((p[1] as number) - (lonlat[i]?.[1] as number))).toBeLessThan(1e-6)
    })
  })

  it('agrees with an independent meridian-arc computation on the central meridian', async () => {
    const y = northingOnCentralMeridian(42)
    const ring = [
      [500000, y],
      [500000, y + 1000],
      [501000, y + 1000],
      [501000, y],
      [500000, y],
    ]
    const r = await parseShapefileZip(shapefileZip([[ring]], EPSG26915_PRJ))
    const first = r.polygons[0]?.coordinates[0]?.[0] as Position
    expect(Math.abs((first[0] as number) + 93)).toBeLessThan(1e-6)
    expect(Math.abs((first[1] as number) - 42)).toBeLessThan(1e-6)
  })

  it('puts a counter-clockwise ring inside its outline as a hole', async () => {
    const outer = clockwiseSquare(-93.6, 42.0, 0.01)
    const hole = clockwiseSquare(-93.6, 42.0, 0.002).reverse()
    const r = await parseShapefileZip(shapefileZip([[outer, hole], [clockwiseSquare(-93.5, 42.0, 0.01)]], WGS84_PRJ))
    expect(r.problems).toEqual([])
    expect(r.polygons.map((p) => p.coordinates.length)).toEqual([2, 1])
    expect(r.polygons[0]?.coordinates[1]).toEqual(hole)
  })

  it('splits one record with two outlines into two polygons, each with its own hole', async () => {
    const a = clockwiseSquare(-93.6, 42, 0.01)
    const b = clockwiseSquare(-93.5, 42, 0.01)
    const holeB = clockwiseSquare(-93.5, 42, 0.002).reverse()
    const r = await parseShapefileZip(shapefileZip([[a, holeB, b]], WGS84_PRJ))
    expect(r.polygons.map((p) => p.coordinates.length)).toEqual([1, 2])
  })

  it('reads PolygonZ records, and every layer in the zip', async () => {
    const z = await parseShapefileZip(shapefileZip([[clockwiseSquare(-93.6, 42, 0.01)]], WGS84_PRJ, '', 15))
    expect(z.polygons).toHaveLength(1)
    const two = zipSync({
      ...shapefileFiles([[clockwiseSquare(-93.6, 42, 0.01)]], WGS84_PRJ, 'a/fields'),
      ...shapefileFiles([[clockwiseSquare(-93.5, 42, 0.01)]], WGS84_PRJ, 'b/farms'),
    })
    const r = await parseShapefileZip(two)
    expect(r.polygons).toHaveLength(2)
    expect(r.notices.join()).toMatch(/2 layers/)
  })

  it('returns lines and points as others, with a message', async () => {
    const line = [
      [-93.6, 42],
      [-93.5, 42.1],
    ]
    const r = await parseShapefileZip(zipSync({ 'roads.shp': shpBytes([[line]], 3), 'roads.prj': enc(WGS84_PRJ) }))
    expect(r.polygons).toEqual([])
    expect(r.others).toEqual([{ type: 'LineString', coordinates: line }])
    expect(r.problems.join()).toMatch(/only polygons can be search areas/)
  })

  it('explains a zip without .shp, a truncated zip, and coordinates without a .prj', async () => {
    expect((await parseShapefileZip(zipSync({ 'a.txt': enc('x') }))).problems[0]).toMatch(/no \.shp/)
    const good = shapefileZip([[clockwiseSquare(-93.6, 42, 0.01)]], null)
    expect((await parseShapefileZip(good.slice(0, good.length - 30))).problems[0]).toMatch(
      /could not be read|truncated/,
    )
    const projected = shapefileZip([[clockwiseSquare(450000, 4650000, 500)]], null)
    expect((await parseShapefileZip(projected)).problems[0]).toMatch(/no \.prj and the coordinates are not longitude/)
    const assumed = await parseShapefileZip(good)
    expect(assumed.polygons).toHaveLength(1)
    expect(assumed.notices[0]).toMatch(/No \.prj.*WGS 84/)
  })

  it('reports a .shp cut off part-way through a record', async () => {
    const shp = shpBytes([[clockwiseSquare(-93.6, 42, 0.01)], [clockwiseSquare(-93.5, 42, 0.01)]])
    const r = await parseShapefileZip(zipSync({ 'x.shp': shp.slice(0, shp.length - 20), 'x.prj': enc(WGS84_PRJ) }))
    expect(r.polygons).toHaveLength(1)
    expect(r.problems.join()).toMatch(/truncated/)
  })

  it('refuses a zip bomb from its declared size, before inflating', async () => {
    const zip = zipSync({ 'x.shp': shpBytes([[clockwiseSquare(-93.6, 42, 0.01)]]) })
    // Claim 250 MB uncompressed in the local and central headers, as a bomb's headers would.
    const v = new DataView(zip.buffer)
    for (let i = 0; i + 4 <= zip.length; i++) {
      const sig = v.getUint32(i, true)
      if (sig === 0x04034b50) v.setUint32(i + 22, 250 * 1024 * 1024, true)
      if (sig === 0x02014b50) v.setUint32(i + 24, 250 * 1024 * 1024, true)
    }
    expect((await parseShapefileZip(zip)).problems[0]).toMatch(/would unpack to more than/)
  })
})
