/**
 * Mapbox Vector Tile 2.1 encoding in Node for the embedded database, whose PostGIS is built without
 * protobuf (no ST_AsMVT). The protobuf writing is @maplibre/vt-pbf's (MapLibre's own encoder); this
 * module turns rows in tile units into its layer shape and does what ST_AsMVT's input guarantees
 * and vt-pbf does not: integer coordinates, no degenerate rings, and the spec's winding order
 * (exterior rings positive by the surveyor's formula in tile coordinates, y down; holes negative).
 */
import Point from '@mapbox/point-geometry'
import { fromVectorTileJs, type VectorTileFeatureLike, type VectorTileLayerLike } from '@maplibre/vt-pbf'
import { TILE_EXTENT } from '../../contract/tiles'

export type Ring = readonly (readonly number[])[]
/** GeoJSON MultiPolygon coordinates: polygons of rings, the first ring of each its exterior. */
export type MultiPolygonCoords = readonly (readonly Ring[])[]

export type PropValue = string | number | boolean

export interface PolygonFeature {
  id: number
  properties: Record<string, PropValue | null>
  coordinates: MultiPolygonCoords
}

export interface PointFeature {
  properties: Record<string, PropValue | null>
  point: readonly [number, number]
}

export type LayerInput =
  | { name: string; kind: 'polygons'; features: readonly PolygonFeature[] }
  | { name: string; kind: 'points'; features: readonly PointFeature[] }

/** Twice the ring's signed area in tile coordinates (x right, y down); positive is the exterior's way. */
function signedArea2(ring: readonly Point[]): number {
  let sum = 0
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[j] as Point
    const b = ring[i] as Point
    sum += a.x * b.y - b.x * a.y
  }
  return sum
}

/** Integer points without repeats (the closing point included only if the ring was closed). */
function cleanRing(ring: Ring): Point[] {
  const out: Point[] = []
  for (const pos of ring) {
    const p = new Point(Math.round(pos[0] as number), Math.round(pos[1] as number))
    const last = out[out.length - 1]
    if (!last || last.x !== p.x || last.y !== p.y) out.push(p)
  }
  const first = out[0]
  const last = out[out.length - 1]
  if (out.length > 1 && first && last && first.x === last.x && first.y === last.y) out.pop()
  return out
}

/**
 * The rings of a multipolygon in MVT order and winding. A ring that rounding made degenerate (no
 * area) is dropped, and with an exterior its holes; an empty result means the feature is left out.
 */
function polygonRings(coords: MultiPolygonCoords): Point[][] {
  const rings: Point[][] = []
  for (const polygon of coords) {
    for (const [index, ring] of polygon.entries()) {
      const points = cleanRing(ring)
      const area = points.length >= 3 ? signedArea2(points) : 0
      if (area === 0) {
        if (index === 0) break // a dropped exterior takes its holes with it
        continue
      }
      if ((index === 0) !== area > 0) points.reverse()
      // MVT rings are closed by a ClosePath command; vt-pbf drops a repeated first point itself.
      rings.push([...points, points[0] as Point])
    }
  }
  return rings
}

function layerOf(input: LayerInput): VectorTileLayerLike {
  const features: VectorTileFeatureLike[] = []
  const props = (p: Record<string, PropValue | null>) =>
    Object.fromEntries(Object.entries(p).filter(([, v]) => v !== null)) as Record<string, PropValue>
  if (input.kind === 'polygons') {
    for (const f of input.features) {
      const rings = polygonRings(f.coordinates)
      if (rings.length === 0) continue
      features.push({
        id: f.id,
        type: 3,
        properties: props(f.properties),
        extent: TILE_EXTENT,
        loadGeometry: () => rings,
      })
    }
  } else {
    for (const f of input.features) {
      const point = [[new Point(Math.round(f.point[0]), Math.round(f.point[1]))]]
      features.push({
        id: undefined,
        type: 1,
        properties: props(f.properties),
        extent: TILE_EXTENT,
        loadGeometry: () => point,
      })
    }
  }
  return { version: 2, name: input.name, extent: TILE_EXTENT, length: features.length, feature: (i) => features[i]! }
}

/** The tile's bytes; layers with no feature are left out, and a tile with none is empty (0 bytes). */
export function encodeTile(layers: readonly LayerInput[]): { bytes: Uint8Array; features: Record<string, number> } {
  const built = layers.map(layerOf).filter((l) => l.length > 0)
  const features = Object.fromEntries(built.map((l) => [l.name, l.length]))
  if (built.length === 0) return { bytes: new Uint8Array(0), features }
  return { bytes: fromVectorTileJs({ layers: Object.fromEntries(built.map((l) => [l.name, l])) }), features }
}
