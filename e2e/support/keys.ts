import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Keys made by e2e/serve.ts for this run (fresh each server start). */
export function e2eKeys(): { full: string; small: string; demo: string } {
  const dir = process.env.E2E_DATA_DIR ?? '.data-e2e'
  return JSON.parse(readFileSync(join(dir, 'e2e-keys.json'), 'utf8'))
}
