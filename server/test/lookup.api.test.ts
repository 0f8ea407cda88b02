/** GET /parcels/point and GET /parcels/address. */
import { beforeAll, describe, expect, it } from 'vitest'
import { ValidationErrorBodySchema } from '../../contract/errors'
import { LOOKUP_DEFAULT_LIMIT } from '../../contract/limits'
import { type LookupResponse, LookupResponseSchema } from '../../contract/schemas'
import { expect422At } from './checks'
import { allParcels, type Parcel } from './data'
import { containsPoint, interiorPoint } from './geo'
import { get, show } from './http'

let all: Parcel[]
beforeAll(async () => {
  all = await allParcels()
})

type Params = Record<string, string | number | boolean | undefined>

async function lookupOk(path: string, params: Params): Promise<LookupResponse & { results: Parcel[] }> {
  const res = await get(path, params)
  expect(res.status, `${path} ${JSON.stringify(params)} → ${show(res)}`).toBe(200)
  const body = LookupResponseSchema.parse(res.body)
  expect(body.count, 'count is the number of results returned').toBe(body.results.length)
  return body as LookupResponse & { results: Parcel[] }
}

/** Parcels spread over the data set (the uuid order mixes the counties). */
const spread = (n: number) => Array.from({ length: n }, (_, i) => all[Math.floor((i * all.length) / n)] as Parcel)

describe('GET /parcels/point', () => {
  it('returns exactly the parcels containing the point (checked with turf over all parcels)', async () => {
    for (const p of spread(10)) {
      const pt = interiorPoint(p.geom)
      expect(pt, `no interior point for ${p.svc_uuid}`).not.toBeNull()
      const [lon, lat] = pt as [number, number]
      const res = await lookupOk('/parcels/point', { lat, lon, limit: 100 })
      const got = res.results.map((r) => r.svc_uuid).sort()
      expect(got).toContain(p.svc_uuid)
      for (const r of res.results) expect(containsPoint(r.geom, [lon, lat]), r.svc_uuid).toBe(true)
      const expected = all
        .filter((r) => containsPoint(r.geom, [lon, lat]))
        .map((r) => r.svc_uuid)
        .sort()
      expect(got).toEqual(expected)
    }
  })

  it('limit caps the results; the default is 10', async () => {
    const p = spread(3)[1] as Parcel
    const [lon, lat] = interiorPoint(p.geom) as [number, number]
    const one = await lookupOk('/parcels/point', { lat, lon, limit: 1 })
    expect(one.results.length).toBe(1)
    const dflt = await lookupOk('/parcels/point', { lat, lon })
    expect(dflt.results.length).toBeLessThanOrEqual(LOOKUP_DEFAULT_LIMIT)
    expect(dflt.results.length).toBeGreaterThanOrEqual(1)
  })

  it('a point with no parcel → empty results, count 0', async () => {
    expect(await lookupOk('/parcels/point', { lat: 10.02, lon: -150 })).toEqual({ results: [], count: 0 })
    expect(await lookupOk('/parcels/point', { lat: -90, lon: 180 })).toEqual({ results: [], count: 0 })
  })

  it('include_buildings: arrays when true (also "1"), key absent otherwise', async () => {
    const p = spread(4)[2] as Parcel
    const [lon, lat] = interiorPoint(p.geom) as [number, number]
    for (const flag of ['true', '1']) {
      const res = await lookupOk('/parcels/point', { lat, lon, include_buildings: flag })
      expect(res.results.length).toBeGreaterThan(0)
      for (const r of res.results) expect(Array.isArray(r.buildings)).toBe(true)
    }
    for (const flag of ['false', '0', undefined]) {
      const res = await lookupOk('/parcels/point', { lat, lon, include_buildings: flag })
      for (const r of res.results) expect(Object.hasOwn(r, 'buildings')).toBe(false)
    }
  })

  const bad: [string, Params, string][] = [
    ['lat missing', { lon: -93.6 }, 'lat'],
    ['lon missing', { lat: 42 }, 'lon'],
    ['lat not a number', { lat: 'abc', lon: -93.6 }, 'lat'],
    ['lat 91', { lat: 91, lon: -93.6 }, 'lat'],
    ['lat -90.5', { lat: -90.5, lon: -93.6 }, 'lat'],
    ['lon 181', { lat: 42, lon: 181 }, 'lon'],
    ['lon -200', { lat: 42, lon: -200 }, 'lon'],
    ['lon NaN', { lat: 42, lon: 'NaN' }, 'lon'],
    ['lat Infinity', { lat: 'Infinity', lon: -93 }, 'lat'],
    ['limit 0', { lat: 42, lon: -93.6, limit: 0 }, 'limit'],
    ['limit 101', { lat: 42, lon: -93.6, limit: 101 }, 'limit'],
    ['limit 2.5', { lat: 42, lon: -93.6, limit: 2.5 }, 'limit'],
    ['limit abc', { lat: 42, lon: -93.6, limit: 'abc' }, 'limit'],
    ['include_buildings maybe', { lat: 42, lon: -93.6, include_buildings: 'maybe' }, 'include_buildings'],
  ]
  for (const [label, params, field] of bad) {
    it(`${label} → 422 at ["query","${field}"]`, async () => {
      expect422At(await get('/parcels/point', params), ['query', field])
    })
  }

  it('empty lat / lon values are missing values → 422, not the point (0, 0)', async () => {
    expect422At(await get('/parcels/point', { lat: '', lon: -93.6 }), ['query', 'lat'])
    expect422At(await get('/parcels/point', { lat: 42, lon: ' ' }), ['query', 'lon'])
  })

  it('both lat and lon missing → 422 naming both', async () => {
    const res = await get('/parcels/point', {})
    expect422At(res, ['query', 'lat'])
    expect422At(res, ['query', 'lon'])
  })
})

/** One letter in the longest word changed (never a digit), keeping the case. */
function typo(address: string): string | null {
  const words = [...address.matchAll(/[A-Za-z]{4,}/g)].sort((a, b) => b[0].length - a[0].length)
  const w = words[0]
  if (!w || w.index === undefined) return null
  const at = w.index + Math.floor(w[0].length / 2)
  const c = address[at] as string
  const lower = c.toLowerCase() === 'x' ? 'q' : 'x'
  const r = c === c.toUpperCase() ? lower.toUpperCase() : lower
  return address.slice(0, at) + r + address.slice(at + 1)
}

const norm = (s: unknown) => String(s).trim().replace(/\s+/g, ' ').toLowerCase()

describe('GET /parcels/address', () => {
  const withSitus = () =>
    spread(40).filter((p) => typeof p.situs === 'string' && /\d/.test(p.situs as string) && typo(p.situs as string))

  it('the demo data has addresses to look up', () => {
    expect(withSitus().length).toBeGreaterThan(5)
  })

  it('an exact address ranks a parcel with that address first and finds the parcel', async () => {
    for (const p of withSitus().slice(0, 8)) {
      const res = await lookupOk('/parcels/address', { address: p.situs as string, limit: 100 })
      expect(res.results.length).toBeGreaterThan(0)
      expect(norm(res.results[0]?.situs), `top result for "${p.situs}"`).toBe(norm(p.situs))
      expect(res.results.map((r) => r.svc_uuid)).toContain(p.svc_uuid)
    }
  })

  it('lower case and extra spaces find the same top address', async () => {
    for (const p of withSitus().slice(0, 4)) {
      const address = `  ${(p.situs as string).toLowerCase().replace(/ /g, '  ')} `
      const res = await lookupOk('/parcels/address', { address })
      expect(norm(res.results[0]?.situs), `top result for "${address}"`).toBe(norm(p.situs))
    }
  })

  it('an address with a typo still ranks the right address first', async () => {
    for (const p of withSitus().slice(0, 8)) {
      const address = typo(p.situs as string) as string
      const res = await lookupOk('/parcels/address', { address, limit: 100 })
      expect(norm(res.results[0]?.situs), `top result for "${address}" (from "${p.situs}")`).toBe(norm(p.situs))
      expect(res.results.map((r) => r.svc_uuid)).toContain(p.svc_uuid)
    }
  })

  it('results are capped by limit (default 10)', async () => {
    const street = String(withSitus()[0]?.situs ?? '').replace(/^\d+\s*/, '')
    const dflt = await lookupOk('/parcels/address', { address: street })
    expect(dflt.results.length).toBeLessThanOrEqual(LOOKUP_DEFAULT_LIMIT)
    const two = await lookupOk('/parcels/address', { address: street, limit: 2 })
    expect(two.results.length).toBeLessThanOrEqual(2)
  })

  it('state narrows to that state (case-insensitive); another state excludes the parcel', async () => {
    const states = [...new Set(all.map((r) => r.state as string))]
    for (const p of withSitus().slice(0, 4)) {
      const address = p.situs as string
      const same = await lookupOk('/parcels/address', { address, state: (p.state as string).toLowerCase(), limit: 50 })
      expect(same.results.map((r) => r.svc_uuid)).toContain(p.svc_uuid)
      for (const r of same.results) expect(r.state).toBe(p.state)
      const other = states.find((s) => s !== p.state) as string
      const elsewhere = await lookupOk('/parcels/address', { address, state: other, limit: 50 })
      for (const r of elsewhere.results) expect(r.state).toBe(other)
      expect(elsewhere.results.map((r) => r.svc_uuid)).not.toContain(p.svc_uuid)
    }
  })

  it('county_fp narrows to that county (leading zeros optional)', async () => {
    for (const p of withSitus().slice(0, 4)) {
      const countyFp = p.county_fp as string
      const res = await lookupOk('/parcels/address', {
        address: p.situs as string,
        county_fp: String(Number(countyFp)),
        state: p.state as string,
        limit: 50,
      })
      expect(res.results.map((r) => r.svc_uuid)).toContain(p.svc_uuid)
      for (const r of res.results) {
        expect(r.county_fp).toBe(countyFp)
        expect(r.state).toBe(p.state)
      }
    }
  })

  it('include_buildings=true gives buildings arrays; absent gives no key', async () => {
    const p = withSitus()[0] as Parcel
    const withB = await lookupOk('/parcels/address', { address: p.situs as string, include_buildings: true })
    for (const r of withB.results) expect(Array.isArray(r.buildings)).toBe(true)
    const without = await lookupOk('/parcels/address', { address: p.situs as string })
    for (const r of without.results) expect(Object.hasOwn(r, 'buildings')).toBe(false)
  })

  it('an address with a NUL character or a lone surrogate → 200 or 422, never 500', async () => {
    for (const address of ['a\u0000b', '12 Main\u0000', '\ud800 Main St']) {
      const res = await get('/parcels/address', { address })
      expect([200, 422], `${JSON.stringify(address)}: ${show(res)}`).toContain(res.status)
    }
  })

  it('odd but valid addresses answer 200', async () => {
    // '%', '_', '\\', 'a', '0': too vague to search by, a 422 now (address-cost.api.test.ts).
    for (const address of ["'; DROP TABLE parcels; --", 'Ünïcödé Straße 5', '🏠 1 Main']) {
      await lookupOk('/parcels/address', { address })
    }
  })

  const bad: [string, Params, string][] = [
    ['address missing', {}, 'address'],
    ['address empty', { address: '' }, 'address'],
    ['address blank', { address: '   ' }, 'address'],
    ['address of 201 characters', { address: 'a'.repeat(201) }, 'address'],
    ['state of 3 letters', { address: '1 Main St', state: 'IOW' }, 'state'],
    ['state with a digit', { address: '1 Main St', state: 'I1' }, 'state'],
    ['county_fp with letters', { address: '1 Main St', county_fp: 'abc' }, 'county_fp'],
    ['county_fp of 4 digits', { address: '1 Main St', county_fp: '1690' }, 'county_fp'],
    ['limit 0', { address: '1 Main St', limit: 0 }, 'limit'],
    ['limit 101', { address: '1 Main St', limit: 101 }, 'limit'],
    ['include_buildings yes', { address: '1 Main St', include_buildings: 'yes' }, 'include_buildings'],
  ]
  for (const [label, params, field] of bad) {
    it(`${label} → 422 at ["query","${field}"]`, async () => {
      const res = await get('/parcels/address', params)
      expect422At(res, ['query', field])
      expect(ValidationErrorBodySchema.safeParse(res.body).success).toBe(true)
    })
  }
})
