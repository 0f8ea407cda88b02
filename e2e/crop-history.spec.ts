/**
 * Crop history (issue 25), as an agronomist uses it: corn–soybean parcels over 80 acres in Story
 * County found with filters only, the rotation strip in a parcel's card, the results coloured by
 * rotation, and the crops-by-year chart whose acres for a year equal the loaded records' sum.
 */
import { expect, type Page, test } from '@playwright/test'
import type { MapProbe } from '../src/features/map/map-probe'
import { themeById } from '../src/format/themes'
import { addFilter, openApp, waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'
import { shot } from './support/shots'

interface Rec {
  svc_uuid: string
  county: string
  acres: number
  rotation: string | null
  cdl_history: Record<string, { code: number; name: string; percent: number }>
}

const rgba = (hex: string) => `rgba(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(',')},1)`
const acres = (n: number) => Math.round(n).toLocaleString('en-US')

async function findCornSoybean(page: Page, phone = false) {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  const pages: Promise<{ results: Rec[] }>[] = []
  const bodies: { filters: { field: string; op: string; value: unknown }[] }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) bodies.push(r.postDataJSON())
  })
  page.on('response', (r) => {
    if (r.url().endsWith('/parcels/query') && r.ok()) pages.push(r.json())
  })
  // On a phone the search controls are a sheet over the map.
  if (phone) await page.getByRole('button', { name: 'Areas & filters' }).click()
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'county', 'eq', 'Story')
  await addFilter(page, 3, 'rotation', 'eq', 'corn-soybean')
  await addFilter(page, 4, 'acres', 'gt', '80')
  await expect(page.getByText(/derived by Plat's own server, which filters on them/)).toBeVisible()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  // On a phone the sheet closes on Search and the results show; the progress bar stays in the sheet.
  if (phone) {
    await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible({
      timeout: 60_000,
    })
    await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 })
  } else await waitForSearchDone(page)
  for (const b of bodies) expect(b.filters).toContainEqual({ field: 'rotation', op: 'eq', value: 'corn-soybean' })
  return (await Promise.all(pages)).flatMap((p) => p.results)
}

test('corn–soybean parcels over 80 acres in Story County: strip, rotation colours, crops by year', async ({ page }) => {
  const loaded = await findCornSoybean(page)
  expect(loaded.length).toBeGreaterThan(0)
  for (const r of loaded) {
    expect(r).toMatchObject({ county: 'Story', rotation: 'corn-soybean' })
    expect(r.acres).toBeGreaterThan(80)
  }

  // The card of the first row shows the strip: five years, each with its class and share.
  const grid = page.getByRole('grid', { name: 'Search results' })
  await grid.getByRole('row').nth(1).click()
  await expect(page.getByRole('heading', { name: 'Crop history 2020–2024' })).toBeVisible()
  await expect(page.getByText('Rotation: Corn–soybean')).toBeVisible()
  const cells = page.getByRole('list', { name: 'Crop by year' }).getByRole('listitem')
  await expect(cells).toHaveCount(5)
  await expect(cells.first()).toHaveAttribute('aria-label', /^2020: (Corn|Soybeans), \d+(\.\d)?% of the parcel$/)
  await cells.nth(2).focus()
  await expect(page.getByText(/^2022: (Corn|Soybeans), /, { exact: false }).last()).toBeVisible()
  await shot(page, 'crop-history-card')
  await page.getByRole('button', { name: 'Close details' }).click()

  // Coloured by rotation: a legend, and the results on the map in the corn–soybean colour.
  await page.getByRole('combobox', { name: 'Colour results by' }).selectOption({ label: 'Crop rotation' })
  const legend = page.getByRole('list', { name: 'Legend: Crop rotation' })
  await expect(legend).toBeVisible()
  await expect(legend).toContainText('Corn–soybean')
  const cornSoy = rgba(themeById('rotation').classes[0]!.color)
  await expect
    .poll(async () => {
      const shown = await page.evaluate(() => (window as unknown as { platMap: MapProbe }).platMap.rendered())
      return shown.filter((p) => p.matched && p.color === cornSoy).length
    })
    .toBeGreaterThan(0)

  // Crops by year: the 2024 bar holds every loaded parcel's acres; corn's slice the corn parcels' acres.
  await page.getByText('Crops by year').click()
  const table = page.getByRole('table', { name: /Acres by crop and year/ })
  await expect(table).toBeVisible()
  const total = loaded.reduce((s, r) => s + r.acres, 0)
  await expect(table.locator('td[data-year="2024"]')).toHaveText(acres(total))
  const corn2024 = loaded.filter((r) => r.cdl_history['2024']?.code === 1).reduce((s, r) => s + r.acres, 0)
  const cornRow = table.getByRole('row', { name: /^Corn/ })
  const years = await table.getByRole('columnheader').allInnerTexts()
  await expect(cornRow.getByRole('cell').nth(years.indexOf('2024') - 1)).toHaveText(acres(corn2024))
  await expect(page.getByTestId('csr2')).toContainText(/Acres-weighted CSR2: \d+\.\d over [\d,]+ rated acres/)
  await shot(page, 'crop-history-desktop')
})

test('on a phone the strip and the chart fit', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  const loaded = await findCornSoybean(page, true)
  expect(loaded.length).toBeGreaterThan(0)
  await page.getByText('Crops by year').click()
  await expect(page.getByRole('table', { name: /Acres by crop and year/ })).toBeVisible()
  await shot(page, 'crop-history-phone-chart')
  await page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1).click()
  await expect(page.getByRole('list', { name: 'Crop by year' })).toBeVisible()
  await shot(page, 'crop-history-phone-card')
  await context.close()
})
