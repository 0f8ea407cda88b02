/**
 * bench:api's fairness rows: point lookups under autocannon while one client loops an abusive
 * request on one, or several, connections — the heavy area searches of issue 19 (100 features ×
 * 1,000 vertices, one 20,000-vertex ring) and the "cheap" requests that were not cheap of issue 39
 * (an address of 100 emoji or one letter, query pages with 5,000- and 50,000-value `in`/`nin`
 * lists). Counts what the abuser got back (200, 422 refused as invalid, 503 refused as busy, other).
 */
import type { Feature, Polygon } from 'geojson'
import { runLoad } from './load-test'
import { circle } from './shapes'

/** One abusive request, sent as is in a loop. */
export interface HeavyBody {
  name: string
  /** Default `POST /parcels/area`. */
  method?: 'GET' | 'POST'
  path?: string
  /** Absent for a GET. */
  body?: string
}

/** 100 circles of 1,000 positions (999 vertices and the closing one) on a 10 × 10 grid around `centre`, each `radius` degrees of latitude. */
export function hundredCircles(centre: [number, number], radius: number): HeavyBody {
  const features: Feature<Polygon>[] = Array.from({ length: 100 }, (_, k) => ({
    type: 'Feature',
    properties: {},
    geometry: circle(
      [centre[0] + ((k % 10) - 4.5) * radius * 2.9, centre[1] + (Math.floor(k / 10) - 4.5) * radius * 2.2],
      radius,
      999,
    ),
  }))
  return { name: '100 features × 1,000 vertices', body: JSON.stringify({ type: 'FeatureCollection', features }) }
}

/** One circle of 20,000 positions, the most a ring may have. */
export function ring20k(centre: [number, number], radius: number): HeavyBody {
  const feature = { type: 'Feature', properties: {}, geometry: circle(centre, radius, 19_999) }
  return { name: 'one 20,000-vertex ring', body: JSON.stringify({ type: 'FeatureCollection', features: [feature] }) }
}

/** `GET /parcels/address` with `address` as given (issue 39: 100 emoji or one letter held no trigram, so a scan). */
export function addressAbuse(name: string, address: string): HeavyBody {
  return { name, method: 'GET', path: `/parcels/address?address=${encodeURIComponent(address)}` }
}

/**
 * A query page filtered by an `in`/`nin` list of `n` distinct values on `field` — owner names (in
 * Iowa) or sale dates, none of them real, so a `nin` matches nearly every parcel and an `in` none.
 */
export function listAbuse(field: 'owner' | 'sale_date', op: 'in' | 'nin', n: number): HeavyBody {
  const value = Array.from({ length: n }, (_, k) =>
    field === 'owner' ? `ABUSER ${k} FARMS LLC` : new Date(Date.UTC(1900, 0, 1 + k)).toISOString().slice(0, 10),
  )
  const scope = field === 'owner' ? [{ field: 'state', op: 'eq', value: 'IA' }] : []
  return {
    name: `query \`${field} ${op}\` ${n.toLocaleString('en-US')} values`,
    path: '/parcels/query',
    // An owner filter needs a scope (the spec's rule 3); Iowa holds the densest spot of the demo data.
    body: JSON.stringify({ filters: [...scope, { field, op, value }], limit: 100 }),
  }
}

export interface HeavyTally {
  ok: number
  /** 422: refused up front as invalid. */
  invalid: number
  /** 503: refused as busy (per-key heavy slots). */
  refused: number
  other: number
  /** Milliseconds of each answered search (200s only). */
  times: number[]
}

/** Loops `heavy` on `connections` connections until `stop`; a 503 is retried after 100 ms, a 422 at once. */
export async function heavyLoop(
  baseUrl: string,
  key: string,
  heavy: HeavyBody,
  connections: number,
  stop: Promise<unknown>,
): Promise<HeavyTally> {
  let done = false
  void stop.then(() => {
    done = true
  })
  const tally: HeavyTally = { ok: 0, invalid: 0, refused: 0, other: 0, times: [] }
  const method = heavy.method ?? 'POST'
  const headers: Record<string, string> = { authorization: `Bearer ${key}` }
  if (heavy.body !== undefined) headers['content-type'] = 'application/json'
  const one = async () => {
    while (!done) {
      const t0 = performance.now()
      try {
        const res = await fetch(`${baseUrl}${heavy.path ?? '/parcels/area'}`, { method, headers, body: heavy.body })
        await res.arrayBuffer()
        if (res.status === 200) {
          tally.ok++
          tally.times.push(performance.now() - t0)
        } else if (res.status === 503) {
          tally.refused++
          // An abusive client does not wait long; a polite one would honour Retry-After.
          await new Promise((r) => setTimeout(r, 100))
        } else if (res.status === 422) tally.invalid++
        else tally.other++
      } catch {
        tally.other++
      }
    }
  }
  await Promise.all(Array.from({ length: connections }, one))
  return tally
}

export interface PointRow {
  heavy: string
  rps: number
  p50: number
  p99: number
  failed: number
  total: number
  tally: HeavyTally | null
}

/** Point lookups (10 connections, `seconds`) beside a heavy loop (or none). */
export async function pointsBeside(
  baseUrl: string,
  key: string,
  centre: [number, number],
  seconds: number,
  heavy: { body: HeavyBody; connections: number } | null,
): Promise<PointRow> {
  let finish = () => {}
  const stop = new Promise<void>((r) => {
    finish = r
  })
  const loop = heavy ? heavyLoop(baseUrl, key, heavy.body, heavy.connections, stop) : Promise.resolve(null)
  // Let the heavy client get going first.
  if (heavy) await new Promise((r) => setTimeout(r, 1500))
  let i = 0
  const r = await runLoad({
    url: baseUrl,
    key,
    connections: 10,
    seconds,
    next: () => {
      const k = i++
      const lon = centre[0] + ((k % 97) / 97 - 0.5) * 0.02
      const lat = centre[1] + ((k % 89) / 89 - 0.5) * 0.02
      return { method: 'GET', path: `/parcels/point?lat=${lat.toFixed(5)}&lon=${lon.toFixed(5)}` }
    },
  })
  finish()
  const tally = await loop
  const name = heavy ? `${heavy.body.name}, ${heavy.connections} connection${heavy.connections > 1 ? 's' : ''}` : 'none'
  return { heavy: name, rps: r.rps, p50: r.p50, p99: r.p99, failed: r.failed, total: r.total, tally }
}
