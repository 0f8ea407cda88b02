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

describe('DATABASE_REPLICA_URLS', () => {
  it('is a list that needs DATABASE_URL (replicas follow a PostgreSQL primary)', () => {
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://r1/db' })).toThrow(
      'DATABASE_REPLICA_URLS: read replicas follow a PostgreSQL primary',
    )
    const c = loadConfig({
      DATABASE_URL: 'postgres://p/db',
      DATABASE_REPLICA_URLS: 'postgres://r1/db, postgres://r2/db',
    })
    expect(c.DATABASE_REPLICA_URLS).toEqual(['postgres://r1/db', 'postgres://r2/db'])
    expect(c.DATABASE_REPLICA_MAX_LAG_MS).toBe(5000)
    expect(loadConfig({}).DATABASE_REPLICA_URLS).toEqual([])
  })
})
