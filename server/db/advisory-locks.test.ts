import { describe, expect, it } from 'vitest'
import { ADVISORY_LOCKS } from './advisory-locks'

describe('advisory lock registry', () => {
  it('gives each lock a number of its own, a whole number PostgreSQL takes as a key', () => {
    const keys = Object.values(ADVISORY_LOCKS)
    expect(new Set(keys).size).toBe(keys.length)
    for (const k of keys) {
      expect(Number.isSafeInteger(k)).toBe(true)
      // within int4, so each also works as the first key of a pair (indexes)
      expect(Math.abs(k)).toBeLessThan(2 ** 31)
    }
  })
})
