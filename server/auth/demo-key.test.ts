import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { hashKey } from './api-key'
import { ensureDemoKey, revokeDemoKey } from './demo-key'
import { createKey } from './key-admin'
import { memoryKeysRepo } from './keys-repo.test-support'

const dirs: string[] = []
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'plat-demo-key-'))
  dirs.push(d)
  return d
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

describe('ensureDemoKey', () => {
  it('makes a demo key once, keeps its value in DATA_DIR/demo-key (owner only), and returns it on every start', async () => {
    const repo = memoryKeysRepo()
    const dataDir = join(tempDir(), 'not-yet-made')
    const value = await ensureDemoKey(repo, dataDir)
    const file = join(dataDir, 'demo-key')
    expect(readFileSync(file, 'utf8')).toBe(`${value}\n`)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(await repo.all()).toMatchObject([{ keyHash: hashKey(value), demo: true, monthlyLimit: null }])
    expect(await ensureDemoKey(repo, dataDir)).toBe(value)
    expect(await repo.all()).toHaveLength(1)
  })

  it('makes a new key when the file names a key the database no longer has', async () => {
    const repo = memoryKeysRepo()
    const dataDir = tempDir()
    writeFileSync(join(dataDir, 'demo-key'), `plat_${'z'.repeat(40)}\n`)
    const value = await ensureDemoKey(repo, dataDir)
    expect(value).not.toBe(`plat_${'z'.repeat(40)}`)
    expect(readFileSync(join(dataDir, 'demo-key'), 'utf8')).toBe(`${value}\n`)
  })
})

describe('revokeDemoKey', () => {
  it('deletes the keys marked demo and the one the file names (made before keys were marked), then the file', async () => {
    const repo = memoryKeysRepo()
    const dataDir = tempDir()
    await ensureDemoKey(repo, dataDir)
    const old = await createKey(repo, { name: 'demo from before marks' })
    const kept = await createKey(repo, { name: 'customer' })
    writeFileSync(join(dataDir, 'demo-key'), `${old.value}\n`)
    expect(await revokeDemoKey(repo, dataDir)).toBe(2)
    expect((await repo.all()).map((k) => k.id)).toEqual([kept.key.id])
    expect(existsSync(join(dataDir, 'demo-key'))).toBe(false)
    expect(await revokeDemoKey(repo, dataDir)).toBe(0)
  })
})
