/**
 * Issue 37 item 10, "list lookup does not frame what it found": when a list of parcel numbers has
 * been looked up, the map shows the parcels it found — all inside the view, not under a panel, and
 * filling a good part of it — as a search frames its area, with no call beyond the lookup's own.
 * On a desktop (1440×900) and a 390×844 phone with touch. Screenshots go to SHOTS_DIR when set.
 */

import { type Browser, expect, type Page, test } from '@playwright/test'
import bbox from '@turf/bbox'
import type { FeatureCollection, Geometry } from 'geojson'
import { apiPost } from './support/api'
import { cameraSettled, openApp, watchConsole } from './support/app'
import { DESKTOP, screenFor } from './support/devices'
import { e2eKeys } from './support/keys'
import { mapSettled, mapZoom, project, uncovered } from './support/probe'
import { shot } from './support/shots'

type Rec = { svc_uuid: string; parcel_id: string; geom: Geometry }

/** A dozen parcel numbers of one corner of Story County (a few miles across), and their outlines. */
async function someNumbers(browser: Browser, key: string): Promise<Rec[]> {
  const context = await browser.newContext()
  const { results } = await apiPost<{ results: Rec[] }>(context.request, key, '/parcels/query', {
    filters: [
      { field: 'state', op: 'eq', value: 'IA' },
      { field: 'county_fp', op: 'eq', value: '169' },
      { field: 'land_use', op: 'eq', value: 'AGRICULTURAL - CROPLAND' },
    ],
    order: { field: 'svc_uuid', direction: 'asc' },
    limit: 12,
  })
  await context.close()
  return results
}

async function listFrames(browser: Browser, phone: boolean) {
  const keys = e2eKeys()
  const recs = await someNumbers(browser, keys.full)
  expect(recs.length).toBe(12)
  const context = await browser.newContext(screenFor(phone))
  const page = await context.newPage()
  const errors = watchConsole(page)
  await openApp(page, keys.full)
  const press = async (l: ReturnType<Page['getByRole']>) => (phone ? l.tap() : l.click())
  await press(page.getByRole('button', { name: 'Holdings & lists' }))
  await press(page.getByRole('tab', { name: 'List lookup' }))
  const panel = page.getByRole('region', { name: 'Holdings & lists' })
  await panel.getByRole('textbox').fill(recs.map((r) => r.parcel_id).join('\n'))
  await press(panel.getByRole('button', { name: 'Read list' }))
  const county = panel.getByLabel('County of the list')
  if (await county.isVisible()) await county.selectOption({ label: 'Story, IA' })
  const calls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/parcels/')) calls.push(new URL(r.url()).pathname)
  })
  await press(panel.getByRole('button', { name: 'Look up 12 rows' }))
  await expect(panel.getByText('12 rows found')).toBeVisible({ timeout: 60_000 })
  // One query for twelve numbers of one county; framing them asks nothing more.
  expect(calls).toEqual(['/parcels/query'])
  // On a phone the list is a sheet over the map: close it to look, as a person does.
  if (phone) await press(page.getByRole('button', { name: 'Show map' }))
  await cameraSettled(page)
  await mapSettled(page)
  const name = phone ? 'phone' : 'desktop'
  await shot(page, `list-frame-${name}`)
  const canvas = await page.locator('.maplibregl-canvas').boundingBox()
  const [w, s, e, n] = bbox({
    type: 'FeatureCollection',
    features: recs.map((r) => ({ type: 'Feature', properties: {}, geometry: r.geom })),
  } as FeatureCollection)
  const corners = [await project(page, [w, n]), await project(page, [e, s])]
  const [[x1, y1], [x2, y2]] = corners as [[number, number], [number, number]]
  // Every found parcel inside the view…
  expect(x1).toBeGreaterThanOrEqual(0)
  expect(y1).toBeGreaterThanOrEqual(0)
  expect(x2).toBeLessThanOrEqual(canvas?.width ?? 0)
  expect(y2).toBeLessThanOrEqual(canvas?.height ?? 0)
  // …framed, not a speck: their extent spans most of the view one way or the other.
  expect(Math.max((x2 - x1) / (canvas?.width ?? 1), (y2 - y1) / (canvas?.height ?? 1))).toBeGreaterThan(0.4)
  // …and no panel over them: a person sees each parcel's middle.
  const centres = await Promise.all(
    recs.map((r) => {
      const [a, b, c, d] = bbox(r.geom)
      return project(page, [(a + c) / 2, (b + d) / 2])
    }),
  )
  expect((await uncovered(page, centres)).filter((v) => !v)).toEqual([])
  expect(calls).toEqual(['/parcels/query'])
  expect(errors).toEqual([])
  await context.close()
}

test.describe('list lookup frames what it found', () => {
  test('desktop 1440×900: the found parcels fill the map view', async ({ browser }) => {
    await listFrames(browser, false)
  })
  test('phone 390×844 with touch: the same, once the list sheet is closed', async ({ browser }) => {
    await listFrames(browser, true)
  })
})

/**
 * Found beside the list fix: a link naming a parcel but no view (`/?p=<id>`, written by hand or by
 * a tool) opened the card over the first view's whole coverage — three states — with the parcel a
 * speck somewhere in it. The parcel is now framed once fetched, clear of the card.
 */
test('a parcel link without a view frames its parcel beside the card (desktop 1440×900)', async ({ browser }) => {
  const keys = e2eKeys()
  const [rec] = await someNumbers(browser, keys.full)
  if (!rec) throw new Error('no parcel')
  const context = await browser.newContext(DESKTOP)
  await context.addInitScript((k) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: k }))
  }, keys.full)
  const page = await context.newPage()
  const errors = watchConsole(page)
  await page.goto(`/?p=${rec.svc_uuid}&v=1`)
  await expect(page.getByRole('complementary', { name: 'Parcel details' })).toContainText(rec.parcel_id)
  await cameraSettled(page)
  await mapSettled(page)
  await shot(page, 'link-parcel-frame-desktop')
  // Close enough for its outline to read (the first view of the data is ~z5), and its middle in sight.
  expect(await mapZoom(page)).toBeGreaterThanOrEqual(14)
  const [a, b, c, d] = bbox(rec.geom)
  expect(await uncovered(page, [await project(page, [(a + c) / 2, (b + d) / 2])])).toEqual([true])
  expect(errors).toEqual([])
  await context.close()
})
