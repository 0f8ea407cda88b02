import { describe, expect, it } from 'vitest'
import { FairQueue, type Queued } from './pglite-queue'

interface J extends Queued {
  name: string
}
const cheap = (name: string, queuedAt = 0): J => ({ name, tx: null, queuedAt })
const heavy = (name: string, owner: string, queuedAt = 0): J => ({ name, tx: null, heavyFor: owner, queuedAt })

function order(q: FairQueue<J>, now = 0, activeTx: number | null = null): string[] {
  const out: string[] = []
  for (let j = q.next(activeTx, now); j; j = q.next(activeTx, now)) out.push(j.name)
  return out
}

describe('the embedded database queue', () => {
  it('serves cheap statements before heavy ones queued earlier', () => {
    const q = new FairQueue<J>(1000)
    for (const j of [heavy('h1', 'a'), heavy('h2', 'a'), cheap('c1'), heavy('h3', 'a'), cheap('c2')]) q.push(j)
    expect(order(q)).toEqual(['c1', 'c2', 'h1', 'h2', 'h3'])
  })

  it('lets owners of heavy work take turns', () => {
    const q = new FairQueue<J>(1000)
    for (const j of [heavy('a1', 'a'), heavy('a2', 'a'), heavy('a3', 'a'), heavy('b1', 'b'), heavy('c1', 'c')])
      q.push(j)
    expect(order(q)).toEqual(['a1', 'b1', 'c1', 'a2', 'a3'])
  })

  it('gives a heavy statement its turn once it has waited the longest deferral, even while cheap ones keep coming', () => {
    const q = new FairQueue<J>(1000)
    q.push(heavy('h', 'a', 0))
    q.push(cheap('c1', 10))
    q.push(cheap('c2', 20))
    expect(q.next(null, 999)?.name).toBe('c1')
    expect(q.next(null, 1000)?.name).toBe('h')
    expect(q.next(null, 1000)?.name).toBe('c2')
  })

  it('bounds each lane on its own: a full heavy lane does not refuse cheap statements', () => {
    const q = new FairQueue<J>(1000)
    for (let i = 0; i < 5; i++) q.push(heavy(`h${i}`, i % 2 ? 'a' : 'b'))
    q.push(cheap('c'))
    expect(q.waitingBeside({ tx: null, heavyFor: 'z' })).toBe(5)
    expect(q.waitingBeside({ tx: null })).toBe(1)
    expect(q.waitingBeside({ tx: 3 })).toBe(0)
  })

  it('serves only the open transaction, whose BEGIN waited like any cheap statement', () => {
    const q = new FairQueue<J>(1000)
    q.push({ name: 'begin', tx: 1, txEdge: 'begin', queuedAt: 0 })
    q.push(heavy('h', 'a'))
    q.push(cheap('c'))
    expect(q.next(null, 0)?.name).toBe('begin')
    q.push({ name: 'tx-stmt', tx: 1, queuedAt: 1 })
    expect(order(q, 0, 1)).toEqual(['tx-stmt'])
    expect(order(q, 0, null)).toEqual(['c', 'h'])
  })

  it('removes waiting statements, by one or by a test', () => {
    const q = new FairQueue<J>(1000)
    const h = heavy('h', 'a')
    const c = cheap('c')
    q.push(h)
    q.push(c)
    q.push(heavy('h2', 'b'))
    expect(q.remove(h)).toBe(true)
    expect(q.remove(h)).toBe(false)
    expect(q.drain((j) => j.name === 'h2').map((j) => j.name)).toEqual(['h2'])
    expect(order(q)).toEqual(['c'])
    expect(q.drain()).toEqual([])
  })
})
