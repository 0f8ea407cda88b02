import { describe, expect, it } from 'vitest'
import { judgeReplica, type ReplicaLook, replicaLagMs } from './replica-health'

const primary = { version: 'v2', lsn: '0/3000100' }
const look = (over: Partial<Extract<ReplicaLook, { ok: true }>> = {}): ReplicaLook => ({
  ok: true,
  version: 'v2',
  standby: true,
  behindBytes: 0,
  replayAgeMs: 60_000,
  ...over,
})

describe('replica lag', () => {
  it('is 0 once everything the primary had written is replayed, however old the last transaction (an idle primary)', () => {
    expect(replicaLagMs({ ok: true, version: 'v', standby: true, behindBytes: 0, replayAgeMs: 3_600_000 })).toBe(0)
  })
  it('is the age of the last replayed transaction while WAL is still to replay', () => {
    expect(replicaLagMs({ ok: true, version: 'v', standby: true, behindBytes: 512, replayAgeMs: 40 })).toBe(40)
    expect(replicaLagMs({ ok: true, version: 'v', standby: true, behindBytes: 512, replayAgeMs: null })).toBeNull()
  })
})

describe('judgeReplica', () => {
  it('uses a standby at the primary’s data version within the lag limit', () => {
    expect(judgeReplica(primary, look(), 5000)).toEqual({ use: true, lagMs: 0 })
    expect(judgeReplica(primary, look({ behindBytes: 100, replayAgeMs: 4000 }), 5000)).toEqual({
      use: true,
      lagMs: 4000,
    })
  })
  it('skips one that does not answer, with the error', () => {
    expect(judgeReplica(primary, { ok: false, error: 'connect ECONNREFUSED 127.0.0.1:5462' }, 5000)).toEqual({
      use: false,
      reason: 'it does not answer (connect ECONNREFUSED 127.0.0.1:5462)',
    })
  })
  it('skips a server that is not a standby', () => {
    expect(judgeReplica(primary, look({ standby: false }), 5000)).toMatchObject({
      use: false,
      reason: expect.stringContaining('not a standby'),
    })
  })
  it('skips every replica while the primary cannot be looked at', () => {
    expect(judgeReplica(null, look(), 5000)).toMatchObject({ use: false, reason: expect.stringContaining('primary') })
  })
  it('skips one further behind than the limit, saying how far', () => {
    expect(judgeReplica(primary, look({ behindBytes: 9000, replayAgeMs: 7200.4 }), 5000)).toEqual({
      use: false,
      lagMs: 7200.4,
      reason: 'it is 7200 ms behind the primary (more than DATABASE_REPLICA_MAX_LAG_MS, 5000 ms)',
    })
    expect(judgeReplica(primary, look({ behindBytes: 9000, replayAgeMs: null }), 5000)).toMatchObject({ use: false })
  })
  it('skips one within the lag limit that has not replayed the primary’s data version yet (no mixed answers)', () => {
    expect(judgeReplica(primary, look({ version: 'v1', behindBytes: 70_000, replayAgeMs: 30 }), 5000)).toEqual({
      use: false,
      lagMs: 30,
      reason:
        "it has not replayed the primary's data version v2 yet (it has v1); reads stay off it until it has, so no answer mixes two versions",
    })
  })
})
