/** Writes small real-format files for the importer tests: a zipped Polygon Shapefile (.shp .shx .dbf .prj). */
import { DOMParser } from '@xmldom/xmldom'
import { zipSync } from 'fflate'
import type { Position } from 'geojson'
import { shpAndShx } from '../../../formats/shapefile.test-support'

export const UTM15N_PRJ =
  'PROJCS["NAD_1983_UTM_Zone_15N",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",-93.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]'
/** EPSG:26915 as OGC WKT (what epsg.io and GDAL write), with AUTHORITY and AXIS nodes. */
export const EPSG26915_PRJ =
  'PROJCS["NAD83 / UTM zone 15N",GEOGCS["NAD83",DATUM["North_American_Datum_1983",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],TOWGS84[0,0,0,0,0,0,0],AUTHORITY["EPSG","6269"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4269"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-93],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","26915"]]'
export const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]'

/** One record per shape; each shape is a list of rings (shapefile order: outlines clockwise). */
export const shpBytes = (shapes: Position[][][], shapeType = 5): Uint8Array => shpAndShx(shapes, shapeType).shp

/** A dBASE III table with one character field NAME (10 wide). */
function dbfBytes(names: string[]): Uint8Array {
  const recLen = 1 + 10
  const out = new Uint8Array(32 + 32 + 1 + names.length * recLen + 1)
  const v = new DataView(out.buffer)
  v.setUint8(0, 3)
  v.setUint32(4, names.length, true)
  v.setUint16(8, 32 + 32 + 1, true)
  v.setUint16(10, recLen, true)
  out.set(new TextEncoder().encode('NAME'), 32)
  out[32 + 11] = 0x43 // 'C'
  out[32 + 16] = 10
  out[64] = 0x0d
  names.forEach((n, i) => {
    const at = 65 + i * recLen
    out[at] = 0x20
    out.set(new TextEncoder().encode(n.padEnd(10).slice(0, 10)), at + 1)
  })
  out[out.length - 1] = 0x1a
  return out
}

export function shapefileFiles(shapes: Position[][][], prj: string | null, base = 'parcels', shapeType = 5) {
  const { shp, shx } = shpAndShx(shapes, shapeType)
  const files: Record<string, Uint8Array> = {
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: dbfBytes(shapes.map((_, i) => `shape ${i + 1}`)),
  }
  if (prj) files[`${base}.prj`] = new TextEncoder().encode(prj)
  return files
}

export function shapefileZip(shapes: Position[][][], prj: string | null, folder = '', shapeType = 5): Uint8Array {
  return zipSync(shapefileFiles(shapes, prj, `${folder}parcels`, shapeType))
}

/** A clockwise square ring (shapefile outline orientation) around a point. */
export function clockwiseSquare(x: number, y: number, half: number): Position[] {
  return [
    [x - half, y - half],
    [x - half, y + half],
    [x + half, y + half],
    [x + half, y - half],
    [x - half, y - half],
  ]
}

/** @xmldom/xmldom standing in for the browser's DOMParser. */
export const xml = (text: string) =>
  new DOMParser({ onError: () => undefined }).parseFromString(text, 'text/xml') as unknown as Document

/** Two polygons (one with a hole) in a MultiGeometry, altitudes on one, and a line. */
export const KML = `<?xml version="1.0"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
  <Placemark><name>Field &amp; barn</name><MultiGeometry>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>-93.6,42 -93.59,42 -93.59,42.01 -93.6,42.01 -93.6,42</coordinates></LinearRing></outerBoundaryIs>
      <innerBoundaryIs><LinearRing><coordinates>-93.597,42.003 -93.593,42.003 -93.593,42.006 -93.597,42.003</coordinates></LinearRing></innerBoundaryIs></Polygon>
    <Polygon><outerBoundaryIs><LinearRing><coordinates>
      -93.5,42,0
      -93.49,42,0 -93.49,42.01,0 -93.5,42
    </coordinates></LinearRing></outerBoundaryIs></Polygon>
  </MultiGeometry></Placemark>
  <Placemark><LineString><coordinates>-93.6,42 -93.5,42.05</coordinates></LineString></Placemark>
</Document></kml>`
