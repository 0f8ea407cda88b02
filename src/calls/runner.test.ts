import { describe, expect, it } from 'vitest'
import { ApiError } from '../api/api-error'
import { Cancelled, type RetrySetup, Runner } from './runner'
import type { Source } from './source'

/** A source over a Map: held keys are cache hits; the rest are "network" calls, logged. */
function mapSource(held: Record<string, number>, fail: Error[] = []) {
  const sent: string[] = []
  const source: Source<string, number> = {
    peek: async (req) => held[req],
    fetch: async (req) => {
      sent.push(req)
      const error = fail.shift()
      if (error) throw error
      return { value: req.length, network: true }
    },
  }
  return { source, sent }
}

const noWait: RetrySetup = { policy: { retries: 2, baseMs: 1, capMs: 1 }, sleep: async () => {}, random: () => 0 }
const unavailable = () => new ApiError({ status: 503, kind: 'server', detail: 'Busy.' })

describe('Runner', () => {
  it('answers from the cache first and counts cache answers apart from calls', async () => {
    const { source, sent } = mapSource({ held: 7 })
    const seen: unknown[] = []
    const runner = new Runner({ signal: new AbortController().signal, onTally: (t) => seen.push(t) })
    runner.plan(2)
    expect(await runner.get(source, 'held')).toBe(7)
    expect(await runner.get(source, 'asked')).toBe(5)
    expect(sent).toEqual(['asked'])
    expect(runner.spent()).toEqual({ calls: 1, cached: 1, planned: 2 })
    expect(seen.at(-1)).toEqual({ calls: 1, cached: 1, planned: 2 })
  })

  it('retries a 503 under the policy when asked to, and not otherwise', async () => {
    const retried = mapSource({}, [unavailable()])
    const runner = new Runner({ signal: new AbortController().signal, retry: noWait })
    expect(await runner.get(retried.source, 'page')).toBe(4)
    expect(retried.sent).toEqual(['page', 'page'])

    const once = mapSource({}, [unavailable()])
    const plain = new Runner({ signal: new AbortController().signal })
    await expect(plain.get(once.source, 'page')).rejects.toBeInstanceOf(ApiError)
    expect(once.sent).toEqual(['page'])
  })

  it('never retries a verdict such as 429', async () => {
    const { source, sent } = mapSource({}, [new ApiError({ status: 429, kind: 'quota', detail: 'Slow down.' })])
    const runner = new Runner({ signal: new AbortController().signal, retry: noWait })
    await expect(runner.get(source, 'page')).rejects.toMatchObject({ kind: 'quota' })
    expect(sent).toEqual(['page'])
  })

  it('counts the calls still to make and asks only above the threshold; a "no" cancels', async () => {
    const { source } = mapSource({ a: 1 })
    const runner = new Runner({ signal: new AbortController().signal })
    const calls = await runner.misses(source, ['a', 'b', 'c'])
    expect(calls).toBe(2)
    const asked: number[] = []
    await runner.confirm(calls, 2, async (n) => asked.push(n) > 0)
    expect(asked).toEqual([])
    await expect(runner.confirm(calls, 1, async () => false)).rejects.toBeInstanceOf(Cancelled)
  })

  it('stops with Cancelled once its signal is aborted', async () => {
    const { source, sent } = mapSource({})
    const abort = new AbortController()
    const runner = new Runner({ signal: abort.signal })
    abort.abort()
    await expect(runner.get(source, 'page')).rejects.toBeInstanceOf(Cancelled)
    expect(sent).toEqual([])
  })

  it('pools work at most `concurrency` at once and keeps input order', async () => {
    const runner = new Runner({ signal: new AbortController().signal, concurrency: 2 })
    let running = 0
    let most = 0
    const out = await runner.pool([3, 1, 2], async (n) => {
      most = Math.max(most, ++running)
      await new Promise((r) => setTimeout(r, n))
      running--
      return n * 10
    })
    expect(out).toEqual([30, 10, 20])
    expect(most).toBe(2)
  })
})
