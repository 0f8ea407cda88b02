/**
 * Shapefiles: a `.shp` with its `.dbf`/`.prj`/`.cpg` beside it, or a `.zip` holding one or more
 * layers (every layer is loaded). Zips are unpacked to a temporary folder first so every layer is
 * read as a stream from disk.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { encodingOfCpg, shapefileFeatures } from '../../formats/shapefile-features'
import { SourceError, type SourceFile, type SourceLayer } from './source'
import { makeUnpackDir, removeUnpackDir } from './unpack-dirs'
import { unzipToDir } from './unzip-to-dir'

const SIBLINGS = /\.(shp|shx|dbf|prj|cpg)$/i

/** Siblings of `shp` by extension (any case), among `files`. */
function siblingsOf(shp: string, files: readonly string[]): { dbf?: string; prj?: string; cpg?: string } {
  const stem = shp.slice(0, -4).toLowerCase()
  const find = (ext: string) => files.find((f) => f.toLowerCase() === `${stem}.${ext}`)
  return { dbf: find('dbf'), prj: find('prj'), cpg: find('cpg') }
}

/** The record count from the `.shx` index (8 bytes a record after a 100-byte header), for progress. */
function countFromShx(shp: string, files: readonly string[]): number | null {
  const shx = files.find((f) => f.toLowerCase() === `${shp.slice(0, -4).toLowerCase()}.shx`)
  return shx ? Math.max(0, (statSync(shx).size - 100) / 8) : null
}

function layer(shp: string, files: readonly string[], name: string | null): SourceLayer {
  const { dbf, prj, cpg } = siblingsOf(shp, files)
  const wkt = prj ? readFileSync(prj, 'utf8') : null
  const encoding = encodingOfCpg(cpg ? readFileSync(cpg, 'utf8') : null)
  return {
    name,
    crs: () => [{ wkt, from: prj ? basename(prj).replace(/^\d+-/, '') : 'the .prj' }],
    defaultLonLat: false,
    attributes: null,
    count: countFromShx(shp, files),
    features: () => shapefileFeatures(shp, dbf ?? null, encoding),
  }
}

export function openShapefile(path: string): SourceFile {
  const dir = dirname(path)
  const files = readdirSync(dir).map((f) => join(dir, f))
  if (!siblingsOf(path, files).dbf) {
    throw new SourceError(`${path} has no .dbf beside it: the parcels' attributes are in the .dbf`)
  }
  return { format: 'Shapefile', layers: [layer(path, files, null)], close: async () => {} }
}

export async function openShapefileZip(path: string): Promise<SourceFile> {
  const dir = makeUnpackDir()
  const cleanup = async () => removeUnpackDir(dir)
  try {
    const entries = await unzipToDir(path, dir, (n) => SIBLINGS.test(n))
    const files = [...entries.values()]
    const shps = [...entries.entries()]
      .filter(([name]) => /\.shp$/i.test(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    if (shps.length === 0) throw new SourceError(`${path} holds no .shp (a zipped Shapefile needs .shp and .dbf)`)
    const noDbf = shps.filter(([, file]) => !siblingsOf(file, files).dbf).map(([name]) => name)
    if (noDbf.length) throw new SourceError(`${path}: ${noDbf.join(', ')} has no .dbf beside it`)
    const layers = shps.map(([name, file]) => layer(file, files, name))
    return { format: 'zipped Shapefile', layers, close: cleanup }
  } catch (e) {
    await cleanup()
    throw e
  }
}

export const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile()
