/**
 * Which coordinate system a file is in: `--crs` wins, then the file's own statement (the `.prj`
 * WKT, the GeoPackage/FlatGeobuf header, the GeoJSON `crs` member), then GeoJSON's rule (RFC 7946:
 * longitude/latitude). Codes proj4 does not know are read from the EPSG register (`epsg-index`).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  builtInProjection,
  epsgCodeOf,
  fromDefinition,
  LONLAT,
  type Projection,
  projectionFromWkt,
} from '../../../formats/crs'

export class CrsError extends Error {}

/** What a reader found in the file about its coordinate system. */
export interface CrsHint {
  wkt?: string | null
  /** an EPSG code or a name holding one ("urn:ogc:def:crs:EPSG::2235") */
  code?: string | null
  /** a PROJJSON object (GeoParquet's `crs`), used when it has no EPSG id */
  projjson?: ProjJson | null
  /** where the hint came from, for messages ("parcels.prj", "the GeoPackage header") */
  from: string
}

/** The parts of a PROJJSON object read here; proj4 reads the rest. */
export interface ProjJson {
  type?: string
  name?: string
  id?: { authority?: string; code?: string | number }
}

const require = createRequire(import.meta.url)

/** PROJJSON → projection: by its EPSG id when it has one, else as proj4 reads PROJJSON. */
function projectionFromProjJson(pj: ProjJson): Projection {
  if (pj.id?.authority?.toUpperCase() === 'EPSG' && pj.id.code !== undefined)
    return projectionForCode(`EPSG:${pj.id.code}`)
  if (pj.id?.authority?.toUpperCase() === 'OGC' && /^CRS8[34]$/i.test(String(pj.id.code)))
    return { ...LONLAT, name: String(pj.id.code) }
  const name = pj.name ?? 'a PROJJSON coordinate system'
  if (pj.type === 'GeographicCRS' || pj.type === 'GeodeticCRS') return { ...LONLAT, name }
  try {
    return fromDefinition(pj, name)
  } catch (e) {
    throw new CrsError((e as Error).message)
  }
}

/** A projection for an EPSG code from proj4's built-ins or the EPSG register. */
export function projectionForCode(text: string): Projection {
  const code = epsgCodeOf(text)
  if (!code) throw new CrsError(`"${text}" is not an EPSG code (write it as EPSG:2235)`)
  const builtIn = builtInProjection(code)
  if (builtIn) return builtIn
  let entry: { name?: string; proj4?: string; kind?: string }
  try {
    entry = JSON.parse(readFileSync(require.resolve(`epsg-index/s/${code}.json`), 'utf8'))
  } catch {
    throw new CrsError(
      `EPSG:${code} is not in the EPSG register this loader knows; pass the CRS as --crs EPSG:N of a known code`,
    )
  }
  if (!entry.proj4) throw new CrsError(`EPSG:${code} (${entry.name ?? entry.kind}) has no coordinate conversion`)
  const name = `EPSG:${code} ${entry.name ?? ''}`.trim()
  if (/\+proj=longlat\b/.test(entry.proj4)) return { ...LONLAT, name }
  return fromDefinition(entry.proj4, name)
}

/**
 * The projection to use. `hints` are in the order the reader trusts them; `defaultLonLat` says
 * what silence means (true for GeoJSON, false for a Shapefile without `.prj`).
 */
export function resolveCrs(
  override: string | undefined,
  hints: readonly CrsHint[],
  defaultLonLat: boolean,
): Projection {
  if (override) return projectionForCode(override)
  const problems: string[] = []
  for (const h of hints) {
    if (h.projjson) {
      try {
        return projectionFromProjJson(h.projjson)
      } catch (e) {
        problems.push(`${h.from}: ${(e as Error).message}`)
      }
    }
    if (h.wkt?.trim()) {
      try {
        return projectionFromWkt(h.wkt)
      } catch (e) {
        problems.push(`${h.from}: ${(e as Error).message}`)
      }
    }
    if (h.code) {
      try {
        return projectionForCode(h.code)
      } catch (e) {
        problems.push(`${h.from}: ${(e as Error).message}`)
      }
    }
  }
  if (problems.length) throw new CrsError(`unknown coordinate system (${problems.join('; ')}); pass --crs EPSG:N`)
  if (defaultLonLat) return LONLAT
  throw new CrsError('the file does not say its coordinate system (no .prj); pass --crs EPSG:N')
}
