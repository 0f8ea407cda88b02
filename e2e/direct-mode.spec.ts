import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { formatAcres } from '../src/format/format-value'
import { DEFAULT_COLUMNS } from '../src/state/ui-slice'
import { apiPost } from './support/api'
import { addFilter, apiCalls, openApp, recordsIn, waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'

interface QueryBody {
  filters: { field: string; op: string; value?: unknown }[]
  order?: { field: string; direction: string } | null
  limit: number
  offset: number
}

/** Every query body the page sends, and how many area calls it makes. */
function watchCalls(page: Page) {
  const queries: QueryBody[] = []
  let areaCalls = 0
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) queries.push(r.postDataJSON())
    if (r.url().endsWith('/parcels/area')) areaCalls++
  })
  return { queries, areaCalls: () => areaCalls }
}

async function useFiltersOnly(page: Page) {
  await page.getByRole('radio', { name: 'Filters only' }).check()
}

// The default columns decide where Acres is (the APN column came before it in issue 18).
const ACRES_CELL = DEFAULT_COLUMNS.indexOf('acres')
const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' })

test('filters-only search pages the server in its order and loads exactly the matches', async ({ page, request }) => {
  const keys = e2eKeys()
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'acres', op: 'gt', value: 35 },
  ]
  const expected = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', { filters, limit: 1 })
  expect(expected.count).toBeGreaterThan(100) // more than one page, fewer than the confirm threshold
  expect(expected.count).toBeLessThan(5000)

  await openApp(page, keys.full)
  const calls = watchCalls(page)
  await useFiltersOnly(page)
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'acres', 'gt', '35')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const progress = await waitForSearchDone(page)

  expect(recordsIn(progress)).toBe(expected.count)
  expect(calls.areaCalls()).toBe(0)
  // Direct mode spends the lower bound: one call per 100 matches, offsets 0, 100, 200, …
  expect(calls.queries.length).toBe(Math.ceil(expected.count / 100))
  expect(calls.queries.map((q) => q.offset).sort((a, b) => a - b)).toEqual(calls.queries.map((_, i) => i * 100))
  for (const q of calls.queries) expect(q.filters).toEqual(filters)

  // Every match is loaded, so a sort is done here, free: the same first row the server would give,
  // no call, no question, and the call count under the progress bar stays where it was.
  const spent = calls.queries.length
  const spentText = await apiCalls(page).innerText()
  const header = grid(page)
    .getByRole('columnheader', { name: /^Acres/ })
    .first()
  const firstAcres = grid(page).getByRole('row').nth(1).getByRole('gridcell').nth(ACRES_CELL)
  for (const direction of ['asc', 'desc'] as const) {
    await header.click()
    await expect(header).toHaveAttribute('aria-sort', direction === 'asc' ? 'ascending' : 'descending')
    await expect(firstAcres).toHaveText(formatAcres(await serverFirst(request, keys.full, filters, direction)))
  }
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(apiCalls(page)).toHaveText(spentText)
  expect(calls.queries.length).toBe(spent)
})

/** The acres of the first record the server returns in that order. */
async function serverFirst(
  request: APIRequestContext,
  key: string,
  filters: QueryBody['filters'],
  direction: 'asc' | 'desc',
): Promise<unknown> {
  const page = await apiPost<{ results: { acres: number }[] }>(request, key, '/parcels/query', {
    filters,
    order: { field: 'acres', direction },
    limit: 1,
  })
  return page.results[0]?.acres
}

test('a partly loaded filters-only result sorts on the server only when asked, and asks once', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'acres', op: 'gt', value: 35 },
  ]
  const expected = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', { filters, limit: 1 })
  await openApp(page, keys.full)
  // Ask before anything above 2 calls, so this search stops at the cost question with one page loaded.
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: 'Settings' })
  await settings.getByLabel('Ask before searches costing more than').fill('2')
  await settings.getByRole('button', { name: 'Save' }).click()
  await useFiltersOnly(page)
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'acres', 'gt', '35')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const large = page.getByRole('alertdialog', { name: 'This search is large' })
  await large.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Resume' }).filter({ visible: true })).toBeVisible()

  const calls = watchCalls(page)
  const header = grid(page)
    .getByRole('columnheader', { name: /^Acres/ })
    .first()
  await header.click()
  const ask = page.getByRole('dialog', { name: 'Sort on the server?' })
  await expect(ask).toContainText(`about ${Math.ceil(expected.count / 100)} API calls`)
  expect(calls.queries).toEqual([]) // nothing is spent while the question is open
  await ask.getByRole('button', { name: 'Sort on the server' }).click()
  // The sort was the answer to the cost: the new run loads every match without asking again.
  const progress = await waitForSearchDone(page)
  await expect(large).toHaveCount(0)
  expect(recordsIn(progress)).toBe(expected.count)
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  expect(calls.queries.length).toBe(Math.ceil(expected.count / 100))
  for (const q of calls.queries) expect(q.order).toEqual({ field: 'acres', direction: 'asc' })
  const firstAcres = grid(page).getByRole('row').nth(1).getByRole('gridcell').nth(ACRES_CELL)
  await expect(firstAcres).toHaveText(formatAcres(await serverFirst(request, keys.full, filters, 'asc')))
})

test('a large search asks first, and the 10,000-record offset cap is explained', async ({ page, request }) => {
  const keys = e2eKeys()
  const filters = [{ field: 'acres', op: 'gt', value: 0 }]
  const all = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', { filters, limit: 1 })
  expect(all.count).toBeGreaterThan(10_100)

  await openApp(page, keys.full)
  const calls = watchCalls(page)
  await useFiltersOnly(page)
  await addFilter(page, 1, 'acres', 'gt', '0')
  await page.getByRole('button', { name: 'Search', exact: true }).click()

  const confirm = page.getByRole('alertdialog', { name: 'This search is large' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText(/records/)
  // Only the first page (which tells the count) has been spent while the user decides.
  expect(calls.queries.length).toBe(1)
  await expect(confirm.getByRole('button', { name: 'Continue' })).toBeFocused()
  await confirm.getByRole('button', { name: 'Continue' }).click()
  const progress = await waitForSearchDone(page)

  const note = page.getByRole('note')
  await expect(note).toContainText('10,000')
  await expect(note).toContainText(all.count.toLocaleString('en-US'))
  await expect(note).toContainText(/narrow/)
  expect(recordsIn(progress)).toBeGreaterThanOrEqual(10_000)
  expect(Math.max(...calls.queries.map((q) => q.offset))).toBeLessThanOrEqual(10_000)
})

test('cancelling the cost question spends nothing more', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  const calls = watchCalls(page)
  await useFiltersOnly(page)
  await addFilter(page, 1, 'acres', 'gt', '0')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'This search is large' })
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toHaveCount(0)
  // The run has stopped (it offers Resume): it makes no further call.
  await expect(page.getByRole('button', { name: 'Resume' }).filter({ visible: true })).toBeVisible()
  await expect(apiCalls(page)).toHaveText('API calls: 1 call')
  expect(calls.queries.length).toBe(1)
})

test('on-demand loading fetches only the pages the table shows', async ({ page, request }) => {
  const keys = e2eKeys()
  const filters = [{ field: 'acres', op: 'gt', value: 0 }]
  const all = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', { filters, limit: 1 })
  await openApp(page, keys.full)
  await page.getByRole('button', { name: 'Settings' }).click()
  const settings = page.getByRole('dialog', { name: /settings/i })
  await settings.getByRole('radio', { name: 'Load pages as I scroll' }).check()
  await settings.getByRole('button', { name: 'Save' }).click()

  const calls = watchCalls(page)
  await useFiltersOnly(page)
  await addFilter(page, 1, 'acres', 'gt', '0')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(Math.min(all.count, 10_100) + 1))
  await expect(grid(page).getByRole('row').nth(1)).not.toHaveAttribute('aria-busy', 'true')
  await expect(grid(page).locator('[role=row][aria-busy=true]')).toHaveCount(0)
  // No cost question and only the visible page: nothing is loaded the user has not looked at.
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  expect(calls.queries.length).toBeLessThanOrEqual(2)

  // Jump to the middle of the table: the page under the viewport is fetched, not those before it.
  await grid(page).evaluate((el) => {
    el.scrollTop = el.scrollHeight / 2
  })
  await expect.poll(() => calls.queries.some((q) => q.offset >= 4000), { timeout: 10_000 }).toBe(true)
  await expect(grid(page).locator('[role=row][aria-busy=true]')).toHaveCount(0, { timeout: 10_000 })
  expect(calls.queries.length).toBeLessThan(10)
})

test('the column picker adds and removes columns and resets to the defaults', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await useFiltersOnly(page)
  await addFilter(page, 1, 'state', 'eq', 'KS')
  await addFilter(page, 2, 'acres', 'gt', '150')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)

  const g = grid(page)
  const firstHeader = g.getByRole('columnheader').first()
  await expect(firstHeader).toHaveText(/^Owner/)
  const defaultCount = Number(await g.getAttribute('aria-colcount'))
  await page.getByRole('button', { name: 'Columns' }).click()
  const picker = page.getByRole('dialog', { name: 'Choose columns' })
  await picker.getByLabel('Filter columns').fill('elev')
  await picker.getByRole('checkbox').first().check()
  await expect(g).toHaveAttribute('aria-colcount', String(defaultCount + 1))
  await picker.getByLabel('Filter columns').fill('owner')
  await picker
    .getByRole('checkbox', { name: /^Owner/ })
    .first()
    .uncheck()
  await expect(g).toHaveAttribute('aria-colcount', String(defaultCount))
  await expect(firstHeader).not.toHaveText(/^Owner/)
  await picker.getByRole('button', { name: 'Reset to default' }).click()
  await expect(g).toHaveAttribute('aria-colcount', String(defaultCount))
  await expect(firstHeader).toHaveText(/^Owner/)
  await page.keyboard.press('Escape')
  await expect(picker).toHaveCount(0)
})
