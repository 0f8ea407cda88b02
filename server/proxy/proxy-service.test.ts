import { describe, expect, it } from 'vitest'
import type { ProxyRequest } from './cache-key'
import { countingUsage, manualUpstream, memoryCache } from './proxy-fakes.test-support'
import { proxyService } from './proxy-service'
import { redactor } from './redact'

const ok = (body: string) => ({ kind: 'answer', status: 200, text: body, retryAfter: null, location: null }) as const
const PAGE = '{"results":[{"svc_uuid":"a"}],"count":1,"limit":20,"offset":0}'
const query = (body: string): ProxyRequest => ({ endpoint: 'query', body, value: JSON.parse(body) })
const A = query('{"filters":[{"field":"svc_uuid","op":"in","value":["a","b"]}]}')
/** The same question as A, spelled with the list the other way round. */
const A2 = query('{"filters":[{"field":"svc_uuid","op":"in","value":["b","a"]}]}')

function setup() {
  const upstream = manualUpstream()
  const cache = memoryCache()
  const usage = countingUsage()
  const logged: string[] = []
  const service = proxyService({ upstream, cache, usage, redact: redactor('k'), log: (l) => logged.push(l) })
  const ask = (req: ProxyRequest) => service.answer(req, {})
  return { upstream, cache, usage, logged, ask }
}

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('the proxy service', () => {
  it('asks once, then answers the same question (however spelled) from the cache', async () => {
    const { upstream, usage, ask } = setup()
    const first = ask(A)
    await tick()
    upstream.release(ok(PAGE))
    expect(await first).toMatchObject({ status: 200, body: PAGE, records: 1, source: 'upstream' })
    expect(await ask(A)).toMatchObject({ status: 200, body: PAGE, records: 1, source: 'cache' })
    expect(await ask(A2)).toMatchObject({ body: PAGE, source: 'cache' })
    expect(upstream.calls).toHaveLength(1)
    expect(usage.totals).toMatchObject({ upstream_calls: 1, upstream_records: 1, cache_hits: 2, cache_records: 2 })
  })

  it('requests arriving while the call is under way share it', async () => {
    const { upstream, usage, ask } = setup()
    const all = [ask(A), ask(A), ask(A2)]
    await tick()
    upstream.release(ok(PAGE))
    const answers = await Promise.all(all)
    expect(upstream.calls).toHaveLength(1)
    expect(answers.map((a) => a.source).sort()).toEqual(['coalesced', 'coalesced', 'upstream'])
    expect(answers.every((a) => a.body === PAGE)).toBe(true)
    expect(usage.totals).toMatchObject({ upstream_calls: 1, coalesced: 2, coalesced_records: 2 })
  })

  it('a failure is not cached; only the very same request text shares it', async () => {
    const { upstream, cache, ask } = setup()
    const v422 = '{"detail":[{"loc":["body","filters",0,"value",1],"msg":"bad","type":"x"}]}'
    const leader = ask(A)
    const same = ask(A)
    const spelledOtherwise = ask(A2)
    await tick()
    upstream.release({ ...ok(v422), status: 422 })
    expect(await leader).toMatchObject({ status: 422, body: v422 })
    expect(await same).toMatchObject({ status: 422, body: v422, source: 'coalesced' })
    await tick()
    // A2's error would point at its own list order: it asks for itself.
    expect(upstream.calls).toHaveLength(2)
    upstream.release(ok(PAGE))
    expect(await spelledOtherwise).toMatchObject({ status: 200, source: 'upstream' })
    expect(cache.rows.size).toBe(1)
  })

  it('nothing is cached from a timeout, a reset or a 5xx; the next request asks again', async () => {
    const { upstream, cache, ask, logged } = setup()
    const failures = [
      { kind: 'timeout', afterMs: 100 } as const,
      { kind: 'broken', reason: 'other side closed' } as const,
      { ...ok('{"detail":"boom"}'), status: 500 },
    ]
    for (const failure of failures) {
      const pending = ask(A)
      await tick()
      upstream.release(failure)
      expect((await pending).status).toBeGreaterThanOrEqual(500)
    }
    expect(upstream.calls).toHaveLength(3)
    expect(cache.rows.size).toBe(0)
    expect(logged).toHaveLength(3)
  })

  it('a cache that cannot be written still serves the paid-for answer', async () => {
    const { upstream, cache, ask, logged } = setup()
    cache.failWrites = true
    const pending = ask(A)
    await tick()
    upstream.release(ok(PAGE))
    expect(await pending).toMatchObject({ status: 200, body: PAGE })
    expect(logged.join('\n')).toMatch(/cache write failed/)
  })
})
