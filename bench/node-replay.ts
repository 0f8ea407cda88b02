/**
 * The headless baseline for `bench:app`: the very calls a search made in the browser (the area
 * call, then its query pages), replayed from Node at the app's concurrency against the same server
 * in the same run. The ratio app ÷ this is what the browser adds on top of the network: parsing,
 * caching, the table and the map.
 */
import { performance } from 'node:perf_hooks'

export interface RecordedCall {
  path: string
  body: string
}

/** Replays `calls` in order (everything before the first query call first, then the queries `concurrency` at a time); ms. */
export async function replay(baseUrl: string, key: string, calls: readonly RecordedCall[], concurrency: number) {
  const send = async (c: RecordedCall) => {
    const res = await fetch(`${baseUrl}${c.path}`, {
      method: 'POST',
      // The browser's encoding preference too, so the server does the same work for both clients
      // (Node's fetch asks for gzip by default, the browser gets brotli).
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      body: c.body,
    })
    if (!res.ok) throw new Error(`${c.path} → ${res.status}`)
    await res.json()
  }
  const firstQuery = calls.findIndex((c) => c.path === '/parcels/query')
  const before = firstQuery < 0 ? calls : calls.slice(0, firstQuery)
  const queries = firstQuery < 0 ? [] : calls.slice(firstQuery)
  const t0 = performance.now()
  for (const c of before) await send(c)
  let next = 0
  const worker = async () => {
    while (next < queries.length) {
      const c = queries[next++] as RecordedCall
      await send(c)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, queries.length) }, worker))
  return performance.now() - t0
}
