import { describe, expect, it } from 'vitest'
import { hashKey } from './api-key'
import { databaseLedger } from './database-ledger'
import { createKey } from './key-admin'
import { checkKey } from './key-check'
import { memoryKeysRepo } from './keys-repo.test-support'

const MONTH = '2026-11'
const OPTS = { timeoutMs: 1000 }

async function setUp() {
  const repo = memoryKeysRepo()
  const full = await createKey(repo, { name: 'full' })
  const lookupOnly = await createKey(repo, { name: 'lookup', endpoints: ['point', 'address'] })
  const inactive = await createKey(repo, { name: 'off', active: false })
  await repo.charge(full.key.id, MONTH, 7, null)
  return { ledger: databaseLedger(repo), full, lookupOnly, inactive }
}

describe('checkKey', () => {
  it('lets a known, active key with the endpoint in its plan in, with what it used this month', async () => {
    const { ledger, full } = await setUp()
    const r = await checkKey(ledger, `Bearer ${full.value}`, 'query', MONTH, OPTS)
    expect(r).toEqual({ ok: true, key: expect.objectContaining({ id: full.key.id, name: 'full' }), used: 7 })
    const next = await checkKey(ledger, `Bearer ${full.value}`, 'query', '2026-12', OPTS)
    expect(next).toMatchObject({ ok: true, used: 0 })
  })

  it('refuses a malformed or unknown key with 401', async () => {
    const { ledger } = await setUp()
    expect(await checkKey(ledger, undefined, 'query', MONTH, OPTS)).toMatchObject({ ok: false, status: 401 })
    expect(await checkKey(ledger, 'Bearer nope', 'query', MONTH, OPTS)).toEqual({
      ok: false,
      status: 401,
      detail: 'Malformed API key.',
    })
    const unknown = `plat_${'x'.repeat(40)}`
    expect(await checkKey(ledger, `Bearer ${unknown}`, 'query', MONTH, OPTS)).toEqual({
      ok: false,
      status: 401,
      detail: 'Invalid API key.',
    })
  })

  it('refuses an inactive key, and an endpoint outside the plan, with 403', async () => {
    const { ledger, lookupOnly, inactive } = await setUp()
    expect(await checkKey(ledger, `Bearer ${inactive.value}`, 'point', MONTH, OPTS)).toEqual({
      ok: false,
      status: 403,
      detail: 'This API key has no active subscription.',
    })
    expect(await checkKey(ledger, `Bearer ${lookupOnly.value}`, 'area', MONTH, OPTS)).toEqual({
      ok: false,
      status: 403,
      detail: "This API key's plan does not include the area endpoint.",
    })
    expect(await checkKey(ledger, `Bearer ${lookupOnly.value}`, 'point', MONTH, OPTS)).toMatchObject({ ok: true })
  })

  it('asks only for a valid, active key when the endpoint is one every key may use (null)', async () => {
    const { ledger, lookupOnly, inactive } = await setUp()
    expect(await checkKey(ledger, `Bearer ${lookupOnly.value}`, null, MONTH, OPTS)).toMatchObject({ ok: true })
    expect(await checkKey(ledger, `Bearer ${inactive.value}`, null, MONTH, OPTS)).toMatchObject({ status: 403 })
  })

  it('looks the key up by its digest, never its value', async () => {
    const { full } = await setUp()
    expect(full.key.keyHash).toBe(hashKey(full.value))
    expect(full.key.keyPrefix).toBe(full.value.slice(0, 9))
    expect(JSON.stringify(full.key)).not.toContain(full.value)
  })
})
