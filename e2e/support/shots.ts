/**
 * Pictures the e2e specs take for a person to look at (closing notes list them; nothing asserts on
 * them). They are written only when SHOTS_DIR names a folder, so a CI run encodes no PNG that nobody
 * opens and no spec writes outside the checkout: `SHOTS_DIR=/tmp/shots npx playwright test …`.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

const dir = (): string | null => process.env.SHOTS_DIR || null

/** `page` as it looks now, as `<SHOTS_DIR>/<name>.png`; nothing without SHOTS_DIR. */
export async function shot(page: Page, name: string): Promise<void> {
  const at = dir()
  if (!at) return
  mkdirSync(at, { recursive: true })
  await page.screenshot({ path: join(at, `${name}.png`) })
}

/** An image made some other way (a PDF page rendered by pdftoppm), kept the same way. */
export function keepImage(name: string, png: Buffer): void {
  const at = dir()
  if (!at) return
  mkdirSync(at, { recursive: true })
  writeFileSync(join(at, `${name}.png`), png)
}
