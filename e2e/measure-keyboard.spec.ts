/**
 * Issue 18, problems 9 and 10, as a person sees them on a desktop (1400×900) and a 390×844 phone:
 * the Measure tool's length and area (checked against the map's own scale, computed by hand), a
 * polygon drawn with the keyboard becoming a listed, drawn area, the skip link to the table, and
 * focus after a search.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'
import { cameraSettled, mapBox, openApp, openAtParcels, waitForSearchDone, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { AREA_OUTLINE, mapPixels } from './support/pixels'
import { shot } from './support/shots'

test.describe.configure({ timeout: 180_000 })

/** Ames, Iowa, close enough for parcels; a hand-typed link (v=1) with only a view. */
const START = '/?c=-93.62,42.03,15&v=1'
const SQ_M_PER_ACRE = 4046.8564224

const SIZES = [
  { name: 'desktop 1400×900', phone: false, viewport: { width: 1400, height: 900 } },
  { name: 'phone 390×844', phone: true, viewport: { width: 390, height: 844 } },
] as const
type Size = (typeof SIZES)[number]

async function open(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.phone })
  const page = await context.newPage()
  await openApp(page, e2eKeys().full, START)
  await expect(page.locator('.maplibregl-canvas')).toBeVisible()
  await expect(page.getByTestId('map')).toHaveAttribute('data-draw-ready', 'true')
  await cameraSettled(page)
  return page
}

/** Metres per CSS pixel where the map is now (its view in the address bar: lng,lat,zoom), Web Mercator with 512-pixel tiles. */
function metresPerPixel(page: Page): number {
  const c = new URL(page.url()).searchParams.get('c')
  const [, lat, zoom] = (c ?? '').split(',').map(Number)
  if (lat === undefined || zoom === undefined || !Number.isFinite(lat + zoom))
    throw new Error(`no view in ${page.url()}`)
  return (40075016.686 * Math.cos((lat * Math.PI) / 180)) / (512 * 2 ** zoom)
}

async function pickTool(page: Page, size: Size, tool: string): Promise<void> {
  if (size.phone) await page.getByRole('button', { name: 'Areas & filters' }).click()
  await page.locator(`button[data-tool="${tool}"]`).click()
  await expect(page.locator(`button[data-tool="${tool}"]`)).toHaveAttribute('aria-pressed', 'true')
}

async function press(page: Page, size: Size, x: number, y: number): Promise<void> {
  if (size.phone) await page.touchscreen.tap(x, y)
  else {
    await page.mouse.move(x, y, { steps: 4 })
    await page.mouse.click(x, y)
  }
}

const number = (s: string) => Number(s.replace(/,/g, ''))

for (const size of SIZES) {
  test(`${size.name}: Measure shows a line's length and a shape's area in US units and metric, and adds no area`, async ({
    browser,
  }) => {
    const page = await open(browser, size)
    const errors = watchConsole(page)
    const b = await mapBox(page)
    const mpp = metresPerPixel(page)
    const readout = page.getByRole('region', { name: 'Measurement' })
    await pickTool(page, size, 'measure')
    await expect(readout).toBeVisible()

    // Distance: a level line across 40% of the map's width, through its middle.
    const y = b.y + b.height * 0.55
    const x1 = b.x + b.width * 0.3
    const x2 = b.x + b.width * 0.7
    await press(page, size, x1, y)
    await press(page, size, x2, y)
    await press(page, size, x2, y) // the last point again ends the line
    const expectedM = (x2 - x1) * mpp
    const metric = await readout.locator('.measure-metric').innerText()
    const imperial = await readout.locator('.measure-imperial').innerText()
    const m = /^([\d,.]+) (m|km)$/.exec(metric)
    expect(m, metric).not.toBeNull()
    const gotM = number(m?.[1] ?? '') * (m?.[2] === 'km' ? 1000 : 1)
    expect(Math.abs(gotM - expectedM) / expectedM).toBeLessThan(0.03)
    const ft = /^([\d,.]+) (ft|mi)$/.exec(imperial)
    expect(ft, imperial).not.toBeNull()
    const gotFromImperial = number(ft?.[1] ?? '') * (ft?.[2] === 'mi' ? 1609.344 : 0.3048)
    expect(Math.abs(gotFromImperial - expectedM) / expectedM).toBeLessThan(0.03)
    await expect(readout).toContainText('1 segment')
    await shot(page, `measure-distance-${size.phone ? 'phone' : 'desktop'}`)

    // Area: a right triangle, its legs a third of the map's shorter side, clear of the attribution
    // and the legend at the bottom; the first corner again closes it.
    await readout.getByRole('button', { name: 'Area' }).click()
    await expect(readout.getByRole('status')).toContainText(/corner/)
    const leg = Math.min(b.width, b.height) / 3
    const ax = b.x + b.width * 0.35
    const ay = b.y + b.height * 0.3
    await press(page, size, ax, ay)
    await press(page, size, ax + leg, ay)
    await press(page, size, ax + leg, ay + leg)
    await press(page, size, ax, ay)
    const expectedAcres = (0.5 * (leg * mpp) ** 2) / SQ_M_PER_ACRE
    await expect(readout.locator('.measure-imperial')).toHaveText(/ ac$/)
    const acres = /^([\d,.]+) ac$/.exec(await readout.locator('.measure-imperial').innerText())
    expect(acres).not.toBeNull()
    expect(Math.abs(number(acres?.[1] ?? '') - expectedAcres) / expectedAcres).toBeLessThan(0.03)
    await expect(readout.locator('.measure-metric')).toHaveText(/^[\d,.]+ (ha|m²)$/)
    await expect(readout).toContainText(/Perimeter [\d,.]+ (ft|mi) · [\d,.]+ (m|km)/)
    await shot(page, `measure-area-${size.phone ? 'phone' : 'desktop'}`)

    // Measuring makes no search area.
    if (size.phone) await page.getByRole('button', { name: 'Areas & filters' }).click()
    await expect(page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveCount(0)
    expect(errors).toEqual([])
    await page.context().close()
  })

  test(`${size.name}: a polygon drawn with the keyboard becomes a listed area drawn on the map`, async ({
    browser,
  }) => {
    const page = await open(browser, size)
    const errors = watchConsole(page)
    const mpp = metresPerPixel(page)
    const before = await mapPixels(page, AREA_OUTLINE, 30)

    // Skip to the map from the top of the page, pick Polygon with its key: the crosshair shows.
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', { name: 'Skip to map' })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('canvas.maplibregl-canvas')).toBeFocused()
    await page.keyboard.press('p')
    await expect(page.getByTestId('keyboard-crosshair')).toBeVisible()
    const status = page.locator('.kbd-status')
    await expect(status).toHaveText(/arrow keys move the map under the crosshair; Enter adds a point/)

    // A right triangle by the map's own arrow-key step (100 px): Enter, 3× →, Enter, 3× ↓, Enter, F.
    const step = async (key: string, times: number) => {
      for (let i = 0; i < times; i++) {
        await page.keyboard.press(key)
        await cameraSettled(page)
      }
    }
    await page.keyboard.press('Enter')
    await expect(status).toHaveText(/^1 point; Enter adds a point/)
    await step('ArrowRight', 3)
    await page.keyboard.press('Enter')
    await step('ArrowDown', 3)
    await page.keyboard.press('Enter')
    await expect(status).toHaveText(
      '3 points; Enter adds a point, F finishes, Backspace removes the last, Escape cancels.',
    )
    await shot(page, `keyboard-drawing-${size.phone ? 'phone' : 'desktop'}`)
    // Backspace takes the last point back; Enter puts it again.
    await page.keyboard.press('Backspace')
    await expect(status).toHaveText(/^2 points/)
    await page.keyboard.press('Enter')
    await page.keyboard.press('f')
    await expect(status).toHaveText(/^Area added: [\d,.]+ acres\. Search to find its parcels\.$/)
    // F finished the shape; it did not pick Freehand.
    await expect(page.locator('button[data-tool="freehand"]')).toHaveAttribute('aria-pressed', 'false')

    const expectedAcres = (0.5 * (300 * mpp) ** 2) / SQ_M_PER_ACRE
    const said = /Area added: ([\d,.]+) acres/.exec((await status.innerText()) ?? '')
    expect(Math.abs(number(said?.[1] ?? '') - expectedAcres) / expectedAcres).toBeLessThan(0.03)
    await expect.poll(() => mapPixels(page, AREA_OUTLINE, 30)).toBeGreaterThan(before + 300)
    await shot(page, `keyboard-drawn-${size.phone ? 'phone' : 'desktop'}`)
    if (size.phone) await page.getByRole('button', { name: 'Areas & filters' }).click()
    const listed = page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')
    await expect(listed).toHaveCount(1)
    const listedAcres = /([\d,.]+) ac/.exec(await listed.first().innerText())
    expect(Math.abs(number(listedAcres?.[1] ?? '') - expectedAcres) / expectedAcres).toBeLessThan(0.03)
    expect(errors).toEqual([])
    await page.context().close()
  })
}

test('desktop: after Search by keyboard focus is on the results, and one Tab and Enter from the top reach the table', async ({
  page,
  request,
}) => {
  const errors = watchConsole(page)
  await openAtParcels(page, request, e2eKeys().full, 1)
  await page.locator('button[data-tool="rectangle"]').click()
  const b = await mapBox(page)
  await page.mouse.click(b.x + b.width * 0.35, b.y + b.height * 0.35)
  await page.mouse.move(b.x + b.width * 0.6, b.y + b.height * 0.6, { steps: 6 })
  await page.mouse.click(b.x + b.width * 0.6, b.y + b.height * 0.6)
  await expect(page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveCount(1)

  const search = page.getByRole('button', { name: 'Search', exact: true })
  await search.focus()
  await page.keyboard.press('Enter')
  await waitForSearchDone(page)
  // Focus went to the results (not the page body), where the summary and the table are.
  const focusedIn = () =>
    page.evaluate(() => {
      const a = document.activeElement
      return a === document.body
        ? 'body'
        : (a?.closest('[aria-label="Results"]')?.getAttribute('aria-label') ?? a?.tagName)
    })
  expect(await focusedIn()).toBe('Results')
  await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible()

  // The page opened afresh (the address bar carries the search, which runs again from the cache):
  // one Tab reaches "Skip to results", Enter puts focus on the table.
  await page.reload()
  await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible()
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to results' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await shot(page, 'skip-link-desktop')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('grid', { name: 'Search results' })).toBeFocused()
  expect(new URL(page.url()).hash).toBe('')
  expect(errors).toEqual([])
})
