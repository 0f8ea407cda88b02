/**
 * Screenshots of the field features for review (not a test): desktop 1400×900 and phone 390×844.
 * Run against a server started by e2e/serve.ts: `SHOTS_URL=http://localhost:PORT SHOTS_DIR=… node
 * --import tsx e2e/field-shots.ts`.
 */
import { chromium, type Page } from '@playwright/test'
import pointOnFeature from '@turf/point-on-feature'
import type { Polygon } from 'geojson'
import type { MapProbe } from '../src/features/map/map-probe'
import { chromiumLaunch } from './chromium-launch'
import { someAddress } from './support/api'
import { closeDetails, drawRectangle, goToAddress, waitForSearchDone, zoomOut } from './support/app'
import { e2eKeys } from './support/keys'

const base = process.env.SHOTS_URL ?? 'http://localhost:8872'
const dir = process.env.SHOTS_DIR ?? '/tmp'
const keys = e2eKeys()
const browser = await chromium.launch(chromiumLaunch)

async function run(name: string, phone: boolean) {
  const context = await browser.newContext({
    baseURL: base,
    ...(phone
      ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
      : { viewport: { width: 1400, height: 900 } }),
    permissions: ['geolocation'],
    geolocation: { latitude: 0, longitude: 0 },
  })
  const page: Page = await context.newPage()
  const records: { owner?: string; geom?: Polygon }[] = []
  page.on('response', async (res) => {
    if (res.url().endsWith('/parcels/query') && res.ok())
      records.push(...(((await res.json()) as { results: [] }).results ?? []))
  })
  await page.addInitScript(
    (k) => sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: k })),
    keys.full,
  )
  await page.goto('/')
  await page.locator('.maplibregl-canvas').waitFor()
  if (phone) {
    const link = process.env.SHOTS_LINK
    if (link) await page.goto(link)
    await waitForSearchDone(page)
  } else {
    await goToAddress(page, (await someAddress(context.request, keys.full)).situs)
    await closeDetails(page)
    await zoomOut(page, 1)
    await drawRectangle(page, [0.4, 0.4], [0.6, 0.6])
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await waitForSearchDone(page)
    console.log(`SHOTS_LINK=${new URL(page.url()).pathname}${new URL(page.url()).search}`)
  }
  const tap = (l: ReturnType<Page['getByRole']>) => (phone ? l.tap() : l.click())
  await tap(page.getByRole('button', { name: 'Offline & field ▾' }))
  await page.screenshot({ path: `${dir}/${name}-1-menu.png` })
  await tap(page.getByRole('button', { name: 'Take this search offline…' }))
  await page.getByTestId('pack-estimate').waitFor()
  await page.screenshot({ path: `${dir}/${name}-2-estimate.png` })
  await tap(page.getByRole('button', { name: /^Download/ }))
  await page.getByText(/is available offline/).waitFor({ timeout: 120_000 })
  await page.screenshot({ path: `${dir}/${name}-3-done.png` })
  await tap(page.getByRole('button', { name: 'Done' }))
  const r = records.find((x) => x.geom && x.owner)
  if (r?.geom) {
    const [lng, lat] = pointOnFeature(r.geom).geometry.coordinates as [number, number]
    await context.setGeolocation({ longitude: lng, latitude: lat, accuracy: 12 })
  }
  await context.setOffline(true)
  await page.reload()
  await page.locator('.maplibregl-canvas').waitFor()
  await tap(page.getByRole('button', { name: 'Where am I?' }))
  await page.getByTestId('position-owner').waitFor({ timeout: 30_000 })
  // The map follows the position: the shot waits for its tiles (from the pack) and camera to settle.
  await page.waitForFunction(() => (window as unknown as { platMap: MapProbe }).platMap.settled())
  await page.screenshot({ path: `${dir}/${name}-4-offline-where-am-i.png` })
  await tap(page.getByRole('button', { name: /^Offline packs/ }))
  await page.getByRole('list', { name: 'Offline packs' }).waitFor()
  await page.screenshot({ path: `${dir}/${name}-5-packs.png` })
  await context.close()
}

await run('desktop', false)
await run('phone', true)
await browser.close()
