/**
 * Issue 37 item 10, "the card is cut at the map's height": a long parcel card (every section open,
 * "All fields" unfolded) scrolls within its own panel — by keyboard and by touch — and its last line
 * can be brought into view, whole, inside the panel and the viewport. On a desktop (1440×900) and a
 * 390×844 phone with touch. Screenshots go to SHOTS_DIR when it is set.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test'
import { openApp, watchConsole } from './support/app'
import { screenFor } from './support/devices'
import { e2eKeys } from './support/keys'
import { linkOfRectangleSearch, waitForResultsDone } from './support/search-link'
import { shot } from './support/shots'

type Box = { x: number; y: number; width: number; height: number }
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 1 && a.y >= b.y - 1 && a.x + a.width <= b.x + b.width + 1 && a.y + a.height <= b.y + b.height + 1

/** The element is seen: whole inside the pane's box and the viewport, and on top at its centre. */
async function seenWhole(page: Page, pane: Locator, el: Locator): Promise<boolean> {
  const [p, e] = [await pane.boundingBox(), await el.boundingBox()]
  const vp = page.viewportSize()
  if (!p || !e || !vp) return false
  const onTop = await el.evaluate((node) => {
    const r = node.getBoundingClientRect()
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return at !== null && (node === at || node.contains(at))
  })
  return onTop && inside(e, p) && inside(e, { x: 0, y: 0, width: vp.width, height: vp.height })
}

async function longCard(browser: Browser, phone: boolean) {
  const keys = e2eKeys()
  const context = await browser.newContext(screenFor(phone))
  const page = await context.newPage()
  const errors = watchConsole(page)
  // With a search's results under the map, as the walk found it: the map has a third of the height.
  const link = await linkOfRectangleSearch(browser, keys.full, [0.4, 0.4], [0.6, 0.6])
  await openApp(page, keys.full, link)
  await waitForResultsDone(page)
  const pane = page.getByRole('complementary', { name: 'Parcel details' })
  if (!(await pane.isVisible())) {
    const row = page.getByRole('region', { name: 'Results' }).getByRole('row').nth(1)
    if (phone) await row.tap()
    else await row.click()
  }
  await expect(pane.getByRole('heading', { level: 2 })).toBeVisible()
  // Every field: the longest the card gets.
  const all = pane.locator('.pd-all > summary')
  if (phone) await all.tap()
  else await all.click()
  const last = pane.locator('.pd-uuid')
  await expect(last).toBeAttached()
  const name = phone ? 'phone' : 'desktop'
  await shot(page, `card-${name}-top`)
  const paneBox = await pane.boundingBox()
  const vp = page.viewportSize()
  // The panel itself is never cut by the viewport: what it holds scrolls inside it.
  expect(paneBox && vp && paneBox.y + paneBox.height <= vp.height + 1).toBe(true)
  expect(await pane.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
  if (!phone) {
    // A column the window's height, not a slot the map's: the map has a third of the height once
    // results show, and the card ended at its bottom edge (issue 37 item 10).
    const map = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
    expect(paneBox && map && paneBox.y + paneBox.height).toBeGreaterThan((map?.y ?? 0) + (map?.height ?? 0) + 200)
    expect((paneBox?.y ?? 0) + (paneBox?.height ?? 0)).toBeGreaterThanOrEqual((vp?.height ?? 0) - 2)
    // The results are not hidden under it: they end where it begins.
    const results = await page.locator('section.results-pane').boundingBox()
    expect((results?.x ?? 0) + (results?.width ?? 0)).toBeLessThanOrEqual((paneBox?.x ?? 0) + 1)
  }

  if (phone) {
    // A finger drags the card up, as a person reads on: the panel scrolls (not the map, not the page).
    const b = paneBox as Box
    for (let i = 0; i < 12 && !(await seenWhole(page, pane, last)); i++)
      await swipeUp(page, b.x + b.width / 2, b.y + b.height * 0.85, b.y + b.height * 0.2)
  } else {
    // Keyboard: Tab onto the last control of the card (the UUID's copy button); the panel scrolls to it.
    await pane.getByRole('button', { name: 'Close details' }).focus()
    for (let i = 0; i < 80; i++) {
      await page.keyboard.press('Tab')
      if (await last.getByRole('button').evaluate((b) => b === document.activeElement)) break
    }
    await expect(last.getByRole('button')).toBeFocused()
  }
  await expect.poll(() => seenWhole(page, pane, last)).toBe(true)
  expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(0)
  await shot(page, `card-${name}-end`)
  expect(errors).toEqual([])
  await context.close()
}

/** One finger swipe (CDP touch events), resting before it lifts so it reads as a drag, not a fling. */
async function swipeUp(page: Page, x: number, fromY: number, toY: number) {
  const cdp = await page.context().newCDPSession(page)
  const at = (y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(fromY) })
  for (let i = 1; i <= 10; i++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(fromY + ((toY - fromY) * i) / 10) })
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

test.describe('a long parcel card scrolls within its panel', () => {
  test('desktop 1440×900: by keyboard, the last line is reached and seen whole', async ({ browser }) => {
    await longCard(browser, false)
  })
  test('phone 390×844 with touch: by a finger, the last line is reached and seen whole', async ({ browser }) => {
    await longCard(browser, true)
  })
})
