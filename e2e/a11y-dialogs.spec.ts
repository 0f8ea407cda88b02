import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { addFilter, mapBox, openApp, waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

test('the export menu and every dialog added for sharing, import and saving pass axe', async ({ page }) => {
  // Five axe runs over a page holding a results table, its summary and the field menu: on the shared
  // 2-core CI machine one run can take 15–25 s, past the default 90 s for the whole test.
  test.slow()
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'KS')
  await addFilter(page, 2, 'acres', 'gt', '300')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(page.getByRole('button', { name: 'CSV — visible columns' })).toBeFocused()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused()

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await page.getByRole('button', { name: 'Owner mailing list…' }).click()
  await expect(page.getByRole('dialog', { name: 'Owner mailing list' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Saved searches' }).click()
  await expect(page.getByRole('dialog', { name: 'Saved searches' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('radio', { name: 'Drawn area' }).check()
  await page.getByRole('button', { name: 'Import areas…' }).click()
  await expect(page.getByRole('dialog', { name: 'Import search areas' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Point', exact: true }).click()
  const b = await mapBox(page)
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2)
  await expect(page.getByRole('dialog', { name: 'Buffer point' })).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
})
