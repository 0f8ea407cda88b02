/**
 * What a parcel tile should hold, worked out here from the records the API returns (their GeoJSON
 * boundaries), with the tile arithmetic written out again rather than taken from the server.
 */
import booleanIntersects from '@turf/boolean-intersects'
import type { Polygon } from 'geojson'
import { landUseClassIndex } from '../../contract/land-use-classes'
import { PARCEL_TILE_OWNER_MIN_ZOOM, PARCEL_TILE_PROPS, TILE_EXTENT, tileFeatureId } from '../../contract/tiles'
import type { DecodedPolygon } from '../tiles/tile-decode.test-support'
import type { Parcel } from './data'
import { type BBox, bboxOf, rect } from './geo'

export interface Tile {
  z: number
  x: number
  y: number
}

export const tilePath = ({ z, x, y }: Tile) => `/tiles/parcels/${z}/${x}/${y}.mvt`

const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))

/** The tile holding a point at zoom z. */
export function tileAt(lon: number, lat: number, z: number): Tile {
  const n = 2 ** z
  return { z, x: Math.floor(((lon + 180) / 360) * n), y: Math.floor(((Math.PI - mercY(lat)) / (2 * Math.PI)) * n) }
}

/** Tile units (x right, y down) to longitude/latitude. */
export function toLonLat(t: Tile, ux: number, uy: number): [number, number] {
  const n = 2 ** t.z
  const lon = ((t.x + ux / TILE_EXTENT) / n) * 360 - 180
  const yy = Math.PI - (2 * Math.PI * (t.y + uy / TILE_EXTENT)) / n
  return [lon, (Math.atan(Math.sinh(yy)) * 180) / Math.PI]
}

/** The tile grown (or, negative, shrunk) by `units` on every side, as a lon/lat rectangle. */
function tileRect(t: Tile, units = 0): Polygon {
  const [w, n] = toLonLat(t, -units, -units)
  const [e, s] = toLonLat(t, TILE_EXTENT + units, TILE_EXTENT + units)
  return rect(w, s, e, n)
}

/** A record's bounding box on the tile, in tile units. */
export function unitsBox(t: Tile, b: BBox): BBox {
  const n = 2 ** t.z
  const ux = (lon: number) => (((lon + 180) / 360) * n - t.x) * TILE_EXTENT
  const uy = (lat: number) => (((Math.PI - mercY(lat)) / (2 * Math.PI)) * n - t.y) * TILE_EXTENT
  return [ux(b[0]), uy(b[3]), ux(b[2]), uy(b[1])]
}

export interface Expected {
  /** intersect the tile 2 units inside its edge and are at least 2 units each way: must be in it */
  must: Parcel[]
  /** intersect the tile grown by its buffer and 2 units: the only parcels it may hold */
  may: Set<string>
}

export function expectedParcels(t: Tile, parcels: readonly Parcel[], buffer: number): Expected {
  const inner = tileRect(t, -2)
  const outer = tileRect(t, buffer + 2)
  const must: Parcel[] = []
  const may = new Set<string>()
  for (const p of parcels) {
    if (!booleanIntersects(p.geom, outer)) continue
    may.add(p.svc_uuid)
    const [x0, y0, x1, y1] = unitsBox(t, bboxOf(p.geom))
    if (x1 - x0 >= 2 && y1 - y0 >= 2 && booleanIntersects(p.geom, inner)) must.push(p)
  }
  return { must, may }
}

/** How a feature's properties differ from what its record says (contract/tiles.ts); empty: they agree. */
export function propertyProblems(f: DecodedPolygon, r: Parcel, z: number): string[] {
  const P = PARCEL_TILE_PROPS
  const out: string[] = []
  const props = f.properties
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
  const check = (name: string, ok: boolean) => {
    if (!ok) out.push(`${name}: tile ${JSON.stringify(props[name])}, record ${JSON.stringify(r)}`.slice(0, 300))
  }
  check('id', f.id === tileFeatureId(r.svc_uuid))
  check(P.uuid, props[P.uuid] === r.svc_uuid)
  const crop = num(r.cdl_majority_value)
  check(P.crop, crop === null ? !(P.crop in props) : props[P.crop] === Math.round(crop))
  const acres = num(r.acres)
  check(P.acres, acres === null ? !(P.acres in props) : Math.abs((props[P.acres] as number) - acres) <= 0.005 + 1e-9)
  const value = num(r.parcel_value)
  const vpa = acres !== null && acres > 0 && value !== null ? value / acres : null
  check(
    P.valuePerAcre,
    vpa === null ? !(P.valuePerAcre in props) : Math.abs((props[P.valuePerAcre] as number) - vpa) <= 0.5,
  )
  const sale = typeof r.sale_date === 'string' && /^\d{4}/.test(r.sale_date) ? Number(r.sale_date.slice(0, 4)) : null
  check(P.saleYear, sale === null ? !(P.saleYear in props) : props[P.saleYear] === sale)
  const luc = landUseClassIndex(r.land_use_class)
  check(P.landUse, luc < 0 ? !(P.landUse in props) : props[P.landUse] === luc)
  for (const [prop, value] of [
    [P.owner, r.owner],
    [P.parcelId, r.parcel_id],
  ] as const) {
    const text = z >= PARCEL_TILE_OWNER_MIN_ZOOM && typeof value === 'string' && value !== '' ? value : null
    check(prop, text === null ? !(prop in props) : props[prop] === text)
  }
  const known = new Set<string>(Object.values(P))
  for (const k of Object.keys(props)) if (!known.has(k)) out.push(`unexpected property ${k}`)
  return out
}

export interface TileAnswer {
  status: number
  headers: Headers
  bytes: Uint8Array
  /** the body as text (error answers are JSON) */
  text: string
}

/** GET a tile (or any path) as bytes; fetch undoes the content encoding. */
export async function fetchTile(
  baseUrl: string,
  path: string,
  key: string | null,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<TileAnswer> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers },
    signal: AbortSignal.timeout(60_000),
  })
  const bytes = new Uint8Array(await res.arrayBuffer())
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder().decode(bytes) }
}

export const showTile = (a: TileAnswer) =>
  `${a.status} ${a.status === 200 ? `${a.bytes.length} bytes` : a.text.slice(0, 300)}`
