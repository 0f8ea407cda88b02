import { describe, expect, it } from 'vitest'
import { createKey } from './key-admin'
import { memoryKeysRepo } from './keys-repo.test-support'
import { memoryLedger } from './memory-ledger'

const MONTH = '2026-11'

describe('memoryLedger', () => {
  it('starts from the usage the database holds and counts in memory until it writes behind', async () => {
    const repo = memoryKeysRepo()
    const { key } = await createKey(repo, { name: 'a', monthlyLimit: 10 })
    await repo.charge(key.id, MONTH, 4, null)
    const ledger = await memoryLedger(repo, MONTH, 60_000)
    expect(await ledger.find(key.keyHash, MONTH)).toMatchObject({ key: { id: key.id }, used: 4 })
    expect(await ledger.find('no such digest', MONTH)).toBeNull()
    expect(await ledger.charge(key, MONTH, 6)).toBe(true)
    expect(await ledger.charge(key, MONTH, 1)).toBe(false) // 11 > 10: refused, nothing added
    expect(await ledger.used(key, MONTH)).toBe(10)
    expect(await repo.used(key.id, MONTH)).toBe(4) // not written yet
    await ledger.close()
    expect(await repo.used(key.id, MONTH)).toBe(10)
  })

  it('never refunds below zero, and writes the net of charges and refunds', async () => {
    const repo = memoryKeysRepo()
    const { key } = await createKey(repo, { name: 'b' })
    const ledger = await memoryLedger(repo, MONTH, 60_000)
    await ledger.charge(key, MONTH, 3)
    await ledger.refund(key, MONTH, 5)
    expect(await ledger.used(key, MONTH)).toBe(0)
    await ledger.charge(key, MONTH, 2)
    await ledger.charge(key, '2026-12', 1)
    await ledger.close()
    expect(repo.written).toEqual(
      new Map([
        [`${key.id} ${MONTH}`, 2],
        [`${key.id} 2026-12`, 1],
      ]),
    )
  })

  it('keeps a failed write for the next flush', async () => {
    const repo = memoryKeysRepo()
    const { key } = await createKey(repo, { name: 'c' })
    const ledger = await memoryLedger(repo, MONTH, 60_000)
    const charge = repo.charge
    repo.charge = async () => {
      throw new Error('database restarting')
    }
    const logged: unknown[] = []
    const error = console.error
    console.error = (...a: unknown[]) => void logged.push(a.join(' '))
    try {
      await ledger.charge(key, MONTH, 3)
      await ledger.close()
    } finally {
      console.error = error
    }
    expect(logged).toEqual(['usage write failed: database restarting'])
    expect(await repo.used(key.id, MONTH)).toBe(0)
    repo.charge = charge
    await ledger.close()
    expect(await repo.used(key.id, MONTH)).toBe(3)
  })
})
