/**
 * Issue 10: parcel outlines everywhere. Against the real server and its real tiles: "Jump to" a
 * covered county shows every parcel's outline; a click on any parcel opens it (one query, cached);
 * a search outside coverage says so; results are drawn on the tiles and coloured by a theme whose
 * legend shows and whose choice survives a reload. What the map renders is read through the test
 * probe (src/features/map/map-probe.ts), the way a person sees it, not how the app got there.
 */
import { expect, type Page, test } from '@playwright/test'
import type { CoverageResponse } from '../contract/tiles'
import type { MapProbe, RenderedParcel } from '../src/features/map/map-probe'
import { FOCUS_COLORS } from '../src/features/map/tiles/theme-paint'
import { NO_VALUE_COLOR, PLAIN_COLOR, themeById } from '../src/format/themes'
import {
  addFilter,
  cameraSettled,
  closeDetails,
  drawRectangle,
  openApp,
  openAtParcels,
  waitForSearchDone,
  watchConsole,
} from './support/app'
import { e2eKeys } from './support/keys'

const details = (page: Page) => page.getByRole('complementary', { name: 'Parcel details' })

async function coverage(page: Page, key: string): Promise<CoverageResponse> {
  const res = await page.request.get('/coverage', { headers: { authorization: `Bearer ${key}` } })
  expect(res.ok()).toBe(true)
  return (await res.json()) as CoverageResponse
}

/** The parcels the map renders now (optionally under one canvas point). */
function rendered(page: Page, at?: [number, number]): Promise<RenderedParcel[]> {
  return page.evaluate((p) => (window as unknown as { platMap: MapProbe }).platMap.rendered(p ?? undefined), at ?? null)
}

async function mapZoom(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { platMap: MapProbe }).platMap.zoom())
}

async function zoomIn(page: Page, times: number): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await cameraSettled(page)
  }
}

/** The canvas point at the centre of the map. */
async function mapCentre(page: Page): Promise<{ canvas: [number, number] }> {
  const box = await page.locator('.maplibregl-canvas').boundingBox()
  if (!box) throw new Error('no map canvas')
  return { canvas: [Math.round(box.width / 2), Math.round(box.height / 2)] }
}

/** "rgba(r,g,b,1)", as MapLibre writes an opaque colour. */
const rgba = (hex: string) => `rgba(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',')},1)`

test('"Jump to" a covered county shows its parcel outlines; a click on any parcel opens it, once', async ({ page }) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  const cov = await coverage(page, keys.full)
  expect(cov.tiles).not.toBeNull()
  const story = cov.counties.find((c) => c.county === 'Story')
  if (!story) throw new Error('Story County is not in the e2e data')
  await openApp(page, keys.full)

  // Every covered county is offered, with its parcel count.
  const jump = page.getByRole('combobox', { name: 'Jump to a county with parcel data' })
  await expect(jump.getByRole('option')).toHaveCount(cov.counties.length + 1)
  await jump.selectOption({ label: `Story County, IA — ${story.parcels.toLocaleString('en-US')} parcels` })
  await cameraSettled(page)
  expect(await mapZoom(page)).toBeGreaterThanOrEqual(cov.tiles?.min_zoom ?? 10)
  // Outlines come from the tile layer before any search: the map renders tile features there.
  await expect.poll(async () => (await rendered(page)).filter((p) => p.from === 'tiles').length).toBeGreaterThan(100)

  // Close enough that every outline is clear (z13), the parcel under the centre opens on a click.
  await zoomIn(page, Math.max(0, Math.ceil(13 - (await mapZoom(page)))))
  const centre = await mapCentre(page)
  const near = () =>
    page.evaluate((c) => (window as unknown as { platMap: MapProbe }).platMap.parcelNear(c), centre.canvas)
  await expect.poll(async () => (await near()) !== null).toBe(true)
  const hit = await near()
  if (!hit) throw new Error('no parcel near the centre')
  const target = hit.parcel
  expect(target.from).toBe('tiles')
  const box = await page.locator('.maplibregl-canvas').boundingBox()
  const click = { x: (box?.x ?? 0) + hit.at[0], y: (box?.y ?? 0) + hit.at[1] }

  const queries: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) queries.push(JSON.stringify(r.postDataJSON()))
  })
  await page.mouse.click(click.x, click.y)
  await expect(details(page)).toBeVisible()
  await details(page)
    .getByText(/^All fields/)
    .click()
  await expect(details(page).getByText(target.uuid, { exact: true })).toBeVisible()
  expect(queries).toHaveLength(1)
  expect(queries[0]).toContain(target.uuid)
  // It is selected on the map, on the tiles.
  await expect.poll(async () => (await rendered(page, hit.at))[0]?.selected).toBe(true)

  // Closed and clicked again: the answer is cached, no second call.
  await closeDetails(page)
  await page.mouse.click(click.x, click.y)
  await expect(details(page)).toBeVisible()
  expect(queries).toHaveLength(1)
  expect(errors).toEqual([])
})

test('a search outside coverage says there is no data there, not "No parcels match"', async ({ page }) => {
  const keys = e2eKeys()
  const cov = await coverage(page, keys.full)
  const covered = new Set(cov.counties.map((c) => c.state))
  const elsewhere = ['WY', 'MT', 'VT', 'ND', 'NV'].find((s) => !covered.has(s))
  if (!elsewhere) throw new Error('every candidate state is covered')
  await openApp(page, keys.full)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  const name = { WY: 'Wyoming', MT: 'Montana', VT: 'Vermont', ND: 'North Dakota', NV: 'Nevada' }[elsewhere]
  await addFilter(page, 1, 'state', 'eq', `${name} (${elsewhere})`)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const results = page.getByRole('region', { name: 'Results' })
  await expect(results.getByText('No parcel data here.')).toBeVisible()
  await expect(results.getByText('No parcels match')).toHaveCount(0)
  // Its counties are offered as ways out.
  const story = results.getByRole('button', { name: 'Story County, IA' })
  await expect(story).toBeVisible()
  await story.click()
  await cameraSettled(page)
  expect(await mapZoom(page)).toBeGreaterThanOrEqual(cov.tiles?.min_zoom ?? 10)
})

test('results are drawn on the tiles, coloured by a theme with a legend; the theme survives a reload', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  await openAtParcels(page, request, keys.full, 2)
  await drawRectangle(page, [0.35, 0.35], [0.65, 0.65])
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)

  // Results are marked on the tile features by feature-state; nothing comes from GeoJSON.
  const resultsOnMap = async () => (await rendered(page)).filter((p) => p.matched)
  await expect.poll(async () => (await resultsOnMap()).length).toBeGreaterThan(0)
  expect((await resultsOnMap()).every((p) => p.from === 'tiles')).toBe(true)
  // The selected parcel (the address picked above) and the one under the pointer have colours of their own.
  const focus = [rgba(FOCUS_COLORS.selected), rgba(FOCUS_COLORS.hover)]
  const colours = async () =>
    new Set((await resultsOnMap()).map((p) => p.color).filter((c) => c === null || !focus.includes(c)))
  expect([...(await colours())]).toEqual([rgba(PLAIN_COLOR)])

  await page.getByRole('combobox', { name: 'Colour results by' }).selectOption({ label: 'Acres' })
  const legend = page.getByRole('list', { name: 'Legend: Acres' })
  await expect(legend).toBeVisible()
  await expect(legend.getByRole('listitem').first()).toBeVisible()
  await expect(page).toHaveURL(/[?&]t=acres(&|$)/)
  // The map repaints the results in the theme's colours: a paint change on the tiles, no reload.
  const palette = new Set([...themeById('acres').classes.map((c) => rgba(c.color)), rgba(NO_VALUE_COLOR)])
  await expect.poll(async () => [...(await colours())].every((c) => c !== null && palette.has(c))).toBe(true)

  await page.reload()
  await expect(page.getByRole('combobox', { name: 'Colour results by' })).toHaveValue('acres')
  await expect(page.getByRole('list', { name: 'Legend: Acres' })).toBeVisible()
})

test('without internet the Streets default falls back to the offline map, and the selector says so', async ({
  page,
}) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  const basemap = page.getByRole('combobox', { name: 'Basemap' })
  await expect(basemap.getByRole('option', { name: 'Streets (OpenStreetMap) (unavailable)' })).toHaveCount(1)
  await expect(basemap).toHaveValue('offline')
  // The offline map is our own data: the state lines are drawn, no basemap layer was added.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { platMap: MapProbe }).platMap.layerVisible('state-lines')))
    .toBe(true)
  expect(await page.evaluate(() => (window as unknown as { platMap: MapProbe }).platMap.layerVisible('basemap'))).toBe(
    false,
  )
})
