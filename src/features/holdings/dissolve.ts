/**
 * Contiguous parcels become one holding: parcels that touch (share an edge or a corner, overlap,
 * or lie within ~0.1 m of each other, the loader's same-owner rule) are grouped transitively, and
 * each group's outline is the union of its parcels' footprints (@turf/union, i.e. polyclip-ts).
 * Pure and synchronous: dissolve-worker.ts runs it off the main thread for large portfolios.
 */
import booleanIntersects from '@turf/boolean-intersects'
import { union } from '@turf/union'
import type { Feature, MultiPolygon, Polygon, Position } from 'geojson'
import { boxOf } from '../../../contract/bbox'

export interface DissolveInput {
  id: string
  geometry: Polygon | MultiPolygon
}

export interface DissolvedGroup {
  /** Member ids, in input order. */
  ids: string[]
  outline: Polygon | MultiPolygon
}

/** ~0.1 m in degrees of latitude (and of longitude at mid latitudes): what "touching" tolerates. */
const TOUCH_DEGREES = 1e-6

const rings = (g: Polygon | MultiPolygon): Position[][] => (g.type === 'Polygon' ? g.coordinates : g.coordinates.flat())

/** Squared distance from p to segment ab, in degrees². */
function segDist2(p: Position, a: Position, b: Position): number {
  const [px, py] = p as [number, number]
  const [ax, ay] = a as [number, number]
  const [bx, by] = b as [number, number]
  const dx = bx - ax
  const dy = by - ay
  const len = dx * dx + dy * dy
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len))
  const x = ax + t * dx - px
  const y = ay + t * dy - py
  return x * x + y * y
}

/** Some vertex of `a` lies on (or within `eps` of) an edge of `b`. */
function vertexNearEdge(a: Polygon | MultiPolygon, b: Polygon | MultiPolygon, eps: number): boolean {
  const e2 = eps * eps
  const bRings = rings(b)
  for (const ring of rings(a))
    for (const p of ring)
      for (const r of bRings) for (let i = 1; i < r.length; i++) if (segDist2(p, r[i - 1]!, r[i]!) <= e2) return true
  return false
}

export function touches(a: Polygon | MultiPolygon, b: Polygon | MultiPolygon, eps = TOUCH_DEGREES): boolean {
  return vertexNearEdge(a, b, eps) || vertexNearEdge(b, a, eps) || booleanIntersects(a, b)
}

/** Groups of touching parcels (union–find over pairs whose boxes meet), each with its outline. */
export function dissolve(parcels: readonly DissolveInput[], eps = TOUCH_DEGREES): DissolvedGroup[] {
  const n = parcels.length
  const boxes = parcels.map((p) => boxOf(p.geometry))
  const parent = Array.from({ length: n }, (_, i) => i)
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!
      i = parent[i]!
    }
    return i
  }
  // Sweep along x: only pairs whose boxes overlap (within eps) are tested.
  const order = [...parent].sort((i, j) => boxes[i]![0] - boxes[j]![0])
  for (let k = 0; k < n; k++) {
    const i = order[k]!
    const bi = boxes[i]!
    for (let m = k + 1; m < n; m++) {
      const j = order[m]!
      const bj = boxes[j]!
      if (bj[0] > bi[2] + eps) break
      if (bj[1] > bi[3] + eps || bj[3] < bi[1] - eps) continue
      const ri = find(i)
      const rj = find(j)
      if (ri === rj) continue
      if (touches(parcels[i]!.geometry, parcels[j]!.geometry, eps)) parent[Math.max(ri, rj)] = Math.min(ri, rj)
    }
  }
  const groups = new Map<number, number[]>()
  for (let i = 0; i < n; i++) {
    const r = find(i)
    const g = groups.get(r)
    if (g) g.push(i)
    else groups.set(r, [i])
  }
  return [...groups.values()].map((members) => ({
    ids: members.map((i) => parcels[i]!.id),
    outline: outlineOf(members.map((i) => parcels[i]!.geometry)),
  }))
}

/** The union of footprints; stacked (identical) footprints are one. */
export function outlineOf(geometries: readonly (Polygon | MultiPolygon)[]): Polygon | MultiPolygon {
  const distinct = [...new Map(geometries.map((g) => [JSON.stringify(g.coordinates), g])).values()]
  if (distinct.length === 1) return distinct[0] as Polygon | MultiPolygon
  // Coordinates that differ only by float noise (0.02 + 0.01 vs 0.03) would leave hairline gaps
  // between parcels that share an edge: snap to 1e-9° (~0.1 mm) first.
  const features = distinct.flatMap((g) =>
    (g.type === 'Polygon' ? [g.coordinates] : g.coordinates).map(snapPolygon).map(
      (coordinates): Feature<Polygon> => ({
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates },
      }),
    ),
  )
  const merged = union({ type: 'FeatureCollection', features })
  return (merged?.geometry ?? distinct[0]) as Polygon | MultiPolygon
}

const snap = (v: number) => Math.round(v * 1e9) / 1e9
const snapPolygon = (rings: Position[][]): Position[][] => rings.map((r) => r.map((p) => [snap(p[0]!), snap(p[1]!)]))
