/**
 * Shapefiles: a `.shp` with its `.dbf`/`.prj`/`.cpg` beside it, or a `.zip` holding one or more
 * layers (every layer is loaded). Zips are unpacked to a temporary folder first so every layer is
 * read as a stream from disk. Which files make a layer and how records are read: formats/shapefile.ts,
 * shared with the app's area import.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { encodingOfCpg, recordCountOfShx, shapefileFeatures, shapefileParts } from '../../../formats/shapefile'
import { SourceError, type SourceFile, type SourceLayer } from './source'
import { makeUnpackDir, removeUnpackDir } from './unpack-dirs'
import { unzipToDir } from './unzip-to-dir'

const SIBLINGS = /\.(shp|shx|dbf|prj|cpg)$/i

/** A zip without a .shp: it may be a zipped File Geodatabase (open-source.ts tries that next). */
export class NoShapefileError extends SourceError {}

/** One layer from its files on disk; `shx` gives the record count, for progress. */
function layer(shp: string, files: readonly string[], name: string | null): SourceLayer {
  const { dbf, prj, cpg, shx } = shapefileParts(shp, files)
  const wkt = prj ? readFileSync(prj, 'utf8') : null
  const encoding = encodingOfCpg(cpg ? readFileSync(cpg, 'utf8') : null)
  return {
    name,
    crs: () => [{ wkt, from: prj ? basename(prj).replace(/^\d+-/, '') : 'the .prj' }],
    defaultLonLat: false,
    attributes: null,
    count: shx ? recordCountOfShx(statSync(shx).size) : null,
    features: () => shapefileFeatures(shp, dbf ?? null, encoding),
  }
}

export function openShapefile(path: string): SourceFile {
  const dir = dirname(path)
  const files = readdirSync(dir).map((f) => join(dir, f))
  if (!shapefileParts(path, files).dbf) {
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
    if (shps.length === 0) throw new NoShapefileError(`${path} holds no .shp (a zipped Shapefile needs .shp and .dbf)`)
    const noDbf = shps.filter(([, file]) => !shapefileParts(file, files).dbf).map(([name]) => name)
    if (noDbf.length) throw new SourceError(`${path}: ${noDbf.join(', ')} has no .dbf beside it`)
    const layers = shps.map(([name, file]) => layer(file, files, name))
    return { format: 'zipped Shapefile', layers, close: cleanup }
  } catch (e) {
    await cleanup()
    throw e
  }
}
