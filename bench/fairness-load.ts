/**
 * bench:api's fairness rows (issue 19): point lookups under autocannon while one client loops the
 * heavy area searches the issue names — 100 features × 1,000 vertices, and one 20,000-vertex ring —
 * on one, or several, connections. Counts what the heavy client got back (200, 503 refused, other).
 */
import type { Feature, Polygon } from 'geojson'
import { runLoad } from './load-test'
import { circle } from './shapes'

export interface HeavyBody {
  name: string
  body: string
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

export interface HeavyTally {
  ok: number
  refused: number
  other: number
  /** Milliseconds of each answered search (200s only). */
  times: number[]
}

/** Loops `body` on `connections` connections until `stop`; a 503 waits its Retry-After's worth (capped at 1 s). */
export async function heavyLoop(
  baseUrl: string,
  key: string,
  body: string,
  connections: number,
  stop: Promise<unknown>,
): Promise<HeavyTally> {
  let done = false
  void stop.then(() => {
    done = true
  })
  const tally: HeavyTally = { ok: 0, refused: 0, other: 0, times: [] }
  const one = async () => {
    while (!done) {
      const t0 = performance.now()
      try {
        const res = await fetch(`${baseUrl}/parcels/area`, {
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body,
        })
        await res.arrayBuffer()
        if (res.status === 200) {
          tally.ok++
          tally.times.push(performance.now() - t0)
        } else if (res.status === 503) {
          tally.refused++
          // An abusive client does not wait long; a polite one would honour Retry-After.
          await new Promise((r) => setTimeout(r, 100))
        } else tally.other++
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
  const loop = heavy ? heavyLoop(baseUrl, key, heavy.body.body, heavy.connections, stop) : Promise.resolve(null)
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
