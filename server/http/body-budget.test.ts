import { describe, expect, it } from 'vitest'
import { byteBudget } from './body-budget'

describe('byteBudget', () => {
  const MB = 1024 * 1024
  const clock = () => {
    let t = 0
    return { now: () => t, advance: (ms: number) => (t += ms) }
  }

  it('admits while the bucket is above zero, one body into debt, then says how long to wait', () => {
    const c = clock()
    const b = byteBudget({ burst: 8 * MB, perSecond: 2 * MB }, c.now)
    for (let i = 0; i < 8; i++) expect(b.admit('k', MB).ok).toBe(true)
    // Exactly empty: refused (a 9th megabyte would be debt beyond the burst).
    expect(b.admit('k', MB)).toEqual({ ok: false, retryAfterS: 1 })
    c.advance(100)
    // 0.2 MB back: above zero, so one more body of any size, which takes it to −0.8 MB.
    expect(b.admit('k', MB).ok).toBe(true)
    const refused = b.admit('k', MB)
    expect(refused.ok).toBe(false)
    // Other keys have buckets of their own.
    expect(b.admit('other', 4 * MB).ok).toBe(true)
    c.advance(1000)
    expect(b.admit('k', 10).ok).toBe(true)
  })

  it('charges bodies read without a declared length, and never fills past the burst', () => {
    const c = clock()
    const b = byteBudget({ burst: 2 * MB, perSecond: MB }, c.now)
    expect(b.admit('k', null).ok).toBe(true)
    b.charge('k', 5 * MB)
    // −3 MB: 3 s and a byte to climb back above zero, so Retry-After says 4.
    expect(b.admit('k', null)).toEqual({ ok: false, retryAfterS: 4 })
    c.advance(3_500)
    expect(b.admit('k', null).ok).toBe(true)
    c.advance(3_600_000)
    for (let i = 0; i < 2; i++) expect(b.admit('k', MB).ok).toBe(true)
    expect(b.admit('k', 1).ok).toBe(false)
  })
})
