import proj4 from 'proj4'
import { describe, expect, it } from 'vitest'
import { epsgCodeOf } from '../../../formats/crs'
import { IOWA_NORTH_FTUS_ESRI, UTM15N_OGC } from '../format-writers.test-support'
import { CrsError, projectionForCode, resolveCrs } from './crs'

/** Kansas South (ftUS), EPSG:3420, as ArcGIS writes it. */
const KANSAS_SOUTH_FTUS_ESRI =
  'PROJCS["NAD_1983_StatePlane_Kansas_South_FIPS_1502_Feet",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],PARAMETER["False_Easting",1312333.333333333],PARAMETER["False_Northing",1312333.333333333],PARAMETER["Central_Meridian",-98.5],PARAMETER["Standard_Parallel_1",37.26666666666667],PARAMETER["Standard_Parallel_2",38.56666666666667],PARAMETER["Latitude_Of_Origin",36.66666666666666],UNIT["Foot_US",0.3048006096012192]]'

const US_FOOT = 1200 / 3937

describe('CRS', () => {
  it('reads EPSG codes in every spelling files use', () => {
    for (const s of [
      'EPSG:2235',
      'EPSG::2235',
      'urn:ogc:def:crs:EPSG::2235',
      'http://www.opengis.net/def/crs/EPSG/0/2235',
    ])
      expect(epsgCodeOf(s)).toBe('2235')
    expect(epsgCodeOf('urn:ogc:def:crs:OGC:1.3:CRS84')).toBe('CRS84')
    expect(epsgCodeOf('WGS 84')).toBeNull()
  })

  it('puts the State Plane origin where its definition says: false easting/northing in US feet', () => {
    // Iowa North: latitude of origin 41.5°N on the central meridian 93.5°W is (4,921,250 ft, 3,280,833.333 ft).
    const ia = resolveCrs(undefined, [{ wkt: IOWA_NORTH_FTUS_ESRI, from: 'x.prj' }], false)
    const [lon, lat] = ia.forward([4921250, 3280833.333333333])
    expect(Math.abs(lon + 93.5)).toBeLessThan(1e-9)
    expect(Math.abs(lat - 41.5)).toBeLessThan(1e-9)
    const ks = resolveCrs(undefined, [{ wkt: KANSAS_SOUTH_FTUS_ESRI, from: 'x.prj' }], false)
    const [klon, klat] = ks.forward([1312333.333333333, 1312333.333333333])
    expect(Math.abs(klon + 98.5)).toBeLessThan(1e-9)
    expect(Math.abs(klat - 36.666666666666664)).toBeLessThan(1e-9)
    // 1,000 US feet north along the meridian is 304.8006 m: ~0.002745° of latitude there.
    const [, lat2] = ia.forward([4921250, 3280833.333333333 + 1000])
    expect((lat2 - 41.5) * 111_060).toBeCloseTo(1000 * US_FOOT, 0)
  })

  it('agrees between the ArcGIS .prj and the EPSG register for the same system', () => {
    const fromPrj = resolveCrs(undefined, [{ wkt: IOWA_NORTH_FTUS_ESRI, from: 'x.prj' }], false)
    const fromCode = projectionForCode('EPSG:3417')
    const utm = projectionForCode('urn:ogc:def:crs:EPSG::26915')
    const utmWkt = resolveCrs(undefined, [{ wkt: UTM15N_OGC, from: 'gpkg' }], false)
    for (const p of [
      [4_900_000, 3_400_000],
      [5_000_000, 3_300_000],
    ]) {
      const a = fromPrj.forward(p)
      const b = fromCode.forward(p)
      expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeLessThan(1e-8)
    }
    const u = utm.forward([446_000, 4_650_000])
    const w = utmWkt.forward([446_000, 4_650_000])
    expect(Math.hypot(u[0] - w[0], u[1] - w[1])).toBeLessThan(1e-8)
    expect(u[0]).toBeCloseTo(
      (proj4('+proj=utm +zone=15 +datum=NAD83', 'EPSG:4326', [446_000, 4_650_000]) as number[])[0]!,
      8,
    )
  })

  it('--crs wins; silence means lon/lat for GeoJSON and an error for the rest; an unknown code is an error', () => {
    expect(resolveCrs('EPSG:26915', [{ wkt: IOWA_NORTH_FTUS_ESRI, from: 'x.prj' }], false).name).toMatch(/26915/)
    expect(resolveCrs(undefined, [{ code: null, from: 'crs' }], true).lonLat).toBe(true)
    expect(() => resolveCrs(undefined, [{ wkt: null, from: 'x.prj' }], false)).toThrow(/--crs EPSG:N/)
    expect(() => resolveCrs(undefined, [{ code: 'EPSG:424242', from: 'crs' }], true)).toThrow(CrsError)
    expect(() => projectionForCode('Iowa North')).toThrow(/not an EPSG code/)
  })
})
