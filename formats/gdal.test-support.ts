/**
 * Files written by a real GIS tool, GDAL's `ogr2ogr` (gdal-bin; CI installs it: .ci/run), for the
 * format tests: what QGIS and ArcGIS users hand Plat is what GDAL writes, not what our own writers
 * write. Tests skip with `OGR2OGR_MISSING` where it is not installed.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export const hasOgr2ogr = spawnSync('ogr2ogr', ['--version']).status === 0
export const OGR2OGR_MISSING = 'ogr2ogr is not installed (apt-get install gdal-bin)'

/** `ogr2ogr -f <driver>` from a GeoJSON text: the written file's bytes. */
export function gdalWrite(geojson: string, driver: string, file: string, options: readonly string[] = []): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'plat-formats-'))
  try {
    writeFileSync(join(dir, 'in.geojson'), geojson)
    execFileSync('ogr2ogr', ['-f', driver, ...options, join(dir, file), join(dir, 'in.geojson')], { stdio: 'pipe' })
    return new Uint8Array(readFileSync(join(dir, file)))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
