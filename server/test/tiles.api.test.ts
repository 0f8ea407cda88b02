/**
 * Parcel tiles and coverage on the test server (both backends): keys and plans, caching headers,
 * compression, CORS, bad addresses, and tiles decoded and checked against the parcels the query
 * endpoint returns.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { ErrorBodySchema } from '../../contract/errors'
import {
  CoverageResponseSchema,
  PARCEL_LAYER,
  PARCEL_TILE_MAX_ZOOM,
  PARCEL_TILE_MIN_ZOOM,
  PARCEL_TILE_PATH,
  PLACE_LAYER,
  TILE_CONTENT_TYPE,
  TILE_EXTENT,
  tileFeatureId,
} from '../../contract/tiles'
import { decodeTile } from '../tiles/tile-decode.test-support'
import { CORS_ORIGIN } from './context'
import { allParcels, type Parcel } from './data'
import { bboxCenter, bboxOf } from './geo'
import { baseUrl, get, keyOf, show } from './http'
import {
  expectedParcels,
  fetchTile,
  propertyProblems,
  showTile,
  type Tile,
  tileAt,
  tilePath,
  toLonLat,
  unitsBox,
} from './tile-oracle.test-support'

/** The server's buffer around a tile (tile units); what may reach in from outside. */
const BUFFER = 64

const tile = (path: string, key: string | null = keyOf('full'), headers: Record<string, string> = {}) =>
  fetchTile(baseUrl(), path, key, headers)

let parcels: Parcel[]
let byUuid: Map<string, Parcel>
/** The z14 tile with the most parcel centres, and its ancestors and busiest descendants z10–16. */
let dense: Tile[]
let version: string

beforeAll(async () => {
  parcels = await allParcels()
  byUuid = new Map(parcels.map((p) => [p.svc_uuid, p]))
  const busiest = (z: number, within: (t: Tile) => boolean): Tile => {
    const counts = new Map<string, { t: Tile; n: number }>()
    for (const p of parcels) {
      const [lon, lat] = bboxCenter(bboxOf(p.geom)) as [number, number]
      const t = tileAt(lon, lat, z)
      if (!within(t)) continue
      const k = `${t.x}/${t.y}`
      counts.set(k, { t, n: (counts.get(k)?.n ?? 0) + 1 })
    }
    return [...counts.values()].sort((a, b) => b.n - a.n)[0]!.t
  }
  const z14 = busiest(14, () => true)
  const inside = (parent: Tile) => (t: Tile) =>
    t.x >> (t.z - parent.z) === parent.x && t.y >> (t.z - parent.z) === parent.y
  const z15 = busiest(15, inside(z14))
  const z16 = busiest(16, inside(z15))
  dense = [10, 11, 12, 13].map((z) => ({ z, x: z14.x >> (14 - z), y: z14.y >> (14 - z) })).concat([z14, z15, z16])
  const coverage = await get('/coverage')
  version = CoverageResponseSchema.parse(coverage.body).version
})

describe('who may fetch tiles and coverage', () => {
  it('tiles need a key whose plan has tiles: 401 without one, 403 inactive or without tiles', async () => {
    const path = tilePath(dense[3]!)
    const cases: [string | null, number, RegExp][] = [
      [null, 401, /Missing API key/],
      ['plat_short', 401, /Malformed API key/],
      [`plat_${'x'.repeat(40)}`, 401, /Invalid API key/],
      [keyOf('inactive'), 403, /no active subscription/],
      [keyOf('queryOnly'), 403, /does not include the tiles endpoint/],
    ]
    for (const [key, status, detail] of cases) {
      const res = await tile(path, key)
      expect(res.status, showTile(res)).toBe(status)
      expect(ErrorBodySchema.parse(JSON.parse(res.text)).detail).toMatch(detail)
    }
  })

  it('coverage needs no key where the page shows it, else any valid active key (no plan); matches the contract schema', async () => {
    // The test server serves the app with COVERAGE_IN_PAGE on (decisions.md: coverage and the page agree).
    expect((await get('/coverage', {}, { key: null })).status).toBe(200)
    expect((await get('/coverage', {}, { key: 'inactive' })).status).toBe(403)
    const narrow = await get('/coverage', {}, { key: 'queryOnly' })
    expect(narrow.status, show(narrow)).toBe(200)
    const body = CoverageResponseSchema.parse(narrow.body)
    expect(body.tiles).toEqual({
      path: PARCEL_TILE_PATH,
      min_zoom: PARCEL_TILE_MIN_ZOOM,
      max_zoom: PARCEL_TILE_MAX_ZOOM,
    })
    // The extension filter fields this server evaluates (the app filters on any others itself).
    expect(body.extensions).toEqual(expect.arrayContaining(['rotation', 'corn_years_5', 'land_use_class', 'changes']))
  })

  it('neither is counted: a 5-request key fetches 50 tiles and coverage 10 times', async () => {
    const paths = dense.flatMap((t) => [t, { ...t, x: t.x + 1 }, { ...t, y: t.y + 1 }]).map(tilePath)
    for (let i = 0; i < 50; i++) {
      const res = await tile(paths[i % paths.length]!, keyOf('limited'))
      expect(res.status, `tile ${i + 1}: ${showTile(res)}`).toBe(200)
    }
    for (let i = 0; i < 10; i++) expect((await get('/coverage', {}, { key: 'limited' })).status).toBe(200)
  })
})

describe('coverage', () => {
  it('lists each loaded county with its parcels and their bounding box', async () => {
    const body = CoverageResponseSchema.parse((await get('/coverage')).body)
    const byCounty = new Map<string, Parcel[]>()
    for (const p of parcels) {
      const k = `${p.state_fp}${p.county_fp}`
      byCounty.set(k, [...(byCounty.get(k) ?? []), p])
    }
    expect(body.counties.map((c) => `${c.state_fp}${c.county_fp}`).sort()).toEqual([...byCounty.keys()].sort())
    for (const c of body.counties) {
      const mine = byCounty.get(`${c.state_fp}${c.county_fp}`)!
      expect(c.parcels).toBe(mine.length)
      expect([c.state, c.county]).toEqual([mine[0]!.state, mine[0]!.county])
      const boxes = mine.map((p) => bboxOf(p.geom))
      const truth = [
        Math.min(...boxes.map((b) => b[0])),
        Math.min(...boxes.map((b) => b[1])),
        Math.max(...boxes.map((b) => b[2])),
        Math.max(...boxes.map((b) => b[3])),
      ]
      for (const [i, v] of c.bbox.entries()) expect(v).toBeCloseTo(truth[i]!, 5)
      expect(Date.parse(c.loaded_at)).not.toBeNaN()
    }
  })

  it('answers 304 to its own ETag, which is the version', async () => {
    const first = await get('/coverage')
    expect(first.headers.get('etag')).toBe(`W/"${version}"`)
    expect(first.headers.get('cache-control')).toBe('private, no-cache')
    const again = await fetchTile(baseUrl(), '/coverage', keyOf('full'), { 'if-none-match': `W/"${version}"` })
    expect(again.status).toBe(304)
  })
})

describe('tile answers', () => {
  it('are MVT with an ETag from the data version, private caching (never no-store), compressed', async () => {
    const res = await tile(tilePath(dense[4]!), keyOf('full'), { 'accept-encoding': 'br' })
    expect(res.status, showTile(res)).toBe(200)
    expect(res.headers.get('content-type')).toBe(TILE_CONTENT_TYPE)
    expect(res.headers.get('etag')).toMatch(new RegExp(`^W/"${version}-[a-z0-9]+"$`))
    expect(res.headers.get('cache-control')).toBe('private, max-age=60')
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding/)
    expect(res.headers.get('x-tile-detail')).toBe('full')
    expect(decodeTile(res.bytes).parcels.length).toBeGreaterThan(0)
    const named = await tile(`${tilePath(dense[4]!)}?v=${version}`)
    expect(named.headers.get('cache-control')).toBe('private, max-age=86400, immutable')
  })

  it('304 to If-None-Match with the current ETag (no body), 200 to an old one', async () => {
    const path = tilePath(dense[5]!)
    const etag = (await tile(path)).headers.get('etag')!
    const same = await tile(path, keyOf('full'), { 'if-none-match': etag })
    expect(same.status).toBe(304)
    expect(same.bytes).toHaveLength(0)
    expect(same.headers.get('etag')).toBe(etag)
    expect(same.headers.get('cache-control')).toBe('private, max-age=60')
    const old = await tile(path, keyOf('full'), { 'if-none-match': 'W/"0000000000000000-t1"' })
    expect(old.status).toBe(200)
    expect(old.bytes.length).toBeGreaterThan(0)
  })

  it('CORS like the API: the allowed origin may read them and their detail headers', async () => {
    const res = await tile(tilePath(dense[5]!), keyOf('full'), { origin: CORS_ORIGIN })
    expect(res.headers.get('access-control-allow-origin')).toBe(CORS_ORIGIN)
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-Tile-Detail/i)
    const preflight = await fetch(`${baseUrl()}${tilePath(dense[5]!)}`, {
      method: 'OPTIONS',
      headers: {
        origin: CORS_ORIGIN,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization, if-none-match',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/If-None-Match/i)
    expect(
      (await tile(tilePath(dense[5]!), keyOf('full'), { origin: 'https://evil.example' })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBeNull()
  })

  it(`are empty (200, no body) below zoom ${PARCEL_TILE_MIN_ZOOM}, where parcels would be noise`, async () => {
    for (const z of [0, 5, PARCEL_TILE_MIN_ZOOM - 1]) {
      const res = await tile(tilePath({ z, x: dense[0]!.x >> (10 - z), y: dense[0]!.y >> (10 - z) }))
      expect(res.status, showTile(res)).toBe(200)
      expect(res.bytes).toHaveLength(0)
      expect(res.headers.get('content-type')).toBe(TILE_CONTENT_TYPE)
    }
  })

  it.each([
    ['/tiles/parcels/17/0/0.mvt', 400],
    ['/tiles/parcels/99999999999/0/0.mvt', 400],
    ['/tiles/parcels/-1/0/0.mvt', 400],
    ['/tiles/parcels/z/0/0.mvt', 400],
    ['/tiles/parcels/12/4096/0.mvt', 400],
    ['/tiles/parcels/12/0/4096.mvt', 400],
    ['/tiles/parcels/12/1.5/0.mvt', 400],
    ['/tiles/parcels/12/0/0.pbf', 400],
    ['/tiles/parcels/12/0/0', 400],
    ['/tiles/parcels/12/0', 404],
    ['/tiles/parcels/12/0/0/0.mvt', 404],
    ['/tiles/places/12/0/0.mvt', 404],
  ])('%s → %i with a reason, never a 500', async (path, status) => {
    const res = await tile(path)
    expect(res.status, showTile(res)).toBe(status)
    expect(ErrorBodySchema.parse(JSON.parse(res.text)).detail.length).toBeGreaterThan(10)
  })

  it('other methods are 405 with Allow', async () => {
    const res = await fetchTile(baseUrl(), tilePath(dense[3]!), keyOf('full'), {}, 'POST')
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('GET, HEAD')
    expect((await fetchTile(baseUrl(), '/coverage', keyOf('full'), {}, 'DELETE')).status).toBe(405)
  })
})

describe('tile contents, checked against the records', () => {
  it('hold every parcel that crosses the tile (and only those within its buffer), with the contract’s id and properties', async () => {
    let checked = 0
    for (const t of dense) {
      const res = await tile(tilePath(t))
      expect(res.status, showTile(res)).toBe(200)
      expect(res.headers.get('x-tile-detail'), `${tilePath(t)} stayed under the cap`).toBe('full')
      const decoded = decodeTile(res.bytes)
      expect(decoded.extent[PARCEL_LAYER]).toBe(TILE_EXTENT)
      const { must, may } = expectedParcels(t, parcels, BUFFER)
      expect(must.length, `${tilePath(t)} has parcels to check`).toBeGreaterThan(0)
      const got = new Map(decoded.parcels.map((f) => [f.properties.svc_uuid as string, f]))
      expect(got.size, 'one feature per parcel').toBe(decoded.parcels.length)
      const missing = must.filter((p) => !got.has(p.svc_uuid)).map((p) => p.svc_uuid)
      expect(missing, `${tilePath(t)}: parcels crossing the tile but not in it`).toEqual([])
      const stray = [...got.keys()].filter((u) => !may.has(u))
      expect(stray, `${tilePath(t)}: features of parcels that do not reach the tile`).toEqual([])
      for (const f of decoded.parcels) {
        const record = byUuid.get(f.properties.svc_uuid as string)!
        expect(propertyProblems(f, record, t.z), tilePath(t)).toEqual([])
        // A parcel well inside the tile keeps its outline: its box on the tile within a unit of the record's.
        const box = unitsBox(t, bboxOf(record.geom))
        if (box.every((v) => v > 2 && v < TILE_EXTENT - 2)) {
          for (const [i, v] of f.bbox.entries())
            expect(Math.abs(v - box[i]!), `${tilePath(t)} ${f.id} box`).toBeLessThanOrEqual(1)
          expect(f.area, `${tilePath(t)} ${f.id}: exterior rings wind the MVT way`).toBeGreaterThan(0)
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
  })

  it('clip a parcel larger than a deep tile to the tile and its buffer', async () => {
    const largest = [...parcels].sort((a, b) => {
      const [a0, a1, a2, a3] = bboxOf(a.geom)
      const [b0, b1, b2, b3] = bboxOf(b.geom)
      return (b2 - b0) * (b3 - b1) - (a2 - a0) * (a3 - a1)
    })[0]!
    const [lon, lat] = bboxCenter(bboxOf(largest.geom)) as [number, number]
    const t = tileAt(lon, lat, PARCEL_TILE_MAX_ZOOM)
    const decoded = decodeTile((await tile(tilePath(t))).bytes)
    const f = decoded.parcels.find((p) => p.id === tileFeatureId(largest.svc_uuid))
    expect(f, 'the parcel under the tile centre').toBeDefined()
    const box = unitsBox(t, bboxOf(largest.geom))
    const clamp = (v: number) => Math.min(TILE_EXTENT + BUFFER, Math.max(-BUFFER, v))
    for (const [i, v] of f!.bbox.entries()) expect(Math.abs(v - clamp(box[i]!))).toBeLessThanOrEqual(1)
  })

  it('name the towns of the parcels in the places layer, with their parcel counts', async () => {
    let seen = 0
    for (const t of dense.slice(0, 4)) {
      const decoded = decodeTile((await tile(tilePath(t))).bytes)
      for (const place of decoded.places) {
        const [lon, lat] = toLonLat(t, place.x, place.y)
        const name = String(place.properties.name).toLowerCase()
        const town = parcels.filter((p) => typeof p.city === 'string' && p.city.toLowerCase() === name)
        const counties = new Map<string, Parcel[]>()
        for (const p of town) counties.set(p.county_fp as string, [...(counties.get(p.county_fp as string) ?? []), p])
        const match = [...counties.values()].find((ps) => ps.length === place.properties.parcels)
        expect(match, `${place.properties.name}: ${place.properties.parcels} parcels in one county`).toBeDefined()
        const boxes = match!.map((p) => bboxOf(p.geom))
        expect(lon).toBeGreaterThanOrEqual(Math.min(...boxes.map((b) => b[0])))
        expect(lon).toBeLessThanOrEqual(Math.max(...boxes.map((b) => b[2])))
        expect(lat).toBeGreaterThanOrEqual(Math.min(...boxes.map((b) => b[1])))
        expect(lat).toBeLessThanOrEqual(Math.max(...boxes.map((b) => b[3])))
        expect(Object.keys(place.properties).sort()).toEqual(['name', 'parcels'])
        seen++
      }
      if (decoded.places.length) expect(decoded.layers).toContain(PLACE_LAYER)
    }
    expect(seen, 'the busiest tile’s town is labelled').toBeGreaterThan(0)
  })
})

describe('the county view (z10–z12)', () => {
  it('a z10 and a z11 tile over the densest town hold every parcel, or count the ones they leave out in their texture', async () => {
    for (const t of dense.slice(0, 2)) {
      const res = await tile(tilePath(t))
      expect(res.status, showTile(res)).toBe(200)
      const decoded = decodeTile(res.bytes)
      const omitted = Number(res.headers.get('x-tile-omitted') ?? 0)
      const counted = decoded.texture.reduce((n, c) => n + Number(c.properties.parcels), 0)
      // The texture counts parcels by their centre, in the tile itself (the header also counts the buffer's).
      expect(counted, `${tilePath(t)} texture`).toBeLessThanOrEqual(omitted)
      const { must } = expectedParcels(t, parcels, BUFFER)
      const got = new Set(decoded.parcels.map((f) => f.properties.svc_uuid as string))
      const missing = must.filter((p) => !got.has(p.svc_uuid))
      expect(missing.length, `${tilePath(t)}: parcels neither drawn nor counted`).toBeLessThanOrEqual(omitted)
      if (omitted === 0) expect(decoded.texture).toEqual([])
    }
  })

  it('are kept: the second answer comes from the tile store, byte for byte', async () => {
    const path = tilePath(dense[0]!)
    const first = await tile(path)
    const second = await tile(path)
    expect(first.headers.get('x-tile-store'), showTile(first)).toMatch(/^(hit|miss)$/)
    expect(second.headers.get('x-tile-store')).toBe('hit')
    expect(Buffer.from(second.bytes).equals(Buffer.from(first.bytes))).toBe(true)
    // Deeper tiles are made on demand and not kept.
    expect((await tile(tilePath(dense[3]!))).headers.get('x-tile-store')).toBeNull()
  })

  it('are warmed after the load: a z12 tile nobody asked for yet comes from the store', async () => {
    // Each try asks a tile not asked before (a made tile would be kept, and say nothing about warming).
    const z10 = dense[0]!
    const fresh: Tile[] = []
    for (let dx = 0; dx < 4; dx++)
      for (let dy = 0; dy < 4; dy++) fresh.push({ z: 12, x: z10.x * 4 + dx, y: z10.y * 4 + dy })
    const asked = new Set(dense.map(tilePath))
    const candidates = fresh.filter((t) => !asked.has(tilePath(t))).reverse()
    const deadline = Date.now() + 60_000
    let hit: string | null = null
    while (!hit && candidates.length && Date.now() < deadline) {
      const t = candidates.pop()!
      const res = await tile(tilePath(t))
      if (res.headers.get('x-tile-store') === 'hit') hit = tilePath(t)
      else await new Promise((r) => setTimeout(r, 3000))
    }
    expect(hit, 'a z12 tile warmed before it was asked').not.toBeNull()
  }, 70_000)
})
