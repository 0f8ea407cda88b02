/**
 * Issue 37 item 8, a first visit: the map frames the covered data (not the whole country with the
 * counties as specks), no "installed" toast greets a browser tab, the results show at least ten rows
 * at 1440×900, and the map/results split is a separator one can drag (or move by keys) that a reload
 * keeps. On a 390×844 phone, header, map, handle and results sheet do not overlap. Screenshots go to
 * SHOTS_DIR when it is set.
 */

import { expect, type Locator, type Page, test } from '@playwright/test'
import type { CoverageResponse } from '../contract/tiles'
import type { MapProbe } from '../src/features/map/map-probe'
import { openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { linkOfRectangleSearch, waitForResultsDone } from './support/search-link'
import { shot } from './support/shots'

type Win = { platMap?: MapProbe }
const DESKTOP = { width: 1440, height: 900 }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

async function coverage(page: Page, key: string): Promise<CoverageResponse> {
  return (await (
    await page.request.get('/coverage', { headers: { authorization: `Bearer ${key}` } })
  ).json()) as CoverageResponse
}

/** Rows of the results table wholly inside the table's visible box. */
async function visibleRows(page: Page): Promise<number> {
  const grid = page.getByRole('grid', { name: /results/i })
  const box = await grid.boundingBox()
  if (!box) return 0
  let n = 0
  for (const row of await grid.getByRole('row').all()) {
    if ((await row.getAttribute('aria-rowindex')) === '1') continue
    const r = await row.boundingBox()
    if (r && r.y >= box.y - 1 && r.y + r.height <= box.y + box.height + 1) n++
  }
  return n
}

const handle = (page: Page): Locator => page.getByRole('separator', { name: /Map and results/ })

test.describe('first view', () => {
  test.describe.configure({ timeout: 180_000 })

  test('desktop 1440×900: frames the covered counties, no install toast, ten rows, a split a reload keeps', async ({
    browser,
  }) => {
    const keys = e2eKeys()
    const context = await browser.newContext({ viewport: DESKTOP })
    const page = await context.newPage()
    const errors = watchConsole(page)
    const cov = await coverage(page, keys.full)
    expect(cov.counties.length).toBeGreaterThan(0)
    await openApp(page, keys.full)
    await page.waitForFunction(() => (window as unknown as Win).platMap !== undefined)
    // Every covered county is in view, and the view is not the whole country: the counties fill it.
    const canvas = await page.locator('.maplibregl-canvas').boundingBox()
    if (!canvas) throw new Error('no map canvas')
    const [w, s, e, n] = [
      Math.min(...cov.counties.map((c) => c.bbox[0])),
      Math.min(...cov.counties.map((c) => c.bbox[1])),
      Math.max(...cov.counties.map((c) => c.bbox[2])),
      Math.max(...cov.counties.map((c) => c.bbox[3])),
    ]
    const corners = await page.evaluate(
      (pts) => pts.map((p) => (window as unknown as Win).platMap?.project(p as [number, number])),
      [
        [w, s],
        [e, n],
      ],
    )
    const [sw, ne] = corners as [[number, number], [number, number]]
    for (const [x, y] of [sw, ne]) {
      expect(x).toBeGreaterThanOrEqual(-1)
      expect(x).toBeLessThanOrEqual(canvas.width + 1)
      expect(y).toBeGreaterThanOrEqual(-1)
      expect(y).toBeLessThanOrEqual(canvas.height + 1)
    }
    // The data spans at least half of the map's width or height.
    expect(Math.max((ne[0] - sw[0]) / canvas.width, (sw[1] - ne[1]) / canvas.height)).toBeGreaterThan(0.5)
    // A browser tab is not an installed app: no toast says so, now or once the service worker is ready.
    await page.evaluate(async () => navigator.serviceWorker.ready)
    await page.waitForTimeout(500)
    await expect(page.getByText('Plat is installed on this device')).toHaveCount(0)
    await shot(page, 'first-view-desktop')

    // After a search, at least ten rows show.
    const link = await linkOfRectangleSearch(browser, keys.full, [0.15, 0.15], [0.85, 0.85], DESKTOP)
    await page.goto(link)
    await waitForResultsDone(page)
    const details = page.getByRole('complementary', { name: 'Parcel details' })
    if (await details.isVisible()) await page.getByRole('button', { name: 'Close details' }).click()
    await expect.poll(() => visibleRows(page)).toBeGreaterThanOrEqual(10)
    await shot(page, 'split-default-desktop')

    // Drag the handle up: the results grow; a reload keeps the split.
    const before = Number(await handle(page).getAttribute('aria-valuenow'))
    const hb = await handle(page).boundingBox()
    if (!hb) throw new Error('no separator')
    const rowsBefore = await visibleRows(page)
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2)
    await page.mouse.down()
    await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2 - 80, { steps: 6 })
    await page.mouse.up()
    const after = Number(await handle(page).getAttribute('aria-valuenow'))
    expect(after).toBeLessThan(before - 5)
    await expect.poll(() => visibleRows(page)).toBeGreaterThan(rowsBefore)
    // The keyboard moves it too.
    await handle(page).focus()
    await page.keyboard.press('ArrowDown')
    await expect(handle(page)).toHaveAttribute('aria-valuenow', String(after + 2))
    await page.reload()
    await waitForResultsDone(page)
    await expect(handle(page)).toHaveAttribute('aria-valuenow', String(after + 2))
    await shot(page, 'split-dragged-desktop')
    expect(errors).toEqual([])
    await context.close()
  })

  test('phone 390×844: header, map, handle and results do not overlap; no install toast', async ({ browser }) => {
    const keys = e2eKeys()
    const link = await linkOfRectangleSearch(browser, keys.full, [0.15, 0.15], [0.85, 0.85], DESKTOP)
    const context = await browser.newContext(PHONE)
    const page = await context.newPage()
    const errors = watchConsole(page)
    await openApp(page, keys.full)
    await expect(page.getByText('Plat is installed on this device')).toHaveCount(0)
    await shot(page, 'first-view-phone')
    await page.goto(link)
    await waitForResultsDone(page)
    const details = page.getByRole('complementary', { name: 'Parcel details' })
    if (await details.isVisible()) await page.getByRole('button', { name: 'Close details' }).tap()
    const header = await page.locator('header').first().boundingBox()
    const map = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
    const sep = await handle(page).boundingBox()
    const results = await page.locator('section.results-pane').boundingBox()
    if (!header || !map || !sep || !results) throw new Error('a part of the layout is missing')
    expect(header.y + header.height).toBeLessThanOrEqual(map.y + 1)
    expect(map.y + map.height).toBeLessThanOrEqual(sep.y + 1)
    expect(sep.y + sep.height).toBeLessThanOrEqual(results.y + 1)
    expect(results.y + results.height).toBeLessThanOrEqual(844 + 1)
    expect(sep.height).toBeGreaterThanOrEqual(14)
    await expect(page.getByText('Plat is installed on this device')).toHaveCount(0)
    await shot(page, 'split-phone')
    expect(errors).toEqual([])
    await context.close()
  })
})
