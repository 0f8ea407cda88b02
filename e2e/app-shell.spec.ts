/**
 * Issue 9: the problems users hit in the app shell, each seen the way a person sees it, against the
 * real server. One test per problem (numbered as in the issue).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { someAddress } from './support/api'
import {
  addFilter,
  apiCalls,
  cameraSettled,
  closeDetails,
  drawRectangle,
  goToAddress,
  openApp,
  openAtParcels,
  waitForSearchDone,
} from './support/app'
import { e2eKeys } from './support/keys'
import { AREA_OUTLINE, mapPixels, SELECTED_OUTLINE } from './support/pixels'

const grid = (page: Page) => page.getByRole('grid', { name: 'Search results' })
const details = (page: Page) => page.getByRole('complementary', { name: 'Parcel details' })

async function storyCountyArea(page: Page, request: import('@playwright/test').APIRequestContext) {
  const keys = e2eKeys()
  await openAtParcels(page, request, keys.full, 1)
  await drawRectangle(page, [0.35, 0.35], [0.65, 0.65])
}

test('1. areas from a shared link are drawn on the map and can be edited', async ({ page, request }) => {
  await storyCountyArea(page, request)
  await expect.poll(() => new URL(page.url()).searchParams.get('a')).not.toBeNull()
  const link = page.url()
  await page.goto('about:blank')
  await page.goto(link)
  const areas = page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')
  await expect(areas).toHaveCount(1)
  await expect(page.getByTestId('map')).toHaveAttribute('data-draw-ready', 'true')
  // The restored rectangle's outline is on screen.
  await expect.poll(() => mapPixels(page, AREA_OUTLINE), { timeout: 10_000 }).toBeGreaterThan(200)
  // And terra-draw knows it: select it in Edit mode and delete it with the Delete key.
  await page.getByRole('button', { name: /^Edit/ }).click()
  const map = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
  if (!map) throw new Error('no map')
  await page.mouse.click(map.x + map.width / 2, map.y + map.height / 2)
  await page.keyboard.press('Delete')
  await expect(areas).toHaveCount(0)
})

test('2. a row click opens readable details; the highlighted row stays inside the table', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'acres', 'gt', '35')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  await grid(page).getByRole('row').nth(2).click()
  const panel = details(page)
  await expect(panel).toBeVisible()
  // A property card: the facts people look for on top, formatted; no raw field names.
  const facts = panel.getByRole('definition')
  await expect(panel.getByText('Value per acre')).toBeVisible()
  await expect(facts.first()).toHaveText(/^\d[\d,]*\.\d\d$/)
  await expect(panel).not.toContainText('Mail address1')
  await expect(panel).not.toContainText('Csr2')
  await expect(panel.getByRole('button', { name: 'Copy APN' })).toBeVisible()
  await closeDetails(page)

  // Keyboard to the last row and back: the selected row is always fully visible below the header.
  await grid(page).focus()
  for (const key of ['End', 'Home', 'PageDown', 'PageDown']) {
    await page.keyboard.press(key)
    const row = grid(page).locator('[role=row][aria-selected=true]')
    await expect(row).toHaveCount(1)
    await expect
      .poll(async () => {
        const g = await grid(page).boundingBox()
        const h = await grid(page).getByRole('columnheader').first().boundingBox()
        const r = await row.boundingBox()
        if (!g || !h || !r) return false
        return r.y >= h.y + h.height - 1 && r.y + r.height <= g.y + g.height + 1
      })
      .toBe(true)
  }
})

test('2b. on a narrow desktop the opened parcel is framed beside its details, not under them', async ({ browser }) => {
  const keys = e2eKeys()
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } })
  const page = await context.newPage()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'acres', 'lt', '0.2') // town lots: framed at the closest zoom, small on screen
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  await grid(page).getByRole('row').nth(3).click()
  await expect(details(page)).toBeVisible()
  await cameraSettled(page)
  // The selected parcel's red outline is on screen: in the part of the map the panel leaves visible.
  await expect.poll(() => mapPixels(page, SELECTED_OUTLINE), { timeout: 10_000 }).toBeGreaterThan(100)
  await context.close()
})

test('3. state is a pick-list and county names match however they are typed', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await page.getByRole('button', { name: '+ Add filter' }).click()
  await page.getByLabel('Filter 1 field').selectOption('state')
  await page.getByLabel('Filter 1 operator').selectOption('eq')
  await page.getByLabel('Filter 1 value').selectOption({ label: 'Kansas (KS)' })
  await page.getByRole('button', { name: '+ Add filter' }).click()
  await page.getByLabel('Filter 2 field').selectOption('county')
  await page.getByLabel('Filter 2 operator').selectOption('eq')
  await page.getByLabel('Filter 2 value').fill('finney county')
  await expect(page.getByRole('status').filter({ hasText: 'Searching county “Finney”' })).toBeVisible()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  await expect(grid(page).getByRole('row').nth(1)).toContainText('Finney')
})

test('4 and 5. partial totals say so; sorting a complete filters-only result is free, a partial one asks', async ({
  page,
}) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  const queries: { order?: unknown }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) queries.push(r.postDataJSON())
  })
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'acres', 'gt', '35')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)
  const spent = queries.length
  const spentText = await apiCalls(page).innerText()
  const header = grid(page)
    .getByRole('columnheader', { name: /^Acres/ })
    .first()
  await header.click()
  await expect(header).toHaveAttribute('aria-sort', 'ascending')
  // Every match was loaded: a local sort, no question, and the search (with its call count) stays.
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(apiCalls(page)).toHaveText(spentText)
  expect(queries.length).toBe(spent)

  // A large search stopped at the cost question: only its first page is loaded.
  await page.getByLabel('Filter 2 value').fill('0')
  await page.getByRole('button', { name: 'Remove filter 1' }).click()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const confirm = page.getByRole('alertdialog', { name: 'This search is large' })
  await expect(confirm).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  const summary = page.getByRole('region', { name: 'Results summary' })
  await expect(summary).toContainText('Measured acres (of 100 loaded)')
  await expect(summary).toContainText('Assessed value (of 100 loaded)')
  const before = queries.length
  const beforeText = await apiCalls(page).innerText()
  const acres = grid(page)
    .getByRole('columnheader', { name: /^Acres/ })
    .first()
  const orderBefore = await acres.getAttribute('aria-sort')
  await acres.click()
  const ask = page.getByRole('dialog', { name: 'Sort on the server?' })
  await expect(ask).toBeVisible()
  await expect(ask).toContainText(/about [\d,]+ API calls/)
  await ask.getByRole('button', { name: 'Keep the current order' }).click()
  await expect(ask).toHaveCount(0)
  await expect(acres).toHaveAttribute('aria-sort', orderBefore ?? 'none')
  await expect(apiCalls(page)).toHaveText(beforeText)
  expect(queries.length).toBe(before)
})

test('6. Enter in the address box opens the top match, never a stale one', async ({ page, request }) => {
  const keys = e2eKeys()
  const target = await someAddress(request, keys.full)
  await openApp(page, keys.full)
  const box = page.getByRole('combobox', { name: 'Find a parcel by address' })
  await box.fill(target.situs)
  await box.press('Enter') // before the debounced answer arrives
  await expect(details(page)).toBeVisible()
  await expect(details(page)).toContainText(target.situs.split(' ').slice(0, 3).join(' '))
})

test('7. one crop list, a few tab stops to the filters, a new filter takes focus', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByText('Crop / land cover:').click()
  await page
    .getByRole('group', { name: 'Crop / land cover' })
    .getByLabel(/^Soybeans/)
    .check()
  await expect(page.getByRole('checkbox', { name: /^Soybeans/ })).toHaveCount(1)
  await page.getByText('Crop / land cover:').click() // close the list again
  await page.getByRole('radio', { name: 'Drawn area' }).focus()
  let presses = 0
  const add = page.getByRole('button', { name: '+ Add filter' })
  while (presses < 30 && !(await add.evaluate((el) => el === document.activeElement))) {
    await page.keyboard.press('Tab')
    presses++
  }
  expect(presses).toBeLessThanOrEqual(20)
  await page.keyboard.press('Enter')
  await expect(page.getByLabel('Filter 1 field')).toBeFocused()
})

test('8. on a phone: search a county from the keyboard, read results and details with the map in view', async ({
  browser,
}) => {
  const keys = e2eKeys()
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  const page = await context.newPage()
  await openApp(page, keys.full)
  await expect(page.locator('.tool-key').first()).toBeHidden()
  // Before any search the map takes most of the screen; the results sheet is one line of guidance.
  const mapRegion = page.getByRole('region', { name: 'Map', exact: true })
  expect((await mapRegion.boundingBox())?.height ?? 0).toBeGreaterThan(844 / 2)
  await expect(page.getByText('Draw an area or add filters, then Search.')).toBeInViewport()
  // Every header action is on the screen (a sideways-scrolling row hid three off its right edge);
  // the rarer ones are behind "More", and the dialog they open hands focus back to it.
  const header = page.getByRole('banner')
  for (const name of ['Areas & filters', 'Holdings & lists', 'Copy link', 'More ▾']) {
    await expect(header.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 })
  }
  // Two rows, the search boxes and then the actions, the Inbox an icon with its badge: as a labelled
  // button it made a third row that pushed More to the start and its menu off the screen.
  await expect(header.getByRole('button', { name: /^Watch inbox/ })).toBeInViewport({ ratio: 1 })
  expect((await header.boundingBox())?.height ?? 0).toBeLessThan(100)
  const more = header.getByRole('button', { name: 'More ▾' })
  await more.click()
  await expect(header.getByRole('button', { name: 'Saved searches' })).toBeFocused()
  await expect(header.getByRole('button', { name: /^Offline packs/ })).toBeInViewport({ ratio: 1 })
  await header.getByRole('button', { name: 'Settings' }).click()
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(more).toBeFocused()
  await expect(header.getByRole('button', { name: 'Settings' })).toBeHidden()
  // The controls open as a sheet over the map; picking a drawing tool closes it so the map is there to draw on.
  const sheetToggle = page.getByRole('button', { name: 'Areas & filters' })
  await sheetToggle.click()
  const controls = page.getByRole('complementary', { name: 'Search controls' })
  await expect(controls).toBeInViewport()
  await expect(page.getByRole('button', { name: 'Show map' })).toHaveAttribute('aria-expanded', 'true')
  const [sheetBox, mapBoxNow] = [await controls.boundingBox(), await mapRegion.boundingBox()]
  expect(sheetBox && mapBoxNow && sheetBox.y <= mapBoxNow.y && sheetBox.height >= mapBoxNow.height).toBe(true)
  await controls.getByRole('button', { name: /^Rectangle/ }).click()
  await expect(controls).toBeHidden()
  await expect(mapRegion).toBeInViewport()
  await sheetToggle.click()
  await controls.getByRole('button', { name: /^Pan/ }).click()
  await expect(controls).toBeInViewport() // Pan does not need the map: the sheet stays
  await page.getByRole('button', { name: 'Search a county…' }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Search a county' })
  await dialog.getByLabel('State').selectOption({ label: 'Iowa' })
  await dialog.getByLabel('County').selectOption({ label: 'Story' })
  await dialog.getByRole('button', { name: 'Search this county' }).press('Enter')
  // Story County holds a few thousand demo parcels: under or over the cost threshold, go on.
  const firstRow = grid(page).getByRole('row').nth(1)
  const go = page.getByRole('alertdialog', { name: 'This search is large' }).getByRole('button', { name: 'Continue' })
  await expect(firstRow.or(go)).toBeVisible({ timeout: 30_000 })
  if (await go.isVisible()) await go.click()
  await expect(firstRow).toBeInViewport()
  await firstRow.click()
  await expect(details(page)).toBeVisible()
  const map = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
  const sheet = await details(page).boundingBox()
  if (!map || !sheet) throw new Error('layout missing')
  expect(sheet.y).toBeGreaterThan(map.y + 150) // the map stays visible above the details sheet
  // The county's outline is listed under its name, and the link carries the name.
  await closeDetails(page)
  await sheetToggle.click()
  await expect(controls.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveText([
    /^Story County, IA/,
  ])
  await page.reload()
  await sheetToggle.click()
  await expect(controls.getByRole('button', { name: 'Delete Story County, IA' })).toBeVisible()
  await context.close()
})

test('8b. "Search this map view" makes the visible map the area, without a mouse', async ({ page, request }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await goToAddress(page, (await someAddress(request, keys.full)).situs)
  await closeDetails(page)
  await page.getByRole('button', { name: 'Search this map view' }).focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveCount(1)
  await waitForSearchDone(page)
  await expect(grid(page).getByRole('row').nth(1)).toBeVisible()
})

test('9. the cost question and every search state pass axe', async ({ page }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'acres', 'gt', '0')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByRole('alertdialog', { name: 'This search is large' })).toBeVisible()
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(await serious()).toEqual([])
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  expect(await serious()).toEqual([])
})
