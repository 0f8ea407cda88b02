/**
 * Test files written by a real GIS tool, GDAL's `ogr2ogr` (gdal-bin), from the fixture county:
 * File Geodatabases as Esri's format really is on disk. Tests that need it skip with
 * `OGR2OGR_MISSING` as the reason when it is not installed (CI installs gdal-bin: .ci/run).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { zipSync } from 'fflate'
import type { FixtureParcel } from './county-fixture.test-support'
import { writeGeoJson } from './format-writers.test-support'

export const hasOgr2ogr = spawnSync('ogr2ogr', ['--version']).status === 0
export const OGR2OGR_MISSING =
  'ogr2ogr is not installed (apt-get install gdal-bin): the File Geodatabase fixtures are written by it'

export interface FileGdbOptions {
  /** EPSG code GDAL projects the fixture's lon/lat into */
  epsg: number
  /** layer name of the parcels */
  layer?: string
  /** adds the layer to an existing .gdb folder */
  append?: boolean
  /** also writes a point layer (the parcels' centroids) and an attribute-only table, which a load leaves out */
  extraLayers?: boolean
}

/** `path` ends in `.gdb` (a folder) or `.zip` / `.gdb.zip` (the folder zipped, as counties publish it). */
export function writeFileGdb(path: string, parcels: readonly FixtureParcel[], o: FileGdbOptions): void {
  const work = mkdtempSync(join(tmpdir(), 'plat-gdb-'))
  try {
    const src = join(work, 'parcels.geojson')
    writeGeoJson(src, parcels, null, null)
    const zipped = /\.zip$/i.test(path)
    const gdb = zipped ? join(work, 'Parcels.gdb') : path
    if (!o.append) rmSync(gdb, { recursive: true, force: true })
    const layer = o.layer ?? 'parcels'
    const update = o.append ? ['-update', '-append'] : []
    ogr2ogr([
      '-f',
      'OpenFileGDB',
      ...update,
      gdb,
      src,
      '-nln',
      layer,
      '-nlt',
      'MULTIPOLYGON',
      '-t_srs',
      `EPSG:${o.epsg}`,
    ])
    if (o.extraLayers) {
      ogr2ogr([
        ...['-f', 'OpenFileGDB', '-update', '-append', gdb, src, '-nln', 'centroids', '-nlt', 'POINT'],
        ...[
          '-t_srs',
          `EPSG:${o.epsg}`,
          '-dialect',
          'sqlite',
          '-sql',
          'SELECT PIN, ST_Centroid(geometry) AS geometry FROM parcels',
        ],
      ])
      ogr2ogr([
        '-f',
        'OpenFileGDB',
        '-update',
        '-append',
        gdb,
        src,
        '-nln',
        'owners',
        '-nlt',
        'NONE',
        '-sql',
        'SELECT PIN, OWNER FROM parcels',
      ])
    }
    if (zipped) writeFileSync(path, zipSync(folderEntries(work, gdb)))
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

function ogr2ogr(args: string[]): void {
  execFileSync('ogr2ogr', args, { stdio: ['ignore', 'ignore', 'pipe'] })
}

function folderEntries(root: string, dir: string): Record<string, Uint8Array> {
  const out: Record<string, Uint8Array> = {}
  for (const name of readdirSync(dir)) {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) Object.assign(out, folderEntries(root, p))
    else out[relative(root, p)] = new Uint8Array(readFileSync(p))
  }
  return out
}
