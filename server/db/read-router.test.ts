import { afterEach, describe, expect, it } from 'vitest'
import type { Database } from './database'
import { DatabaseUnavailableError } from './db-errors'
import { type ReadRouter, readRouter } from './read-router'
import { PRIMARY_PROBE, REPLICA_PROBE } from './replica-health'

/** A node that answers looks with its state and reads with its name; `fail` makes reads throw. */
function fakeNode(name: string, state: { version: string; standby?: boolean; behind?: number; down?: boolean }) {
  const node = {
    state,
    fail: null as Error | null,
    /** reads in flight are held until released, to test "least busy" */
    hold: false,
    held: [] as (() => void)[],
    db: {
      kind: 'postgres',
      async query(sql: string) {
        if (state.down) throw new DatabaseUnavailableError('connect ECONNREFUSED')
        if (sql === PRIMARY_PROBE) return [{ version: state.version, lsn: '0/100' }]
        if (sql === REPLICA_PROBE)
          return [
            {
              version: state.version,
              standby: state.standby ?? true,
              behind_bytes: state.behind ?? 0,
              replay_age_ms: (state.behind ?? 0) > 0 ? 9000 : 10,
            },
          ]
        if (node.hold) await new Promise<void>((ok) => node.held.push(ok))
        if (node.fail) throw node.fail
        return [{ node: name }]
      },
      async exec() {},
      transaction: (fn) => fn(node.db),
      async copyFrom() {},
      async close() {},
    } as Database,
  }
  return node
}

type FakeNode = ReturnType<typeof fakeNode>

/** A router over `primary` and `replicas` (named by their keys) that looks only when told (check()). */
const routeOver = (primary: FakeNode, replicas: Record<string, FakeNode>): ReadRouter =>
  readRouter(
    primary.db,
    Object.entries(replicas).map(([name, n]) => ({ name, db: n.db })),
    { maxLagMs: 5000, checkMs: 60_000 },
  )

const who = async (router: ReadRouter) =>
  ((await router.reads.query<{ node: string }>('SELECT 1'))[0] as { node: string }).node

describe('readRouter', () => {
  let router: ReadRouter | null = null
  afterEach(async () => {
    await router?.close()
    router = null
  })

  it('reads from the replicas, taking turns, once a look finds them well; nothing before that', async () => {
    const primary = fakeNode('primary', { version: 'v1' })
    const a = fakeNode('a', { version: 'v1' })
    const b = fakeNode('b', { version: 'v1' })
    router = routeOver(primary, { a, b })
    expect(await who(router)).toBe('primary')
    await router.check()
    expect([await who(router), await who(router), await who(router), await who(router)].sort()).toEqual([
      'a',
      'a',
      'b',
      'b',
    ])
    expect(router.report()).toEqual({
      replicas: [
        { name: 'a', in_use: true, lag_ms: 0, reads: 2 },
        { name: 'b', in_use: true, lag_ms: 0, reads: 2 },
      ],
      reads_on_primary: 1,
    })
  })

  it('sends a read to the less busy replica', async () => {
    const primary = fakeNode('primary', { version: 'v1' })
    const a = fakeNode('a', { version: 'v1' })
    const b = fakeNode('b', { version: 'v1' })
    router = routeOver(primary, { a, b })
    await router.check()
    a.hold = true
    b.hold = true
    const first = who(router)
    await new Promise((r) => setTimeout(r, 0))
    const busy = a.held.length === 1 ? a : b
    const idle = busy === a ? b : a
    idle.hold = false
    expect(await who(router)).toBe(idle === a ? 'a' : 'b')
    busy.hold = false
    for (const release of busy.held) release()
    await first
  })

  it('skips replicas that are behind, down, or at another data version, and says why', async () => {
    const primary = fakeNode('primary', { version: 'v2' })
    const lagging = fakeNode('lagging', { version: 'v2', behind: 4096 })
    const down = fakeNode('down', { version: 'v2', down: true })
    const older = fakeNode('older', { version: 'v1' })
    router = routeOver(primary, { lagging, down, older })
    await router.check()
    expect(await who(router)).toBe('primary')
    const report = router.report().replicas
    expect(report.map((r) => [r.name, r.in_use])).toEqual([
      ['lagging', false],
      ['down', false],
      ['older', false],
    ])
    expect(report[0]?.reason).toContain('9000 ms behind')
    expect(report[1]?.reason).toContain('connect ECONNREFUSED)')
    expect(report[2]?.reason).toContain("has not replayed the primary's data version v2")
    // Once it has replayed the load, it is used again.
    older.state.version = 'v2'
    await router.check()
    expect(await who(router)).toBe('older')
  })

  it('a read that fails because its replica died runs on the primary; the replica is left out until it answers again', async () => {
    const primary = fakeNode('primary', { version: 'v1' })
    const a = fakeNode('a', { version: 'v1' })
    router = routeOver(primary, { a })
    await router.check()
    a.fail = new DatabaseUnavailableError('terminating connection due to administrator command')
    expect(await who(router)).toBe('primary')
    expect(router.report().replicas[0]).toMatchObject({
      in_use: false,
      reason: expect.stringContaining('stopped answering'),
    })
    a.fail = null
    expect(await who(router)).toBe('primary')
    await router.check()
    expect(await who(router)).toBe('a')
  })

  it('a statement cancelled by a recovery conflict runs again on the primary; other errors are the caller’s', async () => {
    const primary = fakeNode('primary', { version: 'v1' })
    const a = fakeNode('a', { version: 'v1' })
    router = routeOver(primary, { a })
    await router.check()
    a.fail = Object.assign(new Error('canceling statement due to conflict with recovery'), { code: '40001' })
    expect(await who(router)).toBe('primary')
    a.fail = Object.assign(new Error('syntax error'), { code: '42601' })
    await expect(who(router)).rejects.toThrow('syntax error')
  })

  it('skips every replica while the primary does not answer a look', async () => {
    const primary = fakeNode('primary', { version: 'v1', down: true })
    const a = fakeNode('a', { version: 'v1' })
    router = routeOver(primary, { a })
    await router.check()
    expect(router.report().replicas[0]).toMatchObject({ in_use: false, reason: expect.stringContaining('primary') })
  })
})
