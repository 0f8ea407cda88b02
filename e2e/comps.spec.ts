import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import type { MapProbe } from '../src/features/map/map-probe'
import { apiPost } from './support/api'
import { openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'

type Rec = Record<string, unknown> & { svc_uuid: string }

/** A cropland farm of about 80 acres in Story County, found through the API (what the user would click). */
async function someFarm(request: APIRequestContext, key: string): Promise<Rec> {
  const res = await apiPost<{ results: Rec[] }>(request, key, '/parcels/query', {
    filters: [
      { field: 'land_use', op: 'eq', value: 'AGRICULTURAL - CROPLAND' },
      { field: 'county_fp', op: 'eq', value: '169' },
      { field: 'acres', op: 'between', value: [70, 90] },
    ],
    order: { field: 'svc_uuid', direction: 'asc' },
    limit: 1,
  })
  const farm = res.results[0]
  if (!farm) throw new Error('no farm in the demo data')
  return farm
}

/** RFC 4180 rows (quoted cells may hold commas and doubled quotes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  const body = text.replace(/^\uFEFF/, '')
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"'
        i++
      } else if (ch === '"') quoted = false
      else cell += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(cell)
      cell = ''
    } else if (ch === '\n') {
      row.push(cell.replace(/\r$/, ''))
      rows.push(row)
      row = []
      cell = ''
    } else cell += ch
  }
  if (cell !== '' || row.length) rows.push([...row, cell])
  return rows
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}
const dollars = (t: string) => Number(t.replace(/[$,]/g, ''))
const miles = (a: [number, number], b: [number, number]) => {
  const r = Math.PI / 180
  const h =
    Math.sin(((b[1] - a[1]) * r) / 2) ** 2 +
    Math.cos(a[1] * r) * Math.cos(b[1] * r) * Math.sin(((b[0] - a[0]) * r) / 2) ** 2
  return (2 * 6_371_008.8 * Math.asin(Math.sqrt(h))) / 1609.344
}

async function openComps(page: Page, farm: Rec, key: string) {
  await openApp(page, key)
  await page.goto(`/?p=${farm.svc_uuid}&v=1`)
  const details = page.getByRole('complementary', { name: 'Parcel details' })
  await details.getByRole('button', { name: 'Comparable sales' }).click()
  const panel = details.getByRole('region', { name: 'Comparable sales' })
  await expect(panel.getByRole('region', { name: 'Indicated value' })).toBeVisible({ timeout: 30_000 })
  return panel
}

test('comps from a farm card: the median shown is the median of the included comps in the CSV, all within radius and window', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  const farm = await someFarm(request, keys.full)
  const panel = await openComps(page, farm, keys.full)
  await expect(panel.getByText('An estimate from public sales, not an appraisal.')).toBeVisible()
  const summary = await panel.locator('summary').innerText()
  expect(summary).toMatch(/Within 10 mi/)
  // The comps are on the map: outlines, rank labels and the subject's outline.
  for (const layer of ['comps-line', 'comps-label', 'comps-subject'])
    await expect
      .poll(() => page.evaluate((id) => (window as unknown as { platMap: MapProbe }).platMap.layerVisible(id), layer))
      .toBe(true)
  const windowStart = /sold since (\d{4}-\d{2}-\d{2})/.exec(summary)![1]!
  const rowsShown = await panel.getByRole('table').getByRole('row').count()

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    panel.getByRole('button', { name: 'Download CSV' }).click(),
  ])
  const csv = parseCsv(readFileSync((await download.path())!, 'utf8'))
  const [header, ...rows] = csv
  const col = (name: string) => header!.indexOf(name)
  expect(rows.length).toBe(rowsShown - 1)
  expect(rows.length).toBeGreaterThan(3)

  const included = rows.filter((r) => r[col('included')] === 'true')
  const shownMedian = dollars(await panel.getByTestId('comps-median').innerText())
  const csvMedian = median(included.map((r) => Number(r[col('adjusted_price_per_acre')])))
  expect(Math.abs(shownMedian - csvMedian)).toBeLessThanOrEqual(0.5) // shown in whole dollars
  expect(Number(await panel.getByTestId('comps-n').innerText())).toBe(included.length)

  // Every listed comp, checked against the server's own record: within 10 miles and the window.
  const today = new Date().toISOString().slice(0, 10)
  const ids = rows.map((r) => r[col('svc_uuid')]!)
  const { results } = await apiPost<{ results: Rec[] }>(request, keys.full, '/parcels/query', {
    filters: [{ field: 'svc_uuid', op: 'in', value: ids }],
    limit: 100,
  })
  expect(results.length).toBe(Math.min(ids.length, 100))
  const here: [number, number] = [farm.lon as number, farm.lat as number]
  for (const r of results) {
    expect(miles(here, [r.lon as number, r.lat as number])).toBeLessThanOrEqual(10)
    expect(String(r.sale_date) >= windowStart && String(r.sale_date) <= today).toBe(true)
  }
  for (const r of rows) {
    expect(Number(r[col('distance_mi')])).toBeLessThanOrEqual(10)
    expect(r[col('sale_date')]! >= windowStart).toBe(true)
  }

  // A row opens that comp's card; back returns to the same comps.
  const first = rows[0]!
  await panel
    .getByRole('table')
    .getByRole('row')
    .nth(1)
    .getByRole('button', { name: first[col('sale_date')]! })
    .click()
  const details = page.getByRole('complementary', { name: 'Parcel details' })
  await expect(details.getByRole('button', { name: '← Back to comparable sales' })).toBeVisible()
  await expect(details.getByText(first[col('parcel_id')]!, { exact: true }).first()).toBeVisible()
  await expect(panel).toBeHidden()
  await details.getByRole('button', { name: '← Back to comparable sales' }).click()
  await expect(panel.getByTestId('comps-median')).toHaveText(`$${Math.round(shownMedian).toLocaleString('en-US')}`)
  await page.screenshot({ path: 'test-results/comps-desktop.png' })
  expect(errors).toEqual([])
})

test('comps on a phone: the panel fits 390 px and shows the value', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  const keys = e2eKeys()
  const farm = await someFarm(request, keys.full)
  const panel = await openComps(page, farm, keys.full)
  await expect(panel.getByTestId('comps-indicated')).toBeVisible()
  const box = await panel.boundingBox()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390.5)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: 'test-results/comps-phone.png' })
})
