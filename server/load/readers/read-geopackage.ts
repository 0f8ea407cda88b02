/**
 * GeoPackage (SQLite) through node-sqlite3-wasm, which reads the file through SQLite's own pager
 * (no copy in memory): every feature table listed in gpkg_contents is a layer; its CRS is the WKT
 * of its srs_id in gpkg_spatial_ref_sys. What the format says (which tables, the geometry blobs):
 * formats/geopackage.ts.
 */
import sqlite from 'node-sqlite3-wasm'
import { GPKG_FEATURE_LAYERS_SQL, type GpkgLayerRow } from '../../../formats/geopackage'
import type { CrsHint } from './crs'
import { gpkgGeometry } from './gpkg-geometry'
import { SourceError, type SourceFeature, type SourceFile, type SourceLayer } from './source'

// A CommonJS package: its classes come on the default export under Node's ESM loader.
const { Database } = sqlite
type Database = InstanceType<typeof Database>

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export function openGeoPackage(path: string): SourceFile {
  let db: Database
  let rows: GpkgLayerRow[]
  try {
    db = new Database(path, { readOnly: true })
  } catch (e) {
    throw new SourceError(`${path} could not be opened as SQLite (${(e as Error).message})`)
  }
  try {
    rows = db.all(GPKG_FEATURE_LAYERS_SQL) as GpkgLayerRow[]
  } catch (e) {
    db.close()
    throw new SourceError(`${path} is not a GeoPackage (${(e as Error).message})`)
  }
  if (rows.length === 0) {
    db.close()
    throw new SourceError(`${path} has no feature tables in gpkg_contents`)
  }
  const layers = rows.map((r) => layerOf(db, r, rows.length > 1))
  return { format: 'GeoPackage', layers, close: async () => db.close() }
}

function decode(blob: Uint8Array | null, properties: Record<string, unknown>): SourceFeature {
  try {
    return { geometry: gpkgGeometry(blob), properties }
  } catch (e) {
    return { geometry: null, properties, geometryError: (e as Error).message }
  }
}

function layerOf(db: Database, r: GpkgLayerRow, named: boolean): SourceLayer {
  const columns = (db.all(`PRAGMA table_info(${quote(r.table_name)})`) as { name: string; pk: number }[])
    .filter((c) => c.name !== r.column_name && !(c.pk && /^fid$/i.test(c.name)))
    .map((c) => c.name)
  const count = Number((db.get(`SELECT count(*) AS n FROM ${quote(r.table_name)}`) as { n: number }).n)
  const hints: CrsHint[] = [
    {
      wkt: r.definition && r.definition !== 'undefined' ? r.definition : null,
      code: r.organization?.toUpperCase() === 'EPSG' ? `EPSG:${r.organization_coordsys_id}` : null,
      from: `gpkg_spatial_ref_sys srs_id ${r.srs_id}`,
    },
  ]
  async function* features(): AsyncIterable<SourceFeature> {
    const stmt = db.prepare(`SELECT * FROM ${quote(r.table_name)}`)
    let n = 0
    try {
      for (const row of stmt.iterate()) {
        const record = row as Record<string, unknown>
        n++
        const properties: Record<string, unknown> = {}
        for (const c of columns) properties[c] = typeof record[c] === 'bigint' ? Number(record[c]) : record[c]
        yield decode(record[r.column_name] as Uint8Array | null, properties)
        // Let the event loop breathe: the statement is synchronous.
        if (n % 1000 === 0) await new Promise((ok) => setImmediate(ok))
      }
    } finally {
      stmt.finalize()
    }
  }
  return {
    name: named ? r.table_name : null,
    crs: () => hints,
    defaultLonLat: false,
    attributes: columns,
    count,
    features,
  }
}
