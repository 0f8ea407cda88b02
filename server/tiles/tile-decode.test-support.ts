/**
 * Decoding tiles for tests (with @mapbox/vector-tile, MapLibre's own reader) and comparing two
 * tiles feature by feature, independently of the encoder under test.
 */
import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'

export interface DecodedPolygon {
  id: number
  properties: Record<string, unknown>
  /** rings in tile units, as written (closing point included) */
  rings: { x: number; y: number }[][]
  /** exterior area minus holes, in tile units² (MVT winding: exteriors positive, y down) */
  area: number
  bbox: [number, number, number, number]
}

export interface DecodedPoint {
  properties: Record<string, unknown>
  x: number
  y: number
}

export interface DecodedTile {
  layers: string[]
  extent: Record<string, number>
  parcels: DecodedPolygon[]
  places: DecodedPoint[]
  /** the texture of parcels left out by the size cap (contract TEXTURE_LAYER) */
  texture: DecodedPoint[]
}

/** Half the shoelace sum in tile coordinates (x right, y down). */
export function ringArea(ring: readonly { x: number; y: number }[]): number {
  let sum = 0
  for (let i = 0; i < ring.length - 1; i++) {
    const a = ring[i]!
    const b = ring[i + 1]!
    sum += a.x * b.y - b.x * a.y
  }
  return sum / 2
}

export function decodeTile(bytes: Uint8Array): DecodedTile {
  const tile = new VectorTile(new PbfReader(bytes))
  const out: DecodedTile = { layers: Object.keys(tile.layers), extent: {}, parcels: [], places: [], texture: [] }
  for (const [name, layer] of Object.entries(tile.layers)) out.extent[name] = layer.extent
  const parcels = tile.layers.parcels
  for (let i = 0; parcels && i < parcels.length; i++) {
    const f = parcels.feature(i)
    const rings = f.loadGeometry().map((r) => r.map((p) => ({ x: p.x, y: p.y })))
    const xs = rings.flat().map((p) => p.x)
    const ys = rings.flat().map((p) => p.y)
    out.parcels.push({
      id: Number(f.id),
      properties: { ...f.properties },
      rings,
      area: rings.reduce((sum, r) => sum + ringArea(r), 0),
      bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
    })
    if (f.type !== 3) throw new Error(`parcel feature ${f.id} has geometry type ${f.type}, not polygon (3)`)
  }
  const places = tile.layers.places
  for (let i = 0; places && i < places.length; i++) {
    const f = places.feature(i)
    const p = f.loadGeometry()[0]?.[0]
    if (f.type !== 1 || !p) throw new Error(`place feature ${i} is not a point`)
    out.places.push({ properties: { ...f.properties }, x: p.x, y: p.y })
  }
  const texture = tile.layers.texture
  for (let i = 0; texture && i < texture.length; i++) {
    const f = texture.feature(i)
    const p = f.loadGeometry()[0]?.[0]
    if (f.type !== 1 || !p) throw new Error(`texture feature ${i} is not a point`)
    out.texture.push({ properties: { ...f.properties }, x: p.x, y: p.y })
  }
  return out
}

export interface Tolerance {
  /** tile units each bounding-box side may differ by */
  bboxUnits: number
  /** relative area difference allowed (plus `areaUnits` absolute) */
  areaRatio: number
  areaUnits: number
  /** a parcel in one tile only is accepted when its area there is at most this (a snapped sliver) */
  sliverUnits: number
}

const SAME_FEATURES: Tolerance = { bboxUnits: 2, areaRatio: 0.01, areaUnits: 16, sliverUnits: 16 }

/** Every way two tiles differ beyond `tol`, as readable lines (empty: the same features). */
export function tileDifferences(a: DecodedTile, b: DecodedTile, tol: Tolerance = SAME_FEATURES): string[] {
  const out: string[] = []
  const byId = (t: DecodedTile) => new Map(t.parcels.map((p) => [p.id, p]))
  const ma = byId(a)
  const mb = byId(b)
  for (const [id, pa] of ma) {
    const pb = mb.get(id)
    if (!pb) {
      if (Math.abs(pa.area) > tol.sliverUnits) out.push(`parcel ${id} only in the first tile (area ${pa.area})`)
      continue
    }
    if (JSON.stringify(sorted(pa.properties)) !== JSON.stringify(sorted(pb.properties))) {
      out.push(`parcel ${id} properties ${JSON.stringify(pa.properties)} ≠ ${JSON.stringify(pb.properties)}`)
    }
    if (Math.abs(pa.area - pb.area) > tol.areaUnits + tol.areaRatio * Math.abs(pa.area)) {
      out.push(`parcel ${id} area ${pa.area} ≠ ${pb.area}`)
    }
    if (pa.bbox.some((v, i) => Math.abs(v - pb.bbox[i]!) > tol.bboxUnits)) {
      out.push(`parcel ${id} bbox ${pa.bbox} ≠ ${pb.bbox}`)
    }
  }
  for (const [id, pb] of mb) {
    if (!ma.has(id) && Math.abs(pb.area) > tol.sliverUnits)
      out.push(`parcel ${id} only in the second tile (area ${pb.area})`)
  }
  const places = (t: DecodedTile) => t.places.map((p) => JSON.stringify([sorted(p.properties), p.x, p.y])).sort()
  if (JSON.stringify(places(a)) !== JSON.stringify(places(b))) {
    out.push(`places ${JSON.stringify(places(a))} ≠ ${JSON.stringify(places(b))}`)
  }
  const texture = (t: DecodedTile) => t.texture.map((p) => JSON.stringify([sorted(p.properties), p.x, p.y]))
  if (JSON.stringify(texture(a)) !== JSON.stringify(texture(b))) {
    out.push(`texture ${JSON.stringify(texture(a)).slice(0, 300)} ≠ ${JSON.stringify(texture(b)).slice(0, 300)}`)
  }
  return out
}

const sorted = (o: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(o).sort(([x], [y]) => (x < y ? -1 : 1)))
