import { describe, expect, it } from 'vitest'
import type { Endpoint } from '../db/key-plans'
import { createKey } from './key-admin'
import { createKeyGuard } from './key-guard'
import { memoryKeysRepo } from './keys-repo.test-support'
import { memoryLedger } from './memory-ledger'

const NOV = new Date('2026-11-30T23:59:00Z')
const DEC = new Date('2026-12-01T00:00:00Z')

async function setUp(plan: { monthlyLimit: number; quotaUnit: 'requests' | 'records' }) {
  const repo = memoryKeysRepo()
  const { key, value } = await createKey(repo, { name: 't', ...plan })
  let now = NOV
  const ledger = await memoryLedger(repo, '2026-11', 60_000)
  const guard = createKeyGuard(ledger, { timeoutMs: 1000, now: () => now })
  const call = (endpoint: Endpoint = 'query') => guard(`Bearer ${value}`, endpoint)
  return { repo, key, ledger, guard, call, header: `Bearer ${value}`, setNow: (d: Date) => (now = d) }
}

describe('key guard, requests unit', () => {
  it('charges one per request before it runs and answers 429 once the allowance is used', async () => {
    const { ledger, key, call } = await setUp({ monthlyLimit: 2, quotaUnit: 'requests' })
    const a = await call()
    const b = await call()
    expect(a.ok && b.ok).toBe(true)
    // Both charged before either settles: concurrent calls cannot overshoot.
    expect(await ledger.used(key, '2026-11')).toBe(2)
    const c = await call()
    expect(c).toEqual({
      ok: false,
      status: 429,
      detail:
        'Monthly request allowance exhausted for this API key (2 requests per month). It renews on the 1st (UTC).',
    })
    await ledger.close()
  })

  it('refunds a request whose answer is not 2xx, and renews on the 1st (UTC)', async () => {
    const { ledger, key, call, setNow } = await setUp({ monthlyLimit: 1, quotaUnit: 'requests' })
    const failed = await call()
    if (!failed.ok) throw new Error('expected to be let in')
    expect(await failed.release({ success: false, records: 0 })).toEqual({ ok: true })
    expect(await ledger.used(key, '2026-11')).toBe(0)
    const ok = await call()
    if (!ok.ok) throw new Error('expected to be let in')
    expect(await ok.release({ success: true, records: 500 })).toEqual({ ok: true })
    expect(await call()).toMatchObject({ ok: false, status: 429 })
    setNow(DEC)
    expect(await call()).toMatchObject({ ok: true })
    expect(await ledger.used(key, '2026-12')).toBe(1)
    await ledger.close()
  })

  it('passes on the key check refusals (401, 403) without charging', async () => {
    const { guard, ledger, key } = await setUp({ monthlyLimit: 5, quotaUnit: 'requests' })
    expect(await guard(undefined, 'query')).toMatchObject({ ok: false, status: 401 })
    expect(await ledger.used(key, '2026-11')).toBe(0)
    await ledger.close()
  })
})

describe('key guard, records unit', () => {
  it('charges the records once known, only if they fit in what is left', async () => {
    const { ledger, key, call } = await setUp({ monthlyLimit: 10, quotaUnit: 'records' })
    const first = await call()
    if (!first.ok) throw new Error('expected to be let in')
    // Nothing is charged on the way in.
    expect(await ledger.used(key, '2026-11')).toBe(0)
    expect(await first.release({ success: true, records: 7 })).toEqual({ ok: true })
    expect(await ledger.used(key, '2026-11')).toBe(7)
    const second = await call()
    if (!second.ok) throw new Error('expected to be let in')
    expect(await second.release({ success: true, records: 5 })).toEqual({
      ok: false,
      status: 429,
      detail:
        "This request would return 5 records but only 3 of this key's monthly allowance of 10 records remain; ask for fewer (a smaller limit) or wait for the 1st (UTC).",
    })
    expect(await ledger.used(key, '2026-11')).toBe(7)
    // A failed answer, or one with no records, costs nothing; exactly what is left fits.
    expect(await second.release({ success: false, records: 5 })).toEqual({ ok: true })
    expect(await second.release({ success: true, records: 0 })).toEqual({ ok: true })
    expect(await second.release({ success: true, records: 3 })).toEqual({ ok: true })
    expect(await ledger.used(key, '2026-11')).toBe(10)
    expect(await call()).toMatchObject({ ok: false, status: 429 })
    await ledger.close()
  })
})

describe('guard.free', () => {
  it('checks key and plan but charges nothing and lets a key that used its month in', async () => {
    const { guard, ledger, key, header, call } = await setUp({ monthlyLimit: 1, quotaUnit: 'requests' })
    await call()
    expect(await call()).toMatchObject({ status: 429 })
    expect(await guard.free(header, 'tiles')).toMatchObject({ ok: true, used: 1 })
    expect(await guard.free(header, null)).toMatchObject({ ok: true })
    expect(await guard.free(undefined, 'tiles')).toMatchObject({ ok: false, status: 401 })
    expect(await ledger.used(key, '2026-11')).toBe(1)
    await ledger.close()
  })
})
