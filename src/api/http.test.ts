import { describe, expect, it } from 'vitest'
import { fetchAddress } from './address'
import { fetchArea } from './area'
import { fetchPoint } from './point'
import { fetchQuery } from './query'
import { responseText } from './response-text'

const KEY = 'plat_0123456789abcdefghijklmnopqrstuvwxyzABCD'

function fakeFetch(status: number, body: unknown, seen: { url?: string; init?: RequestInit } = {}): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    seen.url = url
    seen.init = init
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })
  }) as typeof fetch
}

describe('http client', () => {
  it('keeps the text a response came as, for the persisted cache to store as it is', async () => {
    const text = '{"results":[{"svc_uuid":"u"}],"count":1,"limit":100,"offset":0}'
    const res = await fetchQuery({ baseUrl: '', apiKey: KEY, fetch: fakeFetch(200, text) }, { filters: [], limit: 100 })
    expect(responseText(res)).toBe(text)
    expect(responseText({ results: [] })).toBeUndefined()
  })

  it('sends the bearer key and JSON, parses the response tolerantly (records are open objects)', async () => {
    const seen: { url?: string; init?: RequestInit } = {}
    const conn = {
      baseUrl: 'https://api.example/',
      apiKey: KEY,
      fetch: fakeFetch(200, { results: [{ svc_uuid: 'u', extra: 1 }], count: 7, limit: 100, offset: 0 }, seen),
    }
    const res = await fetchQuery(conn, { filters: [], limit: 100 })
    expect(seen.url).toBe('https://api.example/parcels/query')
    const headers = seen.init?.headers as Record<string, string>
    expect(headers.authorization).toBe(`Bearer ${KEY}`)
    expect(headers['content-type']).toBe('application/json')
    expect(res.count).toBe(7)
    expect(res.results[0]?.extra).toBe(1)
  })

  it('lookups are GETs with the documented parameters', async () => {
    const seen: { url?: string } = {}
    const conn = { baseUrl: '', apiKey: KEY, fetch: fakeFetch(200, { results: [], count: 0 }, seen) }
    await fetchPoint(conn, { lat: 42.1234567891, lon: -93.5, limit: 5, includeBuildings: true })
    expect(seen.url).toBe('/parcels/point?lat=42.123457&lon=-93.5&limit=5&include_buildings=true')
    await fetchAddress(conn, { address: '12 Main St', state: 'IA', countyFp: '169' })
    expect(seen.url).toBe('/parcels/address?address=12+Main+St&state=IA&county_fp=169')
    expect(seen.url).not.toContain(KEY)
  })

  it('maps error statuses and network failures to ApiError without the key', async () => {
    const conn = (f: typeof fetch) => ({ baseUrl: '', apiKey: KEY, fetch: f })
    await expect(
      fetchArea(conn(fakeFetch(401, { detail: 'Unknown API key' })), { type: 'FeatureCollection', features: [] }),
    ).rejects.toMatchObject({ kind: 'auth', status: 401 })
    await expect(fetchQuery(conn(fakeFetch(500, '<html>oops</html>')), { filters: [] })).rejects.toMatchObject({
      kind: 'server',
      status: 500,
    })
    const failing = (async () => {
      throw new TypeError(`connect ECONNREFUSED (Bearer ${KEY})`)
    }) as unknown as typeof fetch
    const e = await fetchQuery(conn(failing), { filters: [] }).catch((x: Error) => x)
    expect(e).toMatchObject({ kind: 'network', status: 0 })
    expect((e as Error).message).not.toContain(KEY)
  })

  it('a 200 that breaks the contract is a server error, not a crash later', async () => {
    const conn = { baseUrl: '', apiKey: KEY, fetch: fakeFetch(200, { results: 'nope' }) }
    await expect(fetchQuery(conn, { filters: [] })).rejects.toMatchObject({ kind: 'server' })
  })

  it('an abort surfaces as the abort, not as a network error', async () => {
    const ac = new AbortController()
    const hanging = ((_: string, init?: RequestInit) =>
      new Promise((_r, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      )) as typeof fetch
    const p = fetchQuery({ baseUrl: '', apiKey: KEY, fetch: hanging }, { filters: [] }, ac.signal)
    ac.abort()
    await expect(p).rejects.toMatchObject({ name: 'AbortError' })
  })
})
