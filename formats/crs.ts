/**
 * Coordinate systems as files name them, shared by the app's area import and the server's loader:
 * a `.prj`/GeoPackage WKT (ESRI or OGC flavour) or an EPSG code in any of its spellings. proj4
 * reads the WKT itself; codes proj4 does not know are looked up by the caller (the loader has the
 * whole EPSG register, the browser only proj4's built-ins).
 */
import proj4 from 'proj4'

export type Position2 = [number, number]

export interface Projection {
  /** What the file called it, for messages. */
  readonly name: string
  /** True when coordinates are already longitude/latitude (WGS 84, NAD83, …). */
  readonly lonLat: boolean
  forward(p: readonly number[]): Position2
  /** longitude/latitude → the system's coordinates */
  inverse(p: readonly number[]): Position2
}

/** Geographic codes read as longitude/latitude as they are (NAD83 and WGS 84 differ by ~1 m). */
const LONLAT_CODES = new Set(['4326', '4269', '4258', '4617', '6318', '4152', 'CRS84', 'CRS83'])

const same = (p: readonly number[]): Position2 => [p[0] as number, p[1] as number]

export const LONLAT: Projection = { name: 'WGS 84', lonLat: true, forward: same, inverse: same }

/**
 * The EPSG code in "EPSG:2235", "EPSG::2235", "urn:ogc:def:crs:EPSG::2235",
 * "http://www.opengis.net/def/crs/EPSG/0/2235" or "urn:ogc:def:crs:OGC:1.3:CRS84" (→ "CRS84").
 */
export function epsgCodeOf(text: string): string | null {
  const s = text.trim()
  const crs84 = /(CRS8[34])\s*$/i.exec(s)?.[1]
  if (crs84) return crs84.toUpperCase()
  return /EPSG(?::+|\/[\d.]+\/|:[\d.]*:)(\d+)\s*$/i.exec(s)?.[1] ?? /^(\d{4,6})$/.exec(s)?.[1] ?? null
}

const isLonLatCode = (code: string): boolean => LONLAT_CODES.has(code.toUpperCase())

/** The name inside PROJCS["…"] / GEOGCS["…"] / PROJCRS["…"], for messages. */
function wktName(wkt: string): string {
  return /^\s*[A-Z]+\s*\[\s*"([^"]*)"/i.exec(wkt)?.[1] ?? 'a custom coordinate system'
}

const isGeographicWkt = (wkt: string) => /^\s*(GEOGCS|GEOGCRS|GEOGRAPHICCRS)\b/i.test(wkt)

/** A projection from WKT; throws with the reason when proj4 cannot use it. */
export function projectionFromWkt(wkt: string): Projection {
  const name = wktName(wkt)
  if (isGeographicWkt(wkt)) return { ...LONLAT, name }
  return fromDefinition(wkt, name)
}

/**
 * A projection from a proj4 string, WKT or a PROJJSON object (GeoParquet's `crs`); throws with the
 * reason when proj4 cannot use it.
 */
export function fromDefinition(definition: string | object, name: string): Projection {
  let converter: proj4.Converter
  try {
    converter = proj4(definition as string, 'EPSG:4326')
  } catch (e) {
    throw new Error(`cannot convert from ${name} (${(e as Error).message || e})`)
  }
  return {
    name,
    lonLat: false,
    forward: (p) => converter.forward([p[0] as number, p[1] as number]) as Position2,
    inverse: (p) => converter.inverse([p[0] as number, p[1] as number]) as Position2,
  }
}

/** proj4's built-in definition of a code (4326, 3857, 4269, WGS 84 UTM zones…), or null. */
export function builtInProjection(code: string): Projection | null {
  if (isLonLatCode(code)) return { ...LONLAT, name: code.startsWith('CRS') ? code : `EPSG:${code}` }
  const def = proj4.defs(`EPSG:${code}`)
  return def ? fromDefinition(`EPSG:${code}`, `EPSG:${code}`) : null
}
