import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('PG_POOL_SIZE', () => {
  it('refuses a pool of one connection, naming why, and accepts two', () => {
    // With one connection, a DEMO=on server on a fresh PostgreSQL database hung without printing a
    // line: the start-up lock's transaction held the only connection the demo generation needed.
    expect(() => loadConfig({ PG_POOL_SIZE: '1' })).toThrow(
      'Invalid configuration:\n  PG_POOL_SIZE: at least 2 (the demo generation holds a transaction on one connection while it loads on another)',
    )
    expect(loadConfig({ PG_POOL_SIZE: '2' }).PG_POOL_SIZE).toBe(2)
    expect(loadConfig({}).PG_POOL_SIZE).toBe(10)
  })
})
