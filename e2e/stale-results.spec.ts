/**
 * Issue 18, problem 1: results carry their search. After a search, editing the setup without
 * pressing Search must say at once that the rows answer the previous search (table, totals, map,
 * export, link), and the link/export must carry what actually ran.
 */
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { addFilter, mapBox, openApp, openAtParcels, waitForSearchDone, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { shot } from './support/shots'

/** Like support's drawRectangle, but picks the tool by its data-tool (an area named "Rectangle 1" is a button too). */
async function drawRectangle(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const b = await mapBox(page)
  await page.locator('button[data-tool="rectangle"]').click()
  const x = (f: number) => b.x + b.width * f
  const y = (f: number) => b.y + b.height * f
  await page.mouse.click(x(from[0]), y(from[1]))
  await page.mouse.move(x(to[0]), y(to[1]), { steps: 8 })
  await page.mouse.click(x(to[0]), y(to[1]))
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' })
const results = (page: Page) => page.getByRole('region', { name: 'Results', exact: true })
const notice = (page: Page) =>
  results(page).getByRole('status').filter({ hasText: 'Results are for the previous search' })
const parcelsShown = async (page: Page) =>
  Number(
    (
      await page
        .getByRole('region', { name: /^Results summary/ })
        .locator('.res-stat-value')
        .first()
        .innerText()
    )
      .split(' ')[0]
      ?.replace(/,/g, ''),
  )

test.describe.configure({ timeout: 180_000 })

test('desktop: an edit without Search marks the rows as the previous search; link and export carry what ran', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await openAtParcels(page, request, keys.full, 2)
  await drawRectangle(page, [0.2, 0.25], [0.45, 0.75])
  await drawRectangle(page, [0.55, 0.25], [0.8, 0.75])
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible()
  const before = await parcelsShown(page)
  expect(before).toBeGreaterThan(0)
  await expect(notice(page)).toHaveCount(0)
  const searchedUrl = new URL(page.url())
  expect(searchedUrl.searchParams.get('s')).toBe('1')

  // The edit: "Acres at least 40" and one area deleted, Search not pressed.
  await addFilter(page, 1, 'acres', 'gte', '40')
  await page.getByRole('button', { name: 'Delete Rectangle 2' }).click()
  await expect(notice(page)).toBeVisible()
  await expect(notice(page)).toContainText('1 area removed')
  await expect(notice(page)).toContainText('filter added: Acres ≥ 40')
  await expect(page.getByRole('region', { name: 'Results summary (previous search)' })).toBeVisible()
  await expect(page.getByText('Parcels (previous search)')).toBeVisible()
  await expect(results(page)).toHaveAttribute('data-stale', 'true')
  await expect(
    page.getByRole('region', { name: 'Map', exact: true }).getByText('Marked parcels are from the previous search'),
  ).toBeVisible()
  await shot(page, 'stale-notice-desktop')
  // The rows are still the old ones (nothing was run): the count is unchanged, and says whose it is.
  expect(await parcelsShown(page)).toBe(before)

  // Export: the note says which search the file holds; the name and rows are the search that ran.
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await expect(
    page.getByText(/They are the results of the search that ran \(2 areas\), not of the edits since/),
  ).toBeVisible()
  const event = page.waitForEvent('download')
  await page.getByRole('button', { name: 'CSV — visible columns' }).click()
  const file = await event
  expect(file.suggestedFilename()).toMatch(/^plat-2-areas-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = readFileSync(await file.path(), 'utf8')
  expect(csv.trim().split('\n').length - 1).toBe(before)

  // Copy link asks: the results (what ran, with the run flag) or the edited search.
  await page.getByRole('button', { name: 'Copy link' }).click()
  await page.getByRole('button', { name: /Link to these results/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = new URL(await page.evaluate(() => navigator.clipboard.readText()))
  expect(link.searchParams.get('s')).toBe('1')
  expect(link.searchParams.get('a')).toBe(searchedUrl.searchParams.get('a'))
  expect(link.searchParams.get('f')).toBeNull()
  await page.getByRole('button', { name: 'Copy link' }).click()
  await page.getByRole('button', { name: /Link to the edited search/ }).click()
  const edited = new URL(await page.evaluate(() => navigator.clipboard.readText()))
  expect(edited.searchParams.get('s')).toBeNull()
  expect(edited.searchParams.get('f')).not.toBeNull()

  // Search again: the notice goes and the rows answer the new question (fewer, all ≥ 40 acres).
  await notice(page).getByRole('button', { name: 'Search again' }).click()
  await waitForSearchDone(page)
  await expect(notice(page)).toHaveCount(0)
  await expect(results(page)).toHaveAttribute('data-stale', 'false')
  await expect(page.getByText('Parcels (previous search)')).toHaveCount(0)
  expect(await parcelsShown(page)).toBeLessThan(before)
  expect(errors).toEqual([])
})

test('phone 390×844: the notice and Search again are on screen after an edit in the sheet', async ({ browser }) => {
  const keys = e2eKeys()
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  const page = await context.newPage()
  await openApp(page, keys.full)
  const sheetToggle = page.getByRole('button', { name: 'Areas & filters' })
  await sheetToggle.click()
  await page.getByRole('button', { name: 'Search a county…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search a county' })
  await dialog.getByLabel('State').selectOption({ label: 'Iowa' })
  await dialog.getByLabel('County').selectOption({ label: 'Story' })
  await dialog.getByRole('button', { name: 'Search this county' }).click()
  const firstRow = grid(page).getByRole('row').nth(1)
  const go = page.getByRole('alertdialog', { name: 'This search is large' }).getByRole('button', { name: 'Continue' })
  await expect(firstRow.or(go)).toBeVisible({ timeout: 30_000 })
  if (await go.isVisible()) await go.click()
  await expect(firstRow).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 })

  await sheetToggle.click()
  await addFilter(page, 1, 'acres', 'gte', '40')
  await page.getByRole('button', { name: 'Show map' }).click()
  await expect(notice(page)).toBeInViewport()
  await expect(notice(page)).toContainText('filter added: Acres ≥ 40')
  const again = notice(page).getByRole('button', { name: 'Search again' })
  await expect(again).toBeInViewport()
  await shot(page, 'stale-notice-phone')
  await again.click()
  await expect(notice(page)).toHaveCount(0)
  await context.close()
})
