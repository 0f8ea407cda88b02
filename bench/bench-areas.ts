/** Square search areas sized to a parcel count, shared by the API and app benchmarks. */
import type { Polygon } from 'geojson'
import { type ParsedQueryRequest, QueryRequestSchema } from '../contract/schemas'

export type Post = (path: string, body: unknown) => Promise<unknown>

/** POSTs JSON with the key to a running server; throws on any non-2xx. */
export function poster(baseUrl: string, key: string): Post {
  return async (path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path} → ${res.status} ${await res.text()}`)
    return res.json()
  }
}

export function squarePolygon(lon: number, lat: number, half: number): Polygon {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon - half, lat - half],
        [lon + half, lat - half],
        [lon + half, lat + half],
        [lon - half, lat + half],
        [lon - half, lat - half],
      ],
    ],
  }
}

export function areaBody(polygon: Polygon) {
  return { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: polygon }] }
}

/** The densest place to centre on: a corner of Iowa's smallest parcel (a town lot). */
export async function denseCentre(post: Post): Promise<[number, number]> {
  const first = (await post('/parcels/query', {
    filters: [{ field: 'state', op: 'eq', value: 'IA' }],
    limit: 1,
    order: { field: 'acres', direction: 'asc' },
  })) as { results: { geom: { coordinates: number[][][][] } }[] }
  const corner = first.results[0]?.geom.coordinates[0]?.[0]?.[0]
  if (!corner) throw new Error('no Iowa parcel to centre the benchmark on')
  return corner as [number, number]
}

/** The ids an area search returns, or null when the area is over the server's parcel cap (400). */
export async function areaIds(post: Post, polygon: Polygon): Promise<string[] | null> {
  try {
    return ((await post('/parcels/area', areaBody(polygon))) as { svc_uuids: string[] }).svc_uuids
  } catch (e) {
    if (e instanceof Error && /→ 400 .*more than/.test(e.message)) return null
    throw e
  }
}

/** Grows a square (bisection on its half-width) until it covers `target` parcels within 3%. */
export async function squareFor(
  post: Post,
  centre: [number, number],
  target: number,
  round: (p: Polygon) => Polygon = (p) => p,
): Promise<{ polygon: Polygon; ids: string[] }> {
  let lo = 0.0005
  let hi = 1.5
  let best = { polygon: squarePolygon(centre[0], centre[1], hi), ids: [] as string[] }
  for (let i = 0; i < 22; i++) {
    const mid = (lo + hi) / 2
    const polygon = round(squarePolygon(centre[0], centre[1], mid))
    const ids = await areaIds(post, polygon)
    if (ids === null) {
      hi = mid
      continue
    }
    best = { polygon, ids }
    if (Math.abs(ids.length - target) / target < 0.03) break
    if (ids.length < target) lo = mid
    else hi = mid
  }
  return best
}

/**
 * The same square sizing in process, through a parcels repository's area search (no HTTP): the
 * half-width by bisection until the square covers `target` parcels within 3 %.
 */
export async function repoSquareFor(
  repo: { idsInArea(polygons: readonly Polygon[], cap: number): Promise<string[]> },
  centre: [number, number],
  target: number,
): Promise<{ polygon: Polygon; n: number }> {
  let lo = 0.0005
  let hi = 0.5
  let half = hi
  let n = 0
  for (let i = 0; i < 25; i++) {
    half = (lo + hi) / 2
    n = (await repo.idsInArea([squarePolygon(centre[0], centre[1], half)], 100_000)).length
    if (Math.abs(n - target) / target < 0.03) break
    if (n < target) lo = half
    else hi = half
  }
  return { polygon: squarePolygon(centre[0], centre[1], half), n }
}

/**
 * The query pages the table-layout benches time in process (bench:partitions, bench:state): one
 * state's parcels by value, one county's with a condition, and a condition over every state.
 */
export function scopedPages(): Record<'stateByValue' | 'countyPage' | 'everywhere', ParsedQueryRequest> {
  const page = (body: unknown): ParsedQueryRequest => QueryRequestSchema.parse(body)
  return {
    stateByValue: page({
      filters: [{ field: 'state', op: 'eq', value: 'IA' }],
      order: { field: 'parcel_value', direction: 'desc' },
      limit: 100,
    }),
    countyPage: page({
      filters: [
        { field: 'state_fp', op: 'eq', value: '06' },
        { field: 'county_fp', op: 'eq', value: '019' },
        { field: 'acres', op: 'gt', value: 5 },
      ],
      limit: 100,
    }),
    everywhere: page({ filters: [{ field: 'acres', op: 'between', value: [10, 20] }], limit: 100 }),
  }
}
