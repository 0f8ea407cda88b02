import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { FilterItem } from '../../../contract/schemas'
import { createCachedSources } from '../../cache/cached-sources'
import { memoryStore } from '../../cache/persisted-store.test-support'
import { FakeServer, makeRecords } from './fake-server.test-support'
import { areaSpec } from './search-harness.test-support'
import { SearchSession } from './search-session'

/** A fetch that answers like the reference server from a FakeServer, counting requests. */
function serverFetch(server: FakeServer, counter: { n: number }): typeof fetch {
  return (async (url: string, init?: RequestInit) => {
    counter.n++
    const body = JSON.parse(String(init?.body))
    if (url.endsWith('/parcels/area')) return Response.json({ svc_uuids: server.ids })
    return Response.json(await server.query(body))
  }) as typeof fetch
}

function app(server: FakeServer, disk: ReturnType<typeof memoryStore>, counter: { n: number }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const sources = createCachedSources({
    client,
    store: disk,
    connection: async () => ({ baseUrl: 'http://api', apiKey: 'k', fetch: serverFetch(server, counter) }),
    baseUrl: () => 'http://api',
  })
  return new SearchSession(sources, { confirmThreshold: () => 1e9, concurrency: 3, publishMs: 0 })
}

const filters: FilterItem[] = [{ field: 'cdl_majority_percent', op: 'lt', value: 30 }]

describe('QueryClient + persisted cache', () => {
  it('repeated searches cost zero calls, in the same page and after a reload', async () => {
    const server = new FakeServer(makeRecords(4_000))
    const disk = memoryStore()
    const counter = { n: 0 }
    const first = app(server, disk, counter)
    first.start(areaSpec(filters), 'all')
    await first.settled()
    const cold = first.getSnapshot()
    expect(cold.status).toBe('done')
    expect(counter.n).toBe(cold.calls.area + cold.calls.query)

    first.start(null, 'all')
    first.start(areaSpec(filters), 'all')
    await first.settled()
    expect(first.getSnapshot().calls).toEqual({ area: 0, query: 0 })

    await new Promise((r) => setTimeout(r, 0)) // let the disk writes land
    const reloaded = app(server, disk, counter) // new QueryClient: only the disk remembers
    const before = counter.n
    reloaded.start(areaSpec(filters), 'all')
    await reloaded.settled()
    const warm = reloaded.getSnapshot()
    expect(counter.n).toBe(before)
    expect(warm.calls).toEqual({ area: 0, query: 0 })
    expect(warm.rowCount).toBe(cold.rowCount)
  })
})
