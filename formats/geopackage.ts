/**
 * GeoPackage 1.4 (OGC 12-128r19), both directions. Writing (the field packs' export): an SQLite file
 * with the `gpkg_*` tables, one feature table per layer, geometries as GeoPackage binary (a `GP`
 * header with the envelope, then little-endian WKB), EPSG:4326; QGIS, ogrinfo and Avenza open what
 * it writes. Reading (the county loader, server/load/readers/read-geopackage.ts): which tables are
 * feature layers with their CRS, and each geometry blob's WKB. SQLite itself comes from the caller
 * (sql.js in the browser and in tests, node-sqlite3-wasm through SQLite's own pager in the loader),
 * so this module stays free of any runtime.
 */
import type { MultiPolygon, Point, Polygon, Position } from 'geojson'

/** The part of sql.js this writer uses. */
export interface SqliteDatabase {
  run(sql: string, params?: (string | number | Uint8Array | null)[]): unknown
  export(): Uint8Array
  close(): void
}

export type GpkgValue = string | number | null

export interface GpkgLayer {
  /** Table name: letters, digits and `_` (others are replaced). */
  name: string
  description?: string
  geometryType: 'POINT' | 'MULTIPOLYGON'
  features: readonly { geometry: Point | Polygon | MultiPolygon | null; properties: Record<string, GpkgValue> }[]
}

const WGS84 =
  'GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563,AUTHORITY["EPSG","7030"]],' +
  'AUTHORITY["EPSG","6326"]],PRIMEM["Greenwich",0,AUTHORITY["EPSG","8901"]],' +
  'UNIT["degree",0.0174532925199433,AUTHORITY["EPSG","9122"]],AUTHORITY["EPSG","4326"]]'

const sqlName = (name: string) => name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(?=\d)/, '_') || '_'
const quoted = (name: string) => `"${sqlName(name)}"`

class ByteWriter {
  private buf = new DataView(new ArrayBuffer(256))
  private at = 0
  private room(n: number) {
    if (this.at + n <= this.buf.byteLength) return
    const next = new DataView(new ArrayBuffer(Math.max(this.buf.byteLength * 2, this.at + n)))
    new Uint8Array(next.buffer).set(new Uint8Array(this.buf.buffer, 0, this.at))
    this.buf = next
  }
  u8(v: number) {
    this.room(1)
    this.buf.setUint8(this.at, v)
    this.at += 1
  }
  u32(v: number) {
    this.room(4)
    this.buf.setUint32(this.at, v, true)
    this.at += 4
  }
  i32(v: number) {
    this.room(4)
    this.buf.setInt32(this.at, v, true)
    this.at += 4
  }
  f64(v: number) {
    this.room(8)
    this.buf.setFloat64(this.at, v, true)
    this.at += 8
  }
  bytes(): Uint8Array {
    return new Uint8Array(this.buf.buffer.slice(0, this.at))
  }
}

function wkbPolygon(w: ByteWriter, rings: readonly Position[][]) {
  w.u8(1)
  w.u32(3)
  w.u32(rings.length)
  for (const ring of rings) {
    w.u32(ring.length)
    for (const p of ring) {
      w.f64(p[0] ?? 0)
      w.f64(p[1] ?? 0)
    }
  }
}

function envelope(g: Point | Polygon | MultiPolygon): [number, number, number, number] {
  const e: [number, number, number, number] = [Infinity, -Infinity, Infinity, -Infinity]
  const add = (p: Position) => {
    e[0] = Math.min(e[0], p[0] ?? 0)
    e[1] = Math.max(e[1], p[0] ?? 0)
    e[2] = Math.min(e[2], p[1] ?? 0)
    e[3] = Math.max(e[3], p[1] ?? 0)
  }
  if (g.type === 'Point') add(g.coordinates)
  else if (g.type === 'Polygon') for (const r of g.coordinates) r.forEach(add)
  else for (const poly of g.coordinates) for (const r of poly) r.forEach(add)
  return e
}

/** GeoPackage binary: header (magic, version 0, little-endian with an XY envelope, srs 4326), WKB. */
function gpkgGeometry(g: Point | Polygon | MultiPolygon, asMulti: boolean): Uint8Array {
  const w = new ByteWriter()
  w.u8(0x47)
  w.u8(0x50)
  w.u8(0)
  w.u8(0b0000_0011)
  w.i32(4326)
  for (const v of envelope(g)) w.f64(v)
  if (g.type === 'Point') {
    w.u8(1)
    w.u32(1)
    w.f64(g.coordinates[0] ?? 0)
    w.f64(g.coordinates[1] ?? 0)
  } else if (g.type === 'Polygon' && !asMulti) wkbPolygon(w, g.coordinates)
  else {
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates
    w.u8(1)
    w.u32(6)
    w.u32(polygons.length)
    for (const p of polygons) wkbPolygon(w, p)
  }
  return w.bytes()
}

type ColumnType = 'INTEGER' | 'REAL' | 'TEXT'

function columnsOf(layer: GpkgLayer): Map<string, { column: string; type: ColumnType }> {
  const types = new Map<string, ColumnType | null>()
  for (const f of layer.features)
    for (const [key, v] of Object.entries(f.properties)) {
      const before = types.get(key) ?? null
      if (v === null) {
        if (!types.has(key)) types.set(key, null)
        continue
      }
      const type: ColumnType = typeof v === 'string' ? 'TEXT' : Number.isInteger(v) ? 'INTEGER' : 'REAL'
      // Mixed kinds widen: integers and reals are REAL, anything with text is TEXT.
      types.set(key, !before || before === type ? type : before === 'TEXT' || type === 'TEXT' ? 'TEXT' : 'REAL')
    }
  const used = new Set(['fid', 'geom'])
  const columns = new Map<string, { column: string; type: ColumnType }>()
  for (const [key, type] of types) {
    let column = sqlName(key).toLowerCase()
    while (used.has(column)) column = `${column}_`
    used.add(column)
    columns.set(key, { column, type: type ?? 'TEXT' })
  }
  return columns
}

/** Writes every layer into a new GeoPackage and returns the file's bytes. */
export function writeGeoPackage(open: () => SqliteDatabase, layers: readonly GpkgLayer[]): Uint8Array {
  const db = open()
  try {
    db.run('PRAGMA application_id = 1196444487')
    db.run('PRAGMA user_version = 10400')
    db.run(`CREATE TABLE gpkg_spatial_ref_sys (srs_name TEXT NOT NULL, srs_id INTEGER PRIMARY KEY,
      organization TEXT NOT NULL, organization_coordsys_id INTEGER NOT NULL, definition TEXT NOT NULL, description TEXT)`)
    const srs = 'INSERT INTO gpkg_spatial_ref_sys VALUES (?, ?, ?, ?, ?, ?)'
    db.run(srs, [
      'Undefined cartesian SRS',
      -1,
      'NONE',
      -1,
      'undefined',
      'undefined cartesian coordinate reference system',
    ])
    db.run(srs, [
      'Undefined geographic SRS',
      0,
      'NONE',
      0,
      'undefined',
      'undefined geographic coordinate reference system',
    ])
    db.run(srs, [
      'WGS 84 geodetic',
      4326,
      'EPSG',
      4326,
      WGS84,
      'longitude/latitude coordinates in decimal degrees on the WGS 84 spheroid',
    ])
    db.run(`CREATE TABLE gpkg_contents (table_name TEXT NOT NULL PRIMARY KEY, data_type TEXT NOT NULL,
      identifier TEXT UNIQUE, description TEXT DEFAULT '', last_change DATETIME NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')),
      min_x DOUBLE, min_y DOUBLE, max_x DOUBLE, max_y DOUBLE, srs_id INTEGER,
      CONSTRAINT fk_gc_r_srs_id FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys(srs_id))`)
    db.run(`CREATE TABLE gpkg_geometry_columns (table_name TEXT NOT NULL, column_name TEXT NOT NULL,
      geometry_type_name TEXT NOT NULL, srs_id INTEGER NOT NULL, z TINYINT NOT NULL, m TINYINT NOT NULL,
      CONSTRAINT pk_geom_cols PRIMARY KEY (table_name, column_name),
      CONSTRAINT fk_gc_tn FOREIGN KEY (table_name) REFERENCES gpkg_contents(table_name),
      CONSTRAINT fk_gc_srs FOREIGN KEY (srs_id) REFERENCES gpkg_spatial_ref_sys (srs_id))`)
    for (const layer of layers) writeLayer(db, layer)
    return db.export()
  } finally {
    db.close()
  }
}

function writeLayer(db: SqliteDatabase, layer: GpkgLayer): void {
  const table = sqlName(layer.name)
  const columns = columnsOf(layer)
  const defs = [...columns.values()].map((c) => `${quoted(c.column)} ${c.type}`)
  db.run(
    `CREATE TABLE ${quoted(table)} (fid INTEGER PRIMARY KEY AUTOINCREMENT, geom ${layer.geometryType}${defs.map((d) => `, ${d}`).join('')})`,
  )
  const keys = [...columns.keys()]
  const names = ['geom', ...keys.map((k) => columns.get(k)?.column ?? k)].map(quoted).join(', ')
  const insert = `INSERT INTO ${quoted(table)} (${names}) VALUES (${['?', ...keys.map(() => '?')].join(', ')})`
  const box = [Infinity, Infinity, -Infinity, -Infinity]
  db.run('BEGIN')
  for (const f of layer.features) {
    const g = f.geometry
    if (g) {
      const [minX, maxX, minY, maxY] = envelope(g)
      box[0] = Math.min(box[0] ?? 0, minX)
      box[1] = Math.min(box[1] ?? 0, minY)
      box[2] = Math.max(box[2] ?? 0, maxX)
      box[3] = Math.max(box[3] ?? 0, maxY)
    }
    const blob = g ? gpkgGeometry(g, layer.geometryType === 'MULTIPOLYGON') : null
    db.run(insert, [blob, ...keys.map((k) => f.properties[k] ?? null)])
  }
  db.run('COMMIT')
  const bounds = Number.isFinite(box[0]) ? box : [null, null, null, null]
  db.run(
    'INSERT INTO gpkg_contents (table_name, data_type, identifier, description, min_x, min_y, max_x, max_y, srs_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 4326)',
    [table, 'features', table, layer.description ?? '', ...(bounds as (number | null)[])],
  )
  db.run('INSERT INTO gpkg_geometry_columns VALUES (?, ?, ?, 4326, 0, 0)', [table, 'geom', layer.geometryType])
}

/** One feature table as `GPKG_FEATURE_LAYERS_SQL` lists it, with its CRS from gpkg_spatial_ref_sys. */
export interface GpkgLayerRow extends Record<string, unknown> {
  table_name: string
  column_name: string
  srs_id: number
  definition: string | null
  organization: string | null
  organization_coordsys_id: number | null
}

/** Every feature table with its geometry column and CRS, in name order. */
export const GPKG_FEATURE_LAYERS_SQL = `SELECT c.table_name, g.column_name, g.srs_id, s.definition, s.organization, s.organization_coordsys_id
       FROM gpkg_contents c JOIN gpkg_geometry_columns g ON g.table_name = c.table_name
       LEFT JOIN gpkg_spatial_ref_sys s ON s.srs_id = g.srs_id
       WHERE c.data_type = 'features' ORDER BY c.table_name`

/** Envelope bytes by the flags' envelope indicator (none, XY, XYZ, XYM, XYZM). */
const ENVELOPE_BYTES = [0, 32, 48, 48, 64]

/**
 * The standard WKB inside a geometry blob (clause 2.1.3: "GP", version, flags, srs_id, an optional
 * envelope, then WKB), null for a NULL or empty geometry; throws on a malformed blob.
 */
export function gpkgWkb(blob: Uint8Array | null): Uint8Array | null {
  if (!blob) return null
  if (blob.length < 8 || blob[0] !== 0x47 || blob[1] !== 0x50) throw new Error('not a GeoPackage geometry blob')
  const flags = blob[3] as number
  if (flags & 0x10) return null
  const envelope = ENVELOPE_BYTES[(flags >> 1) & 0x07]
  if (envelope === undefined) throw new Error('bad envelope indicator in a GeoPackage geometry blob')
  return blob.subarray(8 + envelope)
}
