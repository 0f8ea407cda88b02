import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { hashKey } from './auth/api-key'
import { createKey } from './auth/key-admin'
import type { KeysRepo } from './db/keys-repo'

/**
 * Demo mode's one exception to "keys are never retrievable": the demo key's value is kept in
 * DATA_DIR/demo-key so the app works out of the box on every start. Turn demo mode off (DEMO=off)
 * for anything but local use.
 */
export async function ensureDemoKey(repo: KeysRepo, dataDir: string): Promise<string> {
  const file = join(dataDir, 'demo-key')
  const keys = await repo.all()
  if (existsSync(file)) {
    const value = readFileSync(file, 'utf8').trim()
    if (keys.some((k) => k.keyHash === hashKey(value))) return value
  }
  const { value } = await createKey(repo, { name: 'demo' })
  writeFileSync(file, `${value}\n`, { mode: 0o600 })
  return value
}
