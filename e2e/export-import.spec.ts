import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import type { Position } from 'geojson'
import proj4 from 'proj4'
import type { ParcelRecord } from '../contract/schemas'
import { clockwiseSquare, shapefileZip, UTM15N_PRJ } from '../src/features/import/import-fixtures.test-support'
import { flatHistory } from '../src/format/history-columns'
import { apiPost, someAddress } from './support/api'
import {
  addFilter,
  closeDetails,
  drawRectangle,
  goToAddress,
  openApp,
  recordsIn,
  waitForSearchDone,
  watchConsole,
} from './support/app'
import { e2eKeys } from './support/keys'

type Rec = Record<string, unknown> & { svc_uuid: string }

/** The records the page received, by id. */
function loadedRecords(page: Page) {
  const pages: Promise<{ results: Rec[] }>[] = []
  page.on('response', (r) => {
    if (r.url().endsWith('/parcels/query') && r.ok()) pages.push(r.json())
  })
  return async () => new Map((await Promise.all(pages)).flatMap((p) => p.results).map((r) => [r.svc_uuid, r]))
}

/** RFC 4180 parsing, enough for our own files. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"'
        i++
      } else if (c === '"') quoted = false
      else cell += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(cell)
      cell = ''
    } else if (c === '\n') {
      row.push(cell.replace(/\r$/, ''))
      rows.push(row)
      row = []
      cell = ''
    } else cell += c
  }
  return rows
}

async function download(page: Page, item: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click()
  const event = page.waitForEvent('download')
  await page.getByRole('button', { name: item }).click()
  const d = await event
  return { name: d.suggestedFilename(), text: readFileSync(await d.path(), 'utf8') }
}

async function filtersOnlySearch(page: Page) {
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'KS')
  await addFilter(page, 2, 'acres', 'gt', '150')
}

test('exported CSV, GeoJSON and KML parse back to the loaded records', async ({ page }) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await openApp(page, keys.full)
  const records = loadedRecords(page)
  await filtersOnlySearch(page)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const n = recordsIn(await waitForSearchDone(page))
  const byId = await records()
  expect(byId.size).toBe(n)

  const geo = await download(page, 'GeoJSON')
  expect(geo.name).toMatch(/^plat-.*state-ks.*\.geojson$/)
  const fc = JSON.parse(geo.text) as { features: { geometry: unknown; properties: Rec }[] }
  expect(fc.features).toHaveLength(n)
  for (const f of fc.features) {
    const { geom, ...rest } = byId.get(f.properties.svc_uuid) as Rec
    // GeoJSON carries the crop history also as flat columns (crop_history, cdl_YYYY, cdl_YYYY_pct).
    expect(f.properties).toEqual({ ...rest, ...flatHistory(rest as ParcelRecord) })
    expect(f.geometry).toEqual(geom)
  }

  const csv = await download(page, 'CSV — all fields')
  const [header, ...rows] = parseCsv(csv.text.replace(/^\uFEFF/, ''))
  const col = (name: string) => header?.indexOf(name) ?? -1
  expect(rows).toHaveLength(n)
  for (const row of rows) {
    const r = byId.get(row[col('svc_uuid')] as string) as Rec
    expect(Number(row[col('acres')])).toBe(r.acres)
    const owner = String(r.owner ?? '')
    expect(row[col('owner')]).toBe(/^[=+\-@\t\r]/.test(owner) ? `'${owner}` : owner)
  }

  const kml = await download(page, 'KML')
  expect(kml.text.match(/<Placemark/g)?.length).toBe(n)
  for (const id of byId.keys()) expect(kml.text).toContain(id)

  await page.getByRole('button', { name: 'Export', exact: true }).click()
  await page.getByRole('button', { name: 'Owner mailing list…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Owner mailing list' })
  await expect(dialog).toContainText(/[\d,]+ owners from [\d,]+ loaded parcels/)
  const mail = page.waitForEvent('download')
  await dialog.getByRole('button', { name: 'Download CSV' }).click()
  const mailRows = parseCsv(readFileSync(await (await mail).path(), 'utf8').replace(/^\uFEFF/, ''))
  // Every parcel with an owner is counted once, in exactly one owner row.
  const [mailHeader, ...mailBody] = mailRows
  const countCol = mailHeader?.indexOf('parcel_count') ?? -1
  expect(countCol).toBeGreaterThan(-1)
  const withOwner = [...byId.values()].filter((r) => String(r.owner ?? '').trim() !== '').length
  expect(mailBody.reduce((sum, row) => sum + Number(row[countCol]), 0)).toBe(withOwner)
  expect(errors).toEqual([])
})

/** A square of `half` metres around a parcel's first vertex, in UTM zone 15N (Story County, IA). */
async function squareAroundParcel(
  page: Page,
  key: string,
  half: number,
): Promise<{ lonlat: Position; utm: Position[] }> {
  const { svc_uuid } = await someAddress(page.request, key)
  const rec = await apiPost<{ results: { geom: { coordinates: number[][][] | number[][][][] } }[] }>(
    page.request,
    key,
    '/parcels/query',
    { filters: [{ field: 'svc_uuid', op: 'eq', value: svc_uuid }], limit: 1 },
  )
  const flat = JSON.stringify(rec.results[0]?.geom.coordinates).match(/-?\d+\.\d+,-?\d+\.\d+/)?.[0] ?? ''
  const lonlat = flat.split(',').map(Number) as Position
  const utm = proj4('EPSG:4326', '+proj=utm +zone=15 +ellps=GRS80 +units=m').forward(lonlat as number[])
  return { lonlat, utm: clockwiseSquare(utm[0] as number, utm[1] as number, half) }
}

async function searchAndCompare(page: Page, key: string) {
  const records = loadedRecords(page)
  const areaRequest = page.waitForRequest((r) => r.url().endsWith('/parcels/area'))
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const body = (await areaRequest).postDataJSON()
  await waitForSearchDone(page)
  const expected = (await apiPost<{ svc_uuids: string[] }>(page.request, key, '/parcels/area', body)).svc_uuids
  expect(expected.length).toBeGreaterThan(0)
  expect([...(await records()).keys()].sort()).toEqual([...expected].sort())
}

test('a zipped Shapefile in UTM and a KML become search areas and search', async ({ page }) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await openApp(page, keys.full)
  const { lonlat, utm } = await squareAroundParcel(page, keys.full, 250)

  await page.getByRole('button', { name: 'Import areas…' }).click()
  await page.getByLabel('Choose file…').setInputFiles({
    name: 'fields.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from(shapefileZip([[utm]], UTM15N_PRJ)),
  })
  const notice = page.getByRole('status').filter({ hasText: 'Added 1 area from fields.zip' })
  await expect(notice).toContainText('reprojected from NAD_1983_UTM_Zone_15N')
  await expect(page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveCount(1)
  await searchAndCompare(page, keys.full)

  const [x, y] = lonlat as [number, number]
  const ring = [
    [x - 0.004, y - 0.003],
    [x + 0.004, y - 0.003],
    [x + 0.004, y + 0.003],
    [x - 0.004, y + 0.003],
    [x - 0.004, y - 0.003],
  ]
  const kml = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>North 40</name><Polygon><outerBoundaryIs><LinearRing><coordinates>${ring.map((p) => p.join(',')).join(' ')}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>`
  await page.getByRole('button', { name: 'Clear all' }).click()
  await page.getByRole('button', { name: 'Import areas…' }).click()
  await page.getByLabel('Choose file…').setInputFiles({
    name: 'north-40.kml',
    mimeType: 'application/vnd.google-earth.kml+xml',
    buffer: Buffer.from(kml),
  })
  await expect(page.getByRole('status').filter({ hasText: 'Added 1 area from north-40.kml' })).toBeVisible()
  await searchAndCompare(page, keys.full)

  // A file that is not an area says why and keeps the dialog open.
  await page.getByRole('button', { name: 'Import areas…' }).click()
  await page
    .getByLabel('Choose file…')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') })
  await expect(page.getByRole('alert').filter({ hasText: 'not a format Plat reads' })).toBeVisible()
  await page.keyboard.press('Escape')
  expect(errors).toEqual([])
})

test('undo and redo of area edits, and a saved search reopened after a reload', async ({ page, request }) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  await goToAddress(page, (await someAddress(request, keys.full)).situs)
  await closeDetails(page)
  await drawRectangle(page, [0.4, 0.4], [0.6, 0.6])
  const areas = page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')
  await expect(areas).toHaveCount(1)
  await page
    .getByRole('button', { name: 'Pan' })
    .click()
    .catch(() => undefined)
  await page.keyboard.press('Control+z')
  await expect(areas).toHaveCount(0)
  await page.keyboard.press('Control+Shift+z')
  await expect(areas).toHaveCount(1)

  // Buffer: a clicked point becomes a 300 m circle-like area.
  await page.getByRole('button', { name: 'Point', exact: true }).click()
  const box = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
  if (!box) throw new Error('no map')
  await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3)
  const buffer = page.getByRole('dialog', { name: 'Buffer point' })
  await buffer.getByLabel('Distance').fill('300')
  await buffer.getByRole('button', { name: 'Buffer' }).click()
  await expect(areas).toHaveCount(2)
  await expect(page.getByRole('status').filter({ hasText: 'from the buffered point' })).toBeVisible()

  await page.getByRole('button', { name: 'Clear all' }).click()
  await filtersOnlySearch(page)
  await page.getByRole('button', { name: 'Saved searches' }).click()
  const dialog = page.getByRole('dialog', { name: 'Saved searches' })
  await dialog.getByLabel('Save the current search as').fill('Big Kansas farms <b>')
  await dialog.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(dialog.getByRole('status')).toHaveText('Saved “Big Kansas farms <b>”.')
  await page.keyboard.press('Escape')

  await page.goto('/')
  await expect(page.getByLabel('Filter 1 value')).toHaveCount(0)
  await page.getByRole('button', { name: 'Saved searches' }).click()
  await dialog.getByRole('button', { name: 'Open Big Kansas farms <b>' }).click()
  await expect(page.getByLabel('Filter 1 value')).toHaveValue('KS')
  await expect(page.getByLabel('Filter 2 value')).toHaveValue('150')
  await expect(page.getByRole('radio', { name: 'Filters only' })).toBeChecked()
})
