import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test'
import {
  addFilter,
  cameraSettled,
  drawRectangle,
  openApp,
  openAtParcels,
  waitForSearchDone,
  watchConsole,
} from './support/app'
import { e2eKeys } from './support/keys'
import { shot } from './support/shots'

const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' })

/** The text of the first rows, in display order (row 0 is the header). */
async function firstRows(page: Page, n: number): Promise<string[]> {
  const rows = grid(page).getByRole('row')
  await expect(rows.nth(n)).toBeVisible()
  const out: string[] = []
  for (let i = 1; i <= n; i++) out.push(await rows.nth(i).innerText())
  return out
}

/**
 * The rendered rows by their place in the table (aria-rowindex), whatever the scroll: the grid scrolls
 * to keep the selected parcel in view, so the first rows on screen need not be the table's first.
 */
async function rowsByPlace(page: Page): Promise<Map<string, string>> {
  const rows = grid(page).locator('[role=row][aria-rowindex]:not([aria-rowindex="1"])')
  await expect(rows.nth(7)).toBeVisible()
  const out = new Map<string, string>()
  // A row's first cells (owner, address, APN, county) name its parcel; the columns drawn after them
  // depend on the table's width, which an open parcel card narrows (the recipient's link opens it).
  for (const row of await rows.all())
    out.set((await row.getAttribute('aria-rowindex')) ?? '', (await row.innerText()).split('\n').slice(0, 4).join('\n'))
  return out
}

/** A drawn area searched for parcels over 0.2 acres, the table sorted by acres, largest first. */
async function searchSortedByAcres(page: Page, request: APIRequestContext, key: string): Promise<void> {
  await openAtParcels(page, request, key, 2)
  await drawRectangle(page, [0.3, 0.3], [0.7, 0.7])
  await addFilter(page, 1, 'acres', 'gt', '0.2')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  const header = grid(page)
    .getByRole('columnheader', { name: /^Acres/ })
    .first()
  await header.click()
  await header.click()
  await expect(header).toHaveAttribute('aria-sort', 'descending')
}

/** `link` opened in a fresh browser: nothing cached, nothing in storage but the key; its search done. */
async function openFresh(browser: Browser, key: string, link: string): Promise<{ other: BrowserContext; page: Page }> {
  const other = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await other.newPage()
  await page.addInitScript((apiKey) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey }))
  }, key)
  await page.goto(link)
  await waitForSearchDone(page)
  return { other, page }
}

/** The view the link holds (center + zoom), read back from the page's own URL once it has settled. */
const viewOf = (url: string) => new URL(url).searchParams.get('c')

test('a copied link reopens the same search: rows, order, selection and view', async ({ page, browser, request }) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await searchSortedByAcres(page, request, keys.full)
  await grid(page).getByRole('row').nth(3).click()
  await expect(grid(page).locator('[role=row][aria-selected=true]')).toHaveCount(1)
  const selectedText = await grid(page).locator('[role=row][aria-selected=true]').innerText()
  const rows = await firstRows(page, 8)

  await page.getByRole('button', { name: 'Copy link' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).not.toContain(keys.full)
  expect(link.length).toBeLessThan(2000)
  await expect.poll(() => page.url()).toBe(link)

  const { other, page: page2 } = await openFresh(browser, keys.full, link)
  expect(await firstRows(page2, 8)).toEqual(rows)
  await expect.poll(() => grid(page2).locator('[role=row][aria-selected=true]').innerText()).toBe(selectedText)
  await expect(
    grid(page2)
      .getByRole('columnheader', { name: /^Acres/ })
      .first(),
  ).toHaveAttribute('aria-sort', 'descending')
  await expect(page2.getByLabel('Filter 1 value')).toHaveValue('0.2')
  // Opening the link never moves the camera away from the view it holds.
  await cameraSettled(page2)
  expect(viewOf(page2.url())).toBe(viewOf(link))
  await other.close()
  expect(errors).toEqual([])
})

test('Back and Forward step through search edits', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'KS')
  await expect.poll(() => new URL(page.url()).search).toContain('KS')
  await addFilter(page, 2, 'acres', 'gt', '150')
  await expect.poll(() => new URL(page.url()).search).toContain('150')

  // Each settled edit is a history entry (quick successive edits may share one).
  const filter2 = page.getByLabel('Filter 2 value')
  for (let i = 0; i < 6 && (await filter2.count()) > 0; i++) await page.goBack()
  await expect(filter2).toHaveCount(0)
  await expect(page.getByLabel('Filter 1 value')).toHaveValue('KS')
  for (let i = 0; i < 6 && (await filter2.count()) === 0; i++) await page.goForward()
  await expect(filter2).toBeVisible()
  for (let i = 0; i < 6 && !(await page.getByRole('radio', { name: 'Drawn area' }).isChecked()); i++) {
    await page.goBack()
  }
  await expect(page.getByRole('radio', { name: 'Drawn area' })).toBeChecked()
  await expect(page.getByLabel('Filter 1 value')).toHaveCount(0)
})

test('a garbled link says what it could not restore, keeps the rest, and the app works', async ({ page }) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await page.addInitScript((key) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: key }))
  }, keys.full)
  // Takes a valid link, keeps its filters and truncates the area in the middle.
  await page.goto('/')
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'KS')
  await expect.poll(() => new URL(page.url()).search).toContain('KS')
  const good = new URL(page.url()).search.slice(1)

  await page.goto(`/?${good}&a=%E0%A4%A&cols=nope.%3Cscript%3E&c=999,abc`)
  const alert = page.getByRole('alert').filter({ hasText: 'could not be restored' })
  await expect(alert).toBeVisible()
  await expect(page.getByLabel('Filter 1 value')).toHaveValue('KS')
  await alert.getByRole('button', { name: 'Dismiss link problems' }).click()
  await expect(alert).toHaveCount(0)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible()

  await page.goto('/?v=99&zz=1')
  await expect(page.getByRole('alert').filter({ hasText: /newer version/ })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible()
  expect(errors).toEqual([])
})

test('a link whose search lost an area and a filter is not run until asked, and says so', async ({ page, browser }) => {
  test.setTimeout(180_000)
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await addFilter(page, 1, 'acres', 'gte', '40')
  await page.getByRole('button', { name: 'Search a county…' }).click()
  const county = page.getByRole('dialog', { name: 'Search a county' })
  await county.getByLabel('State').selectOption({ label: 'Iowa' })
  await county.getByLabel('County').selectOption({ label: 'Story' })
  await county.getByRole('button', { name: 'Search this county' }).click()
  const go = page.getByRole('alertdialog', { name: 'This search is large' }).getByRole('button', { name: 'Continue' })
  await expect(go.or(grid(page).getByRole('row').nth(1))).toBeVisible({ timeout: 60_000 })
  if (await go.isVisible()) await go.click()
  await waitForSearchDone(page)
  await expect.poll(() => new URL(page.url()).searchParams.get('s')).toBe('1')
  // One more area and one more filter, both unreadable: what is left is not the sender's search.
  // (Spliced as text: URLSearchParams would escape the format's own `~` and `:`.)
  const link = new URL(
    page
      .url()
      .replace(/([?&]a=[^&]*)/, '$1~x123')
      .replace(/([?&]f=[^&]*)/, '$1~nosuch:eq:s1'),
  )

  const context = await browser.newContext()
  await context.addInitScript((key) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: key }))
  }, keys.full)
  const page2 = await context.newPage()
  const errors = watchConsole(page2)
  const searches: string[] = []
  page2.on('request', (r) => {
    if (/\/parcels\/(area|query)$/.test(new URL(r.url()).pathname)) searches.push(r.url())
  })
  await page2.goto(link.href)
  const notice = page2.getByRole('alert').filter({ hasText: 'so it was not run' })
  await expect(notice).toBeVisible()
  await expect(notice).toContainText('This link’s search lost parts, so it was not run. What was lost:')
  await expect(notice).toContainText(/Search area \d/)
  await expect(notice).toContainText('Filter 2 was left out')
  const run = notice.getByRole('button', { name: 'Run what is left (not the shared search)' })
  await expect(run).toBeVisible()
  await shot(page2, 'link-garbled-desktop')
  await page2.waitForTimeout(1500)
  expect(searches).toEqual([])

  await run.click()
  await expect(notice).toHaveCount(0)
  await expect.poll(() => searches.length, { timeout: 30_000 }).toBeGreaterThan(0)
  expect(errors).toEqual([])
  await context.close()

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })
  await phone.addInitScript((key) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: key }))
  }, keys.full)
  const page3 = await phone.newPage()
  await page3.goto(link.href)
  await expect(page3.getByRole('alert').filter({ hasText: 'so it was not run' })).toBeVisible()
  await shot(page3, 'link-garbled-phone')
  await phone.close()
})

test('"Link to these results" of an edited search keeps the table’s sort: the recipient reads the same rows in the same order', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers each open, search and draw: more than the default on a busy machine.
  test.setTimeout(180_000)
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await searchSortedByAcres(page, request, keys.full)
  const rows = await rowsByPlace(page)
  // The search is edited after it ran: the link offers these results or the edit.
  await page.getByLabel('Filter 1 value').fill('0.3')
  await page.getByRole('button', { name: 'Copy link' }).click()
  await page.getByRole('button', { name: /Link to these results/ }).click()
  await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(new URL(link).searchParams.get('o')).toBe('acres.d')

  const { other, page: page2 } = await openFresh(browser, keys.full, link)
  await expect(page2.getByLabel('Filter 1 value')).toHaveValue('0.2')
  await expect(
    grid(page2)
      .getByRole('columnheader', { name: /^Acres/ })
      .first(),
  ).toHaveAttribute('aria-sort', 'descending')
  // Row for row at the same places (the table is virtualised: compare the places both have drawn).
  await expect
    .poll(async () => {
      const theirs = await rowsByPlace(page2)
      const both = [...theirs.keys()].filter((k) => rows.has(k))
      return both.length >= 6 && both.every((k) => theirs.get(k) === rows.get(k))
    })
    .toBe(true)
  await other.close()
  expect(errors).toEqual([])
})
