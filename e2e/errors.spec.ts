import { expect, test } from '@playwright/test'
import { someAddress } from './support/api'
import { closeDetails, drawRectangle, goToAddress, openApp, recordsIn, waitForSearchDone, zoomOut } from './support/app'
import { e2eKeys } from './support/keys'

test('an unknown key opens the settings with the reason', async ({ page }) => {
  await openApp(page, `plat_${'A'.repeat(40)}`)
  await drawRectangle(page, [0.45, 0.45], [0.55, 0.55])
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('dialog', { name: /settings/i })).toBeVisible()
  await expect(page.getByRole('dialog', { name: /settings/i })).toContainText('Invalid API key')
})

test('a 429 part-way through a search keeps the loaded rows and offers to resume', async ({ page, request }) => {
  const keys = e2eKeys()
  // The full key finds the place; the small key (4 requests a month) runs the search.
  const address = await someAddress(request, keys.full)
  await openApp(page, keys.small)
  await goToAddress(page, address.situs) // spends 1 request (address lookup)
  await closeDetails(page)
  await zoomOut(page, 2)
  await drawRectangle(page, [0.2, 0.2], [0.8, 0.8])
  const loadedPages: Promise<{ results: unknown[] }>[] = []
  let refused = 0
  page.on('response', (res) => {
    if (!res.url().endsWith('/parcels/query')) return
    if (res.status() === 429) refused++
    else if (res.ok()) loadedPages.push(res.json())
  })
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const alert = page.getByRole('alert').filter({ hasText: /allowance/i })
  await expect(alert).toBeVisible({ timeout: 60_000 })
  await expect(alert.getByRole('button', { name: 'Resume' })).toBeVisible()
  const progress = await waitForSearchDone(page)
  // Every record the allowance paid for is still there; nothing beyond it.
  const paid = (await Promise.all(loadedPages)).reduce((n, p) => n + p.results.length, 0)
  expect(refused).toBeGreaterThan(0)
  expect(paid).toBeGreaterThan(0)
  expect(recordsIn(progress)).toBe(paid)
  await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible()
})
