/**
 * No single request can hold the server: caps answered with 422 before any SQL, heavy areas that
 * still finish, a health check that never waits on the database, and a client hanging up mid-body
 * that is not an error.
 */
import { readFile } from 'node:fs/promises'
import { request } from 'node:http'
import type { Polygon, Position } from 'geojson'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import { FILTER_MAX_STRING } from '../../contract/limits'
import { areaOk, expectedIds, expectSameIds } from './area-oracle'
import { expect422At } from './checks'
import { allParcels, type Parcel } from './data'
import { collection, ngon, rect } from './geo'
import { baseUrl, keyOf, post, show } from './http'

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
})

describe('string values in filters are capped', () => {
  const v = (n: number) => 'ab '.repeat(Math.ceil(n / 3)).slice(0, n)
  const scope = { field: 'state', op: 'eq', value: 'IA' }

  it(`a 200 KB ilike value → 422 at its value, before any SQL`, async () => {
    const res = await post('/parcels/query', { filters: [{ field: 'legal', op: 'ilike', value: v(200_000) }] })
    expect422At(res, ['body', 'filters', 0, 'value'])
  })

  it(`${FILTER_MAX_STRING} characters pass; ${FILTER_MAX_STRING + 1} → 422, for scalars and list elements`, async () => {
    for (const op of ['ilike', 'eq', 'ne']) {
      const ok = await post('/parcels/query', { filters: [scope, { field: 'owner', op, value: v(FILTER_MAX_STRING) }] })
      expect(ok.status, show(ok)).toBe(200)
      const long = { field: 'owner', op, value: v(FILTER_MAX_STRING + 1) }
      expect422At(await post('/parcels/query', { filters: [scope, long] }), ['body', 'filters', 1, 'value'])
    }
    const list = { field: 'parcel_id', op: 'in', value: ['1', v(FILTER_MAX_STRING + 1)] }
    expect422At(await post('/parcels/query', { filters: [scope, list] }), ['body', 'filters', 1, 'value'])
  })
})

/** A star: vertices alternate between two radii, the worst case for a bounding-box prefilter. */
function star(center: Position, rOut: number, rIn: number, points: number): Polygon {
  const ring: Position[] = []
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 ? rIn : rOut
    const t = (Math.PI * i) / points
    ring.push([(center[0] as number) + r * Math.cos(t), (center[1] as number) + r * Math.sin(t)])
  }
  ring.push(ring[0] as Position)
  return { type: 'Polygon', coordinates: [ring] }
}

describe('heavy areas', () => {
  /** A star over the first county of the data, `points` tips, answered like the turf intersection. */
  const countyStar = (points: number) => {
    const county = all.filter((p) => p.county_fp === all[0]?.county_fp)
    const xs = county.flatMap((p) =>
      (p.geom.type === 'Polygon' ? p.geom.coordinates : p.geom.coordinates.flat()).flat(),
    )
    const lon = xs.map((q) => q[0] as number)
    const lat = xs.map((q) => q[1] as number)
    const c: Position = [(Math.min(...lon) + Math.max(...lon)) / 2, (Math.min(...lat) + Math.max(...lat)) / 2]
    const r = Math.max(Math.max(...lon) - Math.min(...lon), Math.max(...lat) - Math.min(...lat))
    return { area: star(c, r * 0.6, r * 0.2, points), county }
  }

  it('a 2,001-vertex star (freehand-sized) over a county answers exactly the turf intersection', async () => {
    const { area, county } = countyStar(1_000)
    expect(area.coordinates[0]).toHaveLength(2_001)
    expectSameIds(await areaOk(collection(area)), expectedIds(county, [area]), 'star')
  })

  it('a 19,999-vertex star answers, with every parcel of a circle inside it', async () => {
    // Its inner radius is a fifth of the county's extent: a small circle at its centre lies inside.
    const dense = countyStar(9_999).area
    expect(dense.coordinates[0]).toHaveLength(19_999)
    const got = await areaOk(collection(dense))
    expect(got.length).toBeGreaterThan(0)
    const inner = await areaOk(collection(ngon(centreOf(dense), 0.01, 0.01, 16)))
    for (const id of inner) expect(got).toContain(id)
  })

  it('/healthz answers while three heavy area searches run', async () => {
    // Freehand-sized stars over every parcel: real work for the database, well inside its timeout.
    const heavy = collection(star([-96, 40], 20, 8, 1_000))
    const searches = [0, 1, 2].map(() => post('/parcels/area', heavy, { timeoutMs: 60_000 }))
    const health = await fetch(`${baseUrl()}/healthz`)
    expect(health.status).toBe(200)
    for (const res of await Promise.all(searches)) expect(res.status, show(res)).toBe(200)
  })
})

const centreOf = (p: Polygon): Position => {
  const ring = p.coordinates[0] as Position[]
  const n = ring.length - 1
  return [
    ring.slice(0, n).reduce((s, q) => s + (q[0] as number), 0) / n,
    ring.slice(0, n).reduce((s, q) => s + (q[1] as number), 0) / n,
  ]
}

describe('a client that hangs up', () => {
  it('mid-body is not a server error: nothing is logged as failed and the server keeps answering', async () => {
    const logFile = inject('serverLogFile')
    const before = (await readFile(logFile, 'utf8')).length
    const url = new URL('/parcels/area', baseUrl())
    await new Promise<void>((resolve) => {
      const req = request(url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keyOf('full')}`,
          'content-type': 'application/json',
          'content-length': '100000',
        },
      })
      req.on('error', () => resolve())
      req.write('{"type":"FeatureCollection","features":[')
      setTimeout(() => {
        req.destroy()
        resolve()
      }, 200)
    })
    await new Promise((r) => setTimeout(r, 500))
    const res = await post('/parcels/area', collection(rect(-93.61, 42.01, -93.6, 42.02)))
    expect(res.status, show(res)).toBe(200)
    const log = (await readFile(logFile, 'utf8')).slice(before)
    expect(log).not.toMatch(/failed:|unhandled|Internal server error|\s500\s/)
  })
})
