/**
 * Issue 37 item 10, offline "Where am I": with no network, inside a field pack, the locate button
 * brings the map to the position at a zoom the pack's tiles draw (parcel outlines around the dot,
 * not a flat fill past their zoom), and neither banner — the offline notice, the position banner —
 * sits over the position's dot. On a desktop (1440×900) and a 390×844 phone with touch, against the
 * real server's tiles; offline is the browser context's own switch. Screenshots go to SHOTS_DIR.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'
import pointOnFeature from '@turf/point-on-feature'
import type { MultiPolygon, Polygon } from 'geojson'
import type { MapProbe } from '../src/features/map/map-probe'
import { cameraSettled, watchConsole } from './support/app'
import { screenFor } from './support/devices'
import { e2eKeys } from './support/keys'
import { mapSettled, mapZoom, project } from './support/probe'
import { collectQueryRecords, linkOfRectangleSearch, waitForResultsDone } from './support/search-link'
import { shot } from './support/shots'

type Rec = { svc_uuid: string; owner?: string | null; geom?: Polygon | MultiPolygon }
type Win = { platMap: MapProbe }

async function whereOffline(browser: Browser, phone: boolean) {
  const keys = e2eKeys()
  const link = await linkOfRectangleSearch(browser, keys.full, [0.4, 0.4], [0.6, 0.6])
  const context = await browser.newContext({
    ...screenFor(phone),
    permissions: ['geolocation'],
    geolocation: { latitude: 0, longitude: 0 },
  })
  const page = await context.newPage()
  const errors = watchConsole(page)
  const records = collectQueryRecords<Rec>(page)
  await page.addInitScript((k) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: k }))
  }, keys.full)
  await page.goto(link)
  await waitForResultsDone(page)
  await records.settled()
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.ready).active))).toBe(true)
  const press = (l: ReturnType<Page['getByRole']>) => (phone ? l.tap() : l.click())
  const opened = page.getByRole('complementary', { name: 'Parcel details' })
  if (await opened.isVisible()) await press(page.getByRole('button', { name: 'Close details' }))
  await press(page.getByRole('button', { name: 'Offline & field ▾' }))
  await press(page.getByRole('button', { name: 'Take this search offline…' }))
  const dialog = page.getByRole('dialog', { name: 'Take offline' })
  await press(dialog.getByRole('button', { name: /^Download/ }))
  await expect(dialog.getByText(/is available offline/)).toBeVisible({ timeout: 60_000 })
  await press(dialog.getByRole('button', { name: 'Done' }))

  await context.setOffline(true)
  await page.reload()
  await waitForResultsDone(page)
  if (await opened.isVisible()) await press(page.getByRole('button', { name: 'Close details' }))
  const notice = page
    .getByRole('status')
    .filter({ hasText: /Offline\./ })
    .first()
  await expect(notice).toBeVisible()

  // Standing on one of the pack's parcels.
  const rec = [...records.values()].find((r) => r.geom && r.owner)
  if (!rec?.geom) throw new Error('no result with an outline')
  const [lng, lat] = pointOnFeature(rec.geom).geometry.coordinates as [number, number]
  await context.setGeolocation({ longitude: lng, latitude: lat, accuracy: 8 })
  await press(page.getByRole('button', { name: 'Where am I?' }))
  const banner = page.getByRole('region', { name: 'Where am I' })
  await expect(banner).toContainText('from your offline pack')
  await cameraSettled(page)
  await mapSettled(page)
  const name = phone ? 'phone' : 'desktop'
  await shot(page, `where-offline-${name}`)

  // The pack's tiles draw parcels around the dot: outlines, not a flat fill.
  expect(await mapZoom(page)).toBeLessThanOrEqual(16)
  const drawn = await page.evaluate(() => (window as unknown as Win).platMap.rendered())
  expect(drawn.filter((p) => p.from === 'tiles').length).toBeGreaterThan(3)
  // The dot is clear of both banners, and inside the map.
  const canvas = await page.locator('.maplibregl-canvas').boundingBox()
  const [x, y] = await project(page, [lng, lat])
  const dot = { x: (canvas?.x ?? 0) + x, y: (canvas?.y ?? 0) + y }
  expect(x > 0 && y > 0 && x < (canvas?.width ?? 0) && y < (canvas?.height ?? 0)).toBe(true)
  for (const over of [banner, notice]) {
    const b = await over.boundingBox()
    const r = 10 // the dot's radius and its ring
    const hit = b && dot.x + r > b.x && dot.x - r < b.x + b.width && dot.y + r > b.y && dot.y - r < b.y + b.height
    expect(hit, `a banner covers the dot at ${Math.round(dot.x)},${Math.round(dot.y)}`).toBeFalsy()
  }
  expect(errors.filter((e) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(e))).toEqual([])
  await context.close()
}

test.describe('offline, where am I', () => {
  test.describe.configure({ timeout: 240_000 })
  test('desktop 1440×900: the dot among the pack’s parcel outlines, clear of the banners', async ({ browser }) => {
    await whereOffline(browser, false)
  })
  test('phone 390×844 with touch: the same', async ({ browser }) => {
    await whereOffline(browser, true)
  })
})
