/**
 * Writes the fixture county in the input formats, the way real tools write them (the zipped
 * Shapefile: shapefile-writer.test-support.ts): a GeoPackage
 * with its gpkg_* tables and GP-header geometry blobs (via SQLite); a FlatGeobuf from the
 * `flatgeobuf` package; GeoJSON with an old-style `crs` member; and a GeoJSON text sequence.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { serialize } from 'flatgeobuf/lib/mjs/geojson.js'
import type { MultiPolygon, Position } from 'geojson'
import { parquetWriteFile } from 'hyparquet-writer'
import sqlite from 'node-sqlite3-wasm'
import proj4 from 'proj4'
import wkx from 'wkx'
import type { FixtureParcel } from './county-fixture.test-support'

/** NAD83 / Iowa North (ftUS), EPSG:3417, exactly as ArcGIS writes it in a `.prj`. */
export const IOWA_NORTH_FTUS_ESRI =
  'PROJCS["NAD_1983_StatePlane_Iowa_North_FIPS_1401_Feet",GEOGCS["GCS_North_American_1983",DATUM["D_North_American_1983",SPHEROID["GRS_1980",6378137.0,298.257222101]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Lambert_Conformal_Conic"],PARAMETER["False_Easting",4921250.0],PARAMETER["False_Northing",3280833.333333333],PARAMETER["Central_Meridian",-93.5],PARAMETER["Standard_Parallel_1",42.06666666666667],PARAMETER["Standard_Parallel_2",43.26666666666667],PARAMETER["Latitude_Of_Origin",41.5],UNIT["Foot_US",0.3048006096012192]]'

/** NAD83 / UTM zone 15N, EPSG:26915, as GDAL writes it into gpkg_spatial_ref_sys. */
export const UTM15N_OGC =
  'PROJCS["NAD83 / UTM zone 15N",GEOGCS["NAD83",DATUM["North_American_Datum_1983",SPHEROID["GRS 1980",6378137,298.257222101,AUTHORITY["EPSG","7019"]],AUTHORITY["EPSG","6269"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4269"]],PROJECTION["Transverse_Mercator"],PARAMETER["latitude_of_origin",0],PARAMETER["central_meridian",-93],PARAMETER["scale_factor",0.9996],PARAMETER["false_easting",500000],PARAMETER["false_northing",0],UNIT["metre",1,AUTHORITY["EPSG","9001"]],AXIS["Easting",EAST],AXIS["Northing",NORTH],AUTHORITY["EPSG","26915"]]'

/** Coordinates of a lon/lat geometry in a projected CRS (proj4 forward from WGS 84). */
export function project(geom: MultiPolygon, wkt: string): MultiPolygon {
  const conv = proj4('EPSG:4326', wkt)
  return {
    type: 'MultiPolygon',
    coordinates: geom.coordinates.map((p) => p.map((r) => r.map((q) => conv.forward([q[0]!, q[1]!]) as Position))),
  }
}

// ---- GeoJSON ---------------------------------------------------------------------------------

const properties = (p: FixtureParcel) => {
  const { geom: _geom, ...rest } = p
  return rest
}

/** A FeatureCollection in the CRS named by `epsg`, with the old-style `crs` member before the features. */
export function writeGeoJson(
  path: string,
  parcels: readonly FixtureParcel[],
  wkt: string | null,
  epsg: number | null,
): void {
  const features = parcels.map((p) => ({
    type: 'Feature',
    properties: properties(p),
    geometry: p.geom && wkt ? project(p.geom, wkt) : p.geom,
  }))
  const crs = epsg ? { crs: { type: 'name', properties: { name: `urn:ogc:def:crs:EPSG::${epsg}` } } } : {}
  writeFileSync(path, JSON.stringify({ type: 'FeatureCollection', name: 'parcels', ...crs, features }, null, 1))
}

/** RFC 8142 text sequence (RS-separated), longitude/latitude. */
export function writeGeoJsonSeq(path: string, parcels: readonly FixtureParcel[]): void {
  const rs = String.fromCharCode(0x1e)
  writeFileSync(
    path,
    parcels
      .map((p) => `${rs}${JSON.stringify({ type: 'Feature', properties: properties(p), geometry: p.geom })}\n`)
      .join(''),
  )
}

// ---- FlatGeobuf ------------------------------------------------------------------------------

/** FlatGeobuf cannot hold a feature without geometry, so those are left out (the writer throws on them). */
export function writeFlatGeobuf(path: string, parcels: readonly FixtureParcel[], wkt: string, epsg: number): void {
  const features = parcels
    .filter((p) => p.geom)
    .map((p) => ({ type: 'Feature' as const, properties: properties(p), geometry: project(p.geom!, wkt) }))
  writeFileSync(path, serialize({ type: 'FeatureCollection', features }, epsg))
}

// ---- GeoPackage ------------------------------------------------------------------------------

/** GeoPackage 1.3 geometry blob: "GP", version 0, flags (little-endian, xy envelope), srs_id, envelope, WKB. */
function gpBlob(geom: MultiPolygon | null, srsId: number): Uint8Array | null {
  if (!geom) return null
  const wkb = wkx.Geometry.parseGeoJSON(geom).toWkb()
  const pts = geom.coordinates.flat(2)
  const head = Buffer.alloc(8 + 32)
  head.write('GP', 0, 'ascii')
  head.writeUInt8(0, 2)
  head.writeUInt8(0b0000_0011, 3)
  head.writeInt32LE(srsId, 4)
  const env = [
    Math.min(...pts.map((p) => p[0]!)),
    Math.max(...pts.map((p) => p[0]!)),
    Math.min(...pts.map((p) => p[1]!)),
    Math.max(...pts.map((p) => p[1]!)),
  ]
  for (const [i, v] of env.entries()) head.writeDoubleLE(v, 8 + 8 * i)
  return new Uint8Array(Buffer.concat([head, wkb]))
}

export function writeGeoPackage(path: string, parcels: readonly FixtureParcel[], wkt: string, epsg: number): void {
  const db = new sqlite.Database(path)
  try {
    db.exec(`
      PRAGMA application_id = 1196444487;
      PRAGMA user_version = 10300;
      CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY, organization TEXT NOT NULL,
        organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT);
      CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL, identifier TEXT UNIQUE,
        description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
        min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER);
      CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
        geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
        CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name));
      CREATE TABLE parcels (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom MULTIPOLYGON, PIN TEXT, OWNER TEXT,
        TOTAL_VAL TEXT, ACRES REAL, SALE_DT TEXT, ADDR TEXT, CITY TEXT, ZONING TEXT, SCHOOL_DST TEXT);`)
    db.run('INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)', [
      'NAD83 / UTM zone 15N',
      epsg,
      'EPSG',
      epsg,
      wkt,
      null,
    ])
    db.run(
      "INSERT INTO gpkg_contents (table_name, data_type, identifier, srs_id) VALUES ('parcels', 'features', 'parcels', ?)",
      [epsg],
    )
    db.run("INSERT INTO gpkg_geometry_columns VALUES ('parcels', 'geom', 'MULTIPOLYGON', ?, 0, 0)", [epsg])
    const insert = db.prepare(
      'INSERT INTO parcels (geom, PIN, OWNER, TOTAL_VAL, ACRES, SALE_DT, ADDR, CITY, ZONING, SCHOOL_DST) VALUES (?,?,?,?,?,?,?,?,?,?)',
    )
    for (const p of parcels) {
      insert.run([
        gpBlob(p.geom ? project(p.geom, wkt) : null, epsg),
        p.PIN,
        p.OWNER,
        p.TOTAL_VAL,
        p.ACRES,
        p.SALE_DT,
        p.ADDR,
        p.CITY,
        p.ZONING,
        p.SCHOOL_DST,
      ])
    }
    insert.finalize()
  } finally {
    db.close()
  }
}

// ---- GeoParquet ------------------------------------------------------------------------------

/** NAD83 / UTM zone 15N as PROJJSON with its EPSG id, exactly as `gdalsrsinfo -o PROJJSON EPSG:26915` prints it. */
export const UTM15N_PROJJSON = JSON.parse(readFileSync(new URL('./fixtures/utm15n.projjson', import.meta.url), 'utf8'))
/**
 * NAD83 / Iowa North (ftUS) as PROJJSON without a top-level id, as `gdalsrsinfo -o PROJJSON` prints it
 * for the ArcGIS `.prj` above: the reader must convert it from its parameters.
 */
export const IOWA_NORTH_FTUS_PROJJSON = JSON.parse(
  readFileSync(new URL('./fixtures/iowa-north-ftus.projjson', import.meta.url), 'utf8'),
)

export interface GeoParquetOptions {
  /** PROJJSON of the coordinates; undefined: longitude/latitude with no `crs` member (OGC:CRS84) */
  projjson?: { id?: unknown } & Record<string, unknown>
  /** wkt for proj4 to project the fixture's lon/lat into (needed with projjson) */
  wkt?: string
  /** adds GeoParquet 1.1's bbox covering struct column */
  bbox?: boolean
  rowGroupSize?: number
}

/**
 * A GeoParquet file as GDAL and GeoPandas write it: WKB geometry in a BYTE_ARRAY column, the `geo`
 * metadata naming it, its CRS as PROJJSON, its bounding box, and optionally a bbox covering column.
 * Written with hyparquet-writer (this machine's GDAL 3.6 has no Parquet driver).
 */
export function writeGeoParquet(path: string, parcels: readonly FixtureParcel[], o: GeoParquetOptions = {}): void {
  const geoms = parcels.map((p) => (p.geom && o.wkt ? project(p.geom, o.wkt) : p.geom))
  const boxes = geoms.map((g) => (g ? bounds(g) : null))
  const text = (k: keyof FixtureParcel) => ({
    name: k,
    data: parcels.map((p) => p[k] as string),
    type: 'STRING' as const,
  })
  const all = boxes.filter((b) => b !== null) as number[][]
  const geo = {
    version: o.bbox ? '1.1.0' : '1.0.0',
    primary_column: 'geometry',
    columns: {
      geometry: {
        encoding: 'WKB',
        geometry_types: ['Polygon', 'MultiPolygon'],
        ...(o.projjson ? { crs: o.projjson } : {}),
        bbox: [
          Math.min(...all.map((b) => b[0]!)),
          Math.min(...all.map((b) => b[1]!)),
          Math.max(...all.map((b) => b[2]!)),
          Math.max(...all.map((b) => b[3]!)),
        ],
        ...(o.bbox
          ? {
              covering: {
                bbox: {
                  xmin: ['bbox', 'xmin'],
                  ymin: ['bbox', 'ymin'],
                  xmax: ['bbox', 'xmax'],
                  ymax: ['bbox', 'ymax'],
                },
              },
            }
          : {}),
      },
    },
  }
  parquetWriteFile({
    filename: path,
    columnData: [
      text('PIN'),
      text('OWNER'),
      text('TOTAL_VAL'),
      { name: 'ACRES', data: parcels.map((p) => p.ACRES), type: 'DOUBLE' },
      text('SALE_DT'),
      text('ADDR'),
      text('CITY'),
      text('ZONING'),
      text('SCHOOL_DST'),
      {
        name: 'geometry',
        data: geoms.map((g) => (g ? new Uint8Array(wkx.Geometry.parseGeoJSON(g).toWkb()) : null)),
        type: 'BYTE_ARRAY',
      },
      ...(o.bbox
        ? [
            {
              name: 'bbox',
              data: boxes.map((b) => (b ? { xmin: b[0]!, ymin: b[1]!, xmax: b[2]!, ymax: b[3]! } : null)),
            },
          ]
        : []),
    ],
    kvMetadata: [{ key: 'geo', value: JSON.stringify(geo) }],
    rowGroupSize: o.rowGroupSize ?? 10,
  })
}

function bounds(g: MultiPolygon): number[] {
  const pts = g.coordinates.flat(2)
  const xs = pts.map((p) => p[0]!)
  const ys = pts.map((p) => p[1]!)
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
}
