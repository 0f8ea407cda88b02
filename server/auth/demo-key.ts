/**
 * Demo mode has to work out of the box (`npm start`, open the app, search) yet every endpoint wants
 * a key: the demo key is made on first start and its value kept in DATA_DIR, and it is revoked when
 * demo mode is turned off, so a public server never keeps an unlimited key it did not mean to serve.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { KeysRepo } from '../db/keys-repo'
import { hashKey } from './api-key'
import { createKey } from './key-admin'

const fileOf = (dataDir: string) => join(dataDir, 'demo-key')

/**
 * Demo mode's one exception to "keys are never retrievable": the demo key's value is kept in
 * DATA_DIR/demo-key so the app works out of the box on every start. Turn demo mode off (DEMO=off)
 * for anything but local use: that revokes it.
 */
export async function ensureDemoKey(repo: KeysRepo, dataDir: string): Promise<string> {
  const file = fileOf(dataDir)
  const keys = await repo.all()
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim()
    if (keys.some((k) => k.keyHash === hashKey(value))) return value
  }
  const { value } = await createKey(repo, { name: 'demo', demo: true })
  // With DATABASE_URL nothing else creates DATA_DIR.
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, `${value}\n`, { mode: 0o600 })
  return value
}

/**
 * DEMO=off: the unlimited, publicly served demo key must not outlive demo mode. Deletes every key
 * marked demo, the key whose value the file holds (from before keys were marked), and the file.
 */
export async function revokeDemoKey(repo: KeysRepo, dataDir: string): Promise<number> {
  let revoked = await repo.removeDemoKeys()
  const file = fileOf(dataDir)
  if (existsSync(file)) {
    const hash = hashKey(readFileSync(file, 'utf8').trim())
    const key = (await repo.all()).find((k) => k.keyHash === hash)
    if (key && (await repo.remove(key.id))) revoked++
    rmSync(file, { force: true })
  }
  return revoked
}
