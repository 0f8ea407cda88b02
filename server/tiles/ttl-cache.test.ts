import { describe, expect, it, vi } from 'vitest'
import { ttlCache } from './ttl-cache'

describe('ttlCache', () => {
  it('shares one read among concurrent callers, keeps it for the ttl, then reads again', async () => {
    vi.useFakeTimers({ toFake: ['performance'] })
    try {
      let reads = 0
      const get = ttlCache(async () => ++reads, 1000)
      expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1])
      vi.advanceTimersByTime(999)
      expect(await get()).toBe(1)
      vi.advanceTimersByTime(2)
      expect(await get()).toBe(2)
    } finally {
      vi.useRealTimers()
    }
  })

  it('does not keep a failed read', async () => {
    let fail = true
    const get = ttlCache(async () => {
      if (fail) throw new Error('database restarting')
      return 'ok'
    }, 60_000)
    await expect(get()).rejects.toThrow('database restarting')
    fail = false
    expect(await get()).toBe('ok')
  })
})
