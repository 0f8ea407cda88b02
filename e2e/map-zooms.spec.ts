/**
 * Issue 18, problems 2 and 5, as a person sees them on desktop and on a 390×844 phone:
 * - at county zoom (z11) a town searched and coloured by value per acre shows in the colour the
 *   legend counts its lots in (the top class), read from the screen's pixels where the lots are;
 * - at z12 a click on any outlined parcel (not a result) opens its details, and the map moves the
 *   parcel out from under the details panel when the panel would cover it.
 * Against the real server and its real tiles; what is drawn is read through the test probe
 * (src/features/map/map-probe.ts) and the screenshot's pixels.
 */
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test'
import type { MapProbe } from '../src/features/map/map-probe'
import { themeById } from '../src/format/themes'
import { apiPost, someAddress } from './support/api'
import { cameraSettled, closeDetails, drawRectangle, goToAddress, mapBox, openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { canvasColors } from './support/pixels'
import { hexRgb, mapSettled, mapZoom, project, renderedParcels, touchDrag, uncovered } from './support/probe'
import { shot } from './support/shots'

const details = (page: Page) => page.getByRole('complementary', { name: 'Parcel details' })

const VPA = themeById('vpa')
const TOP = VPA.classes.at(-1) as { label: string; color: string }

/**
 * The theme class a pixel shows, as a person reads it: the class whose colour is nearest, if it is
 * near (a dot drawn at 85% over the map blends a little); -1 for no result colour (map, text).
 */
function themeClassOf(c: [number, number, number]): number {
  let best = { i: -1, d: 45 }
  VPA.classes.forEach((k, i) => {
    const p = hexRgb(k.color)
    const d = Math.hypot(p[0] - c[0], p[1] - c[1], p[2] - c[2])
    if (d < best.d) best = { i, d }
  })
  return best.i
}

/** A lot with an address in the Story County town with the most lots (the densest place of the data). */
async function biggestTownLot(request: APIRequestContext, key: string): Promise<string> {
  const lots: { situs: string | null; city: string | null }[] = []
  for (const offset of [0, 100, 200]) {
    const page = await apiPost<{ results: { situs: string | null; city: string | null }[] }>(
      request,
      key,
      '/parcels/query',
      {
        filters: [
          { field: 'county_fp', op: 'eq', value: '169' },
          { field: 'state', op: 'eq', value: 'IA' },
          { field: 'acres', op: 'lt', value: 1 },
          { field: 'situs', op: 'isnull', value: false },
        ],
        limit: 100,
        offset,
      },
    )
    lots.push(...page.results)
  }
  const count = new Map<string, number>()
  for (const l of lots) if (l.city) count.set(l.city, (count.get(l.city) ?? 0) + 1)
  const town = [...count].sort((a, b) => b[1] - a[1])[0]?.[0]
  const lot = lots.find((l) => l.city === town && l.situs)
  if (!lot) throw new Error('no town lot with an address in the e2e data')
  return `${lot.situs} ${lot.city}`
}

async function zoomBy(page: Page, button: 'Zoom in' | 'Zoom out', times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: button }).click()
    await cameraSettled(page)
  }
}

/** Zooms with the map's buttons to whole zoom `z`. */
async function zoomTo(page: Page, z: number): Promise<void> {
  const now = Math.round(await mapZoom(page))
  await zoomBy(page, now > z ? 'Zoom out' : 'Zoom in', Math.abs(now - z))
  expect(Math.round(await mapZoom(page))).toBe(z)
}

type Size = { name: string; phone: boolean }
const SIZES: Size[] = [
  { name: 'desktop 1400×900', phone: false },
  { name: 'phone 390×844', phone: true },
]

async function pageFor(browser: Browser, size: Size): Promise<Page> {
  const context = await browser.newContext(
    size.phone ? { viewport: { width: 390, height: 844 }, hasTouch: true } : { viewport: { width: 1400, height: 900 } },
  )
  return context.newPage()
}

/** The search has finished and its rows show (a phone hides the finished progress bar). */
async function searchFinished(page: Page): Promise<void> {
  await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 })
}

/** A town of Story County at street zoom (z13), searched, coloured by value per acre. */
async function searchTown(page: Page, size: Size, key: string, situs: string): Promise<void> {
  await openApp(page, key)
  await goToAddress(page, situs)
  await closeDetails(page)
  await zoomTo(page, 13)
  if (size.phone) {
    // On a phone the controls are a sheet over the map: "Search this map view" takes the map's view.
    await page.getByRole('button', { name: 'Areas & filters' }).click()
    await page.getByRole('button', { name: 'Search this map view' }).click()
  } else {
    await drawRectangle(page, [0.3, 0.3], [0.7, 0.7])
    await page.getByRole('button', { name: 'Search', exact: true }).click()
  }
  await searchFinished(page)
  // A phone folds the map's options into one button; the legend is in there.
  if (size.phone) await page.getByRole('button', { name: 'Map options' }).click()
  await page.getByRole('combobox', { name: 'Colour results by' }).selectOption({ label: VPA.label })
  await expect(page.getByRole('list', { name: `Legend: ${VPA.label}` })).toBeVisible()
}

/** The legend's count for a class, as it reads. */
async function legendCount(page: Page, label: string): Promise<number> {
  const legend = page.getByRole('list', { name: `Legend: ${VPA.label}` })
  const text = await legend.getByRole('listitem').filter({ hasText: label }).locator('.legend-count').innerText()
  return Number(text.replace(/,/g, ''))
}

for (const size of SIZES) {
  test(`${size.name}: at z11 the searched town shows in the legend's top-class colour`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    const keys = e2eKeys()
    const page = await pageFor(browser, size)
    const errors = watchConsole(page)
    await searchTown(page, size, keys.full, await biggestTownLot(request, keys.full))
    // The legend counts the town's lots in its top class.
    expect(await legendCount(page, TOP.label), 'results in the top class').toBeGreaterThan(20)
    // Folded away again on a phone, as a person would to look at the map.
    if (size.phone) await page.getByRole('button', { name: 'Done' }).click()

    await zoomTo(page, 11)
    await mapSettled(page)
    // Town lots (under an acre) are a pixel or less here: where each is, the screen shows its class.
    const lots = (await renderedParcels(page)).filter((p) => p.from === 'dot' && p.acres !== null && p.acres < 1)
    expect(lots.length, 'town results drawn at z11').toBeGreaterThan(20)
    const points = lots.map((d) => (d.at ?? [0, 0]).map(Math.round) as [number, number])
    await shot(page, `z11-town-${size.phone ? 'phone' : 'desktop'}`)
    const open = await uncovered(page, points)
    const visible = points.filter((_, i) => open[i])
    expect(visible.length, 'town results a person can see').toBeGreaterThan(10)
    const seen = await canvasColors(page, visible)
    // The town's name is written over some lots (its letters and halo are no result colour: on a
    // phone up to ~45% of this town's core); the other lot pixels show a result colour — a pale or
    // empty town fails here — and most show the legend's top class, as the legend counts them.
    const classed = seen.map(themeClassOf).filter((i) => i >= 0)
    const inTop = classed.filter((i) => i === VPA.classes.length - 1).length
    expect(
      classed.length / visible.length,
      `${classed.length} of ${visible.length} lot pixels in a result colour`,
    ).toBeGreaterThan(0.5)
    expect(inTop / classed.length, `${inTop} of ${classed.length} town pixels in ${TOP.color}`).toBeGreaterThan(0.8)
    expect(errors).toEqual([])
    await page.context().close()
  })

  test(`${size.name}: at z12 a click on an outlined parcel opens it, clear of the details`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(180_000)
    const keys = e2eKeys()
    const page = await pageFor(browser, size)
    const errors = watchConsole(page)
    await openApp(page, keys.full)
    await goToAddress(page, (await someAddress(request, keys.full)).situs)
    await closeDetails(page)
    await zoomTo(page, 12)
    await mapSettled(page)
    const box = await mapBox(page)
    const canvas = await page.locator('.maplibregl-canvas').boundingBox()
    if (!canvas) throw new Error('no map canvas')
    // An outlined parcel a person can see, as near the middle as there is one.
    const target = await page.evaluate(
      ({ w, h }) => {
        const p = (window as unknown as { platMap: MapProbe }).platMap
        const x0 = w / 2
        const y0 = h / 2
        const canvasEl = document.querySelector('.maplibregl-canvas') as HTMLElement
        const r = canvasEl.getBoundingClientRect()
        for (let rad = 0; rad < Math.min(w, h) / 2; rad += 6)
          for (let a = 0; a < 36; a++) {
            const at: [number, number] = [
              Math.round(x0 + rad * Math.cos((a * Math.PI) / 18)),
              Math.round(y0 + rad * Math.sin((a * Math.PI) / 18)),
            ]
            if (document.elementFromPoint(r.left + at[0], r.top + at[1]) !== canvasEl) continue
            const top = p.rendered(at)[0]
            if (top && top.from === 'tiles' && !top.matched) return { uuid: top.uuid, at, lngLat: p.unproject(at) }
          }
        return null
      },
      { w: canvas.width, h: canvas.height },
    )
    if (!target) throw new Error('no outlined parcel in view at z12')
    expect(target.lngLat).toBeTruthy()
    // Drag the map so that parcel sits where the details will open: the right edge on a desktop,
    // the bottom on a phone (a person clicks what they see, wherever it is).
    const goal: [number, number] = size.phone
      ? [canvas.width / 2, canvas.height * 0.88]
      : [canvas.width * 0.92, canvas.height / 2]
    const from = { x: canvas.x + target.at[0], y: canvas.y + target.at[1] }
    const to = { x: canvas.x + goal[0], y: canvas.y + goal[1] }
    if (size.phone) await touchDrag(page, from, to)
    else {
      await page.mouse.move(from.x, from.y)
      await page.mouse.down()
      await page.mouse.move(to.x, to.y, { steps: 12 })
      await page.mouse.up()
    }
    await cameraSettled(page)
    await mapSettled(page)
    const [x, y] = await project(page, target.lngLat as [number, number])
    // The pointer lands on the parcel where the drag left it (re-found if the outline moved a pixel).
    const under = (await renderedParcels(page, [Math.round(x), Math.round(y)]))[0]
    expect(under?.uuid).toBe(target.uuid)
    if (size.phone) await page.touchscreen.tap(canvas.x + x, canvas.y + y)
    else await page.mouse.click(canvas.x + x, canvas.y + y)
    await expect(details(page)).toBeVisible()
    await details(page)
      .getByText(/^All fields/)
      .click()
    await expect(details(page).getByText(target.uuid, { exact: true })).toBeVisible()
    // The parcel is selected on the map, and moved out from under the details panel.
    await cameraSettled(page)
    await expect
      .poll(async () => {
        const [px, py] = await project(page, target.lngLat as [number, number])
        const panel = await details(page).boundingBox()
        if (!panel) return 'no panel'
        const sx = canvas.x + px
        const sy = canvas.y + py
        const inMap = sx >= box.x && sx <= box.x + box.width && sy >= box.y && sy <= box.y + box.height
        const covered = sx >= panel.x && sx <= panel.x + panel.width && sy >= panel.y && sy <= panel.y + panel.height
        return inMap && !covered ? 'in sight' : `at ${Math.round(sx)},${Math.round(sy)}, panel ${JSON.stringify(panel)}`
      })
      .toBe('in sight')
    const [sx, sy] = await project(page, target.lngLat as [number, number])
    await expect
      .poll(async () => (await renderedParcels(page, [Math.round(sx), Math.round(sy)]))[0]?.selected)
      .toBe(true)
    await shot(page, `z12-click-${size.phone ? 'phone' : 'desktop'}`)
    expect(errors).toEqual([])
    await page.context().close()
  })
}
