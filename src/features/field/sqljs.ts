/**
 * SQLite for the GeoPackage export: sql.js (SQLite compiled to WebAssembly), loaded only when a
 * person asks for a GeoPackage — its ~690 KB of wasm never slows the app's start. The wasm file is
 * a build asset of our own origin (and precached by the service worker, so exports work offline).
 */
import type { SqliteDatabase } from '../../../formats/geopackage'

export async function openSqlite(): Promise<() => SqliteDatabase> {
  const [{ default: initSqlJs }, { default: wasmUrl }] = await Promise.all([
    import('sql.js'),
    import('sql.js/dist/sql-wasm.wasm?url'),
  ])
  const SQL = await initSqlJs({ locateFile: () => wasmUrl })
  return () => new SQL.Database()
}
