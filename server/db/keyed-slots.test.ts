import { describe, expect, it } from 'vitest'
import { keyedSlots } from './keyed-slots'

const tick = () => new Promise((r) => setTimeout(r, 0))

describe('slots per key', () => {
  it('gives each key its own slots, lines up a few more and refuses the rest at once', async () => {
    const slots = keyedSlots({ running: 2, waiting: 1 })
    const a1 = await slots.acquire('a')
    const a2 = await slots.acquire('a')
    expect(a1).toBeTypeOf('function')
    expect(a2).toBeTypeOf('function')
    let a3: (() => void) | null | undefined
    void slots.acquire('a').then((r) => {
      a3 = r
    })
    expect(await slots.acquire('a')).toBeNull()
    // Another key is not held up by a's.
    expect(await slots.acquire('b')).toBeTypeOf('function')
    await tick()
    expect(a3).toBeUndefined()
    a1?.()
    await tick()
    expect(a3).toBeTypeOf('function')
    // Giving a slot back twice frees it once: a's two slots are still taken, so one more waits…
    a1?.()
    const a4 = slots.acquire('a')
    expect(await slots.acquire('a')).toBeNull()
    a2?.()
    const got = await a4
    expect(got).toBeTypeOf('function')
    a3?.()
    got?.()
    expect(await slots.acquire('a')).toBeTypeOf('function')
  })

  it('leaves the line when the caller gives up', async () => {
    const slots = keyedSlots({ running: 1, waiting: 1 })
    const first = await slots.acquire('a')
    const aborter = new AbortController()
    const waiting = slots.acquire('a', aborter.signal)
    aborter.abort()
    expect(await waiting).toBeNull()
    // The line is free again.
    const next = slots.acquire('a')
    first?.()
    expect(await next).toBeTypeOf('function')
  })
})
