/**
 * Reports (issue 22): each report opens from its button, shows its pages, prints through Chromium
 * to a PDF (page.pdf, the browser's own print path) and downloads as a PDF (pdf-lib); both PDFs are
 * read back as a person gets them — their text (pdftotext) and their pages as pictures (pdftoppm) —
 * to check the map frame shows the subject's outline and the text holds owner, parcel number, acres.
 */
import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test'
import { REPORT_MAP } from '../src/format/report-colors'
import { apiPost } from './support/api'
import { addFilter, openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { countColor, countDark, type PtBox, pdfPageCount, pdfPageSize, pdfPages, pdfText } from './support/pdf'
import { keepImage, shot } from './support/shots'

type Rec = Record<string, unknown> & { svc_uuid: string }

const hex = (c: string): [number, number, number] => [
  Number.parseInt(c.slice(1, 3), 16),
  Number.parseInt(c.slice(3, 5), 16),
  Number.parseInt(c.slice(5, 7), 16),
]
const SUBJECT = hex(REPORT_MAP.subject)

/** A cropland farm of 70–90 acres in Story County (what a person would click). */
async function someFarm(request: APIRequestContext, key: string): Promise<Rec> {
  const res = await apiPost<{ results: Rec[] }>(request, key, '/parcels/query', {
    filters: [
      { field: 'land_use', op: 'eq', value: 'AGRICULTURAL - CROPLAND' },
      { field: 'county_fp', op: 'eq', value: '169' },
      { field: 'acres', op: 'between', value: [70, 90] },
      { field: 'owner', op: 'isnull', value: false },
    ],
    order: { field: 'svc_uuid', direction: 'asc' },
    limit: 1,
  })
  const farm = res.results[0]
  if (!farm) throw new Error('no farm in the demo data')
  return farm
}

function report(page: Page, title: string): Locator {
  return page.getByRole('dialog', { name: title })
}

/** Waits until the report's maps are drawn (its buttons come alive). */
async function ready(dialog: Locator): Promise<void> {
  await expect(dialog).toHaveAttribute('data-ready', 'true', { timeout: 60_000 })
}

/** The map frame of page 1, in points, as the preview places it. */
async function mapFrame(page: Page): Promise<PtBox> {
  const style = await page
    .locator('.rp-page[data-page="1"] [data-map]')
    .first()
    .evaluate((el) => {
      const s = (el as HTMLElement).style
      return [s.left, s.top, s.width, s.height].map((v) => Number.parseFloat(v))
    })
  const [x = 0, y = 0, w = 0, h = 0] = style
  return { x, y, w, h }
}

/** Chromium's print of the page (the print stylesheet and its named pages decide size and breaks). */
async function printed(page: Page): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' })
  const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true })
  await page.emulateMedia({ media: 'screen' })
  return pdf
}

async function downloaded(page: Page, dialog: Locator): Promise<Buffer> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download PDF' }).click(),
  ])
  return readFileSync((await download.path()) as string)
}

/** The subject's outline is drawn inside the map frame, and reads dark on a grayscale printer. */
function expectSubjectInFrame(pdf: Buffer, frame: PtBox, name: string, minPixels = 150): void {
  const [page1] = pdfPages(pdf, { dpi: 100, first: 1, last: 1 })
  if (!page1) throw new Error('no page rendered')
  keepImage(name, page1.png)
  const inside = { x: frame.x + 2, y: frame.y + 2, w: frame.w - 4, h: frame.h - 4 }
  expect(countColor(page1, inside, SUBJECT)).toBeGreaterThan(minPixels)
  // Nowhere but in the map (the legend swatch is hatched in it, so leave the map's strip out).
  const above = { x: 0, y: 0, w: 612, h: frame.y - 2 }
  expect(countColor(page1, above, SUBJECT, 40)).toBe(0)
  const [gray] = pdfPages(pdf, { dpi: 100, first: 1, last: 1, gray: true })
  if (!gray) throw new Error('no grayscale page')
  keepImage(`${name}-gray`, gray.png)
  // The subject's line is darker than anything else on the map (neighbours are mid-grey).
  expect(countDark(gray, inside, 95)).toBeGreaterThan(minPixels)
}

test('parcel report: one page with the map, the owner, parcel number and acres, printed and downloaded alike', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  const errors = watchConsole(page)
  const farm = await someFarm(request, keys.full)
  await openApp(page, keys.full, `/?p=${farm.svc_uuid}&v=1`)
  const details = page.getByRole('complementary', { name: 'Parcel details' })
  await details.getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Parcel report')
  await expect(dialog).toBeVisible()
  await ready(dialog)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(String(farm.owner))
  await expect(dialog.getByRole('region', { name: 'Page 1 of 1' })).toBeVisible()
  await expect(dialog.getByRole('img', { name: 'Map' })).toBeVisible()
  await expect(dialog.getByText(/^Basemap: Offline map/)).toBeVisible()
  await shot(page, 'parcel-preview-desktop')
  const frame = await mapFrame(page)
  const acres = Number(farm.acres).toFixed(2)

  const viaPrint = await printed(page)
  expect(pdfPageCount(viaPrint)).toBe(1)
  const text = pdfText(viaPrint)
  expect(text).toContain(String(farm.owner))
  expect(text).toContain(String(farm.parcel_id))
  expect(text).toContain(acres)
  expect(text).toMatch(/Page 1 of 1/)
  expect(text).toMatch(/Data: Story County, IA, loaded \d{4}-\d{2}-\d{2}/)
  expectSubjectInFrame(viaPrint, frame, 'parcel-print-p1')

  const viaDownload = await downloaded(page, dialog)
  expect(pdfPageCount(viaDownload)).toBe(1)
  const dtext = pdfText(viaDownload)
  for (const t of [String(farm.owner), String(farm.parcel_id), acres, 'Page 1 of 1']) expect(dtext).toContain(t)
  expectSubjectInFrame(viaDownload, frame, 'parcel-download-p1')
  expect(pdfPageSize(viaDownload)).toEqual(pdfPageSize(viaPrint))

  // A4: the same report laid out again on the other paper.
  await dialog.getByLabel('Paper').selectOption('a4')
  await ready(dialog)
  const a4 = await downloaded(page, dialog)
  expect(pdfPageSize(a4).map(Math.round)).toEqual([595, 842])
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(details.getByRole('button', { name: 'Report' })).toBeFocused()
  expect(errors).toEqual([])
})

/** Story County as the search area (a few thousand demo parcels), run as a person would. */
async function searchStoryCounty(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search a county…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Search a county' })
  await dialog.getByLabel('State').selectOption({ label: 'Iowa' })
  await dialog.getByLabel('County').selectOption({ label: 'Story' })
  await dialog.getByRole('button', { name: 'Search this county' }).click()
  const results = page.getByRole('region', { name: 'Results' })
  const go = page.getByRole('alertdialog', { name: 'This search is large' }).getByRole('button', { name: 'Continue' })
  const done = results.getByRole('button', { name: 'Report' })
  await expect(go.or(done)).toBeVisible({ timeout: 30_000 })
  if (await go.isVisible()) await go.click()
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 90_000 })
}

test('search report: map of the area and results, the search in words, and 2,000+ rows over numbered pages with the header on each', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await openApp(page, keys.full)
  await page.getByRole('combobox', { name: 'Colour results by' }).selectOption('crop')
  await searchStoryCounty(page)
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Search report')
  await ready(dialog)
  const pages = dialog.getByRole('region', { name: /^Page \d+ of \d+$/ })
  const count = await pages.count()
  const subheading = await dialog
    .getByText(/^[\d,]+ parcels?/)
    .first()
    .innerText()
  const rows = Number(/^([\d,]+) parcels/.exec(subheading)?.[1]?.replace(/,/g, ''))
  expect(rows).toBeGreaterThanOrEqual(2000)
  expect(count).toBeGreaterThan(Math.floor(rows / 70))
  await expect(dialog.getByText(/^Within 1 area \(Story County, IA\)\.$/)).toBeVisible()
  const firstOwner = await dialog
    .getByRole('table', { name: /^Results/ })
    .first()
    .locator('tbody tr')
    .first()
    .locator('td')
    .first()
    .innerText()
  const frame = await mapFrame(page)
  await shot(page, 'search-preview-desktop')

  const viaPrint = await printed(page)
  expect(pdfPageCount(viaPrint)).toBe(count)
  const text = pdfText(viaPrint)
  const perPage = text.split('\f').filter((t) => t.trim())
  expect(perPage).toHaveLength(count)
  perPage.forEach((t, i) => {
    expect(t).toContain(`Page ${i + 1} of ${count}`)
    // Every page after the summary holds part of the table, under its header.
    if (i > 0) for (const h of ['Owner', 'APN', 'Acres', 'Assessed']) expect(t).toContain(h)
  })
  expect(text).toContain(firstOwner)
  const [p1] = pdfPages(viaPrint, { first: 1, last: 1 })
  if (!p1) throw new Error('no page')
  keepImage('search-print-p1', p1.png)
  const [p2] = pdfPages(viaPrint, { first: 2, last: 2 })
  if (p2) keepImage('search-print-p2', p2.png)
  const inside = { x: frame.x + 2, y: frame.y + 2, w: frame.w - 4, h: frame.h - 4 }
  // The county, the search area, outlined dashed in its blue on the map.
  expect(countColor(p1, inside, hex(REPORT_MAP.area))).toBeGreaterThan(200)

  // Download PDF: the same pages, one for one.
  const viaDownload = await downloaded(page, dialog)
  expect(pdfPageCount(viaDownload)).toBe(count)
  const dtext = pdfText(viaDownload).split('\f')
  expect(dtext[count - 1]).toContain(`Page ${count} of ${count}`)
  expect(dtext[1]).toContain('APN')
  const [d1] = pdfPages(viaDownload, { first: 1, last: 1 })
  if (d1) expect(countColor(d1, inside, hex(REPORT_MAP.area))).toBeGreaterThan(200)
  expect(errors).toEqual([])
})

/**
 * An owner name beyond Latin-1 (the demo data's names are plain ASCII, so it rides in a filter); one
 * word, so no line break falls inside it.
 */
const ACCENTED = 'ŁÓDŹ-MÜLLÉR'

test('search report: "Acres ≥ 40" and an accented name print as themselves, in the PDF and on the printed page', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const keys = e2eKeys()
  const errors = watchConsole(page)
  await openApp(page, keys.full)
  await addFilter(page, 1, 'acres', 'gte', '40')
  await addFilter(page, 2, 'owner', 'ne', ACCENTED)
  // An owner filter needs a state or county filter beside it (the API's scope rule).
  await addFilter(page, 3, 'state', 'eq', 'IA')
  await searchStoryCounty(page)
  await page.getByRole('region', { name: 'Results' }).getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Search report')
  await ready(dialog)
  // The HTML pages draw the same characters (no WinAnsi "?" any more).
  await expect(dialog.getByRole('heading', { level: 1 })).toContainText('Acres ≥ 40')
  await expect(dialog.getByText(ACCENTED, { exact: false }).first()).toBeVisible()
  await shot(page, 'report-preview-acres-ge-40')

  const pdf = await downloaded(page, dialog)
  const text = pdfText(pdf)
  expect(text).toContain('≥ 40')
  expect(text).toContain(ACCENTED)
  expect(text).not.toContain('Acres ? 40')
  const [p1] = pdfPages(pdf, { dpi: 60, first: 1, last: 1 })
  if (p1) keepImage('report-pdf-acres-ge-40', p1.png)

  const viaPrint = pdfText(await printed(page))
  expect(viaPrint).toContain('≥ 40')
  expect(viaPrint).toContain(ACCENTED)
  expect(errors).toEqual([])
})

test('comps report: subject and comps on the map, the indicated value with what it rests on, and the comps table', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000)
  const keys = e2eKeys()
  const farm = await someFarm(request, keys.full)
  await openApp(page, keys.full, `/?p=${farm.svc_uuid}&v=1`)
  const details = page.getByRole('complementary', { name: 'Parcel details' })
  await details.getByRole('button', { name: 'Comparable sales' }).click()
  const panel = details.getByRole('region', { name: 'Comparable sales' })
  await expect(panel.getByRole('region', { name: 'Indicated value' })).toBeVisible({ timeout: 60_000 })
  const n = await panel.getByTestId('comps-n').innerText()
  await panel.getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Comparable sales report')
  await ready(dialog)
  const frame = await mapFrame(page)
  const viaPrint = await printed(page)
  const text = pdfText(viaPrint)
  for (const t of [String(farm.parcel_id), Number(farm.acres).toFixed(2), 'Indicated value', 'not an appraisal'])
    expect(text).toContain(t)
  expect(text).toMatch(new RegExp(`${n} comparable sales?`))
  // Framed to show comps miles around, the subject is small: a few dozen pixels of outline at 100 dpi.
  expectSubjectInFrame(viaPrint, frame, 'comps-print-p1', 40)
  const viaDownload = await downloaded(page, dialog)
  expect(pdfPageCount(viaDownload)).toBe(pdfPageCount(viaPrint))
  expect(pdfText(viaDownload)).toContain(String(farm.parcel_id))
})

/** Σ of a "1,234.5 ac" text. */
const acresIn = (text: string) => Number(/([\d,]+(?:\.\d+)?) ac/.exec(text)?.[1]?.replace(/,/g, ''))

test('holding report: an owner’s holdings mapped and labelled, totals equal to the holdings panel’s, every parcel listed', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000)
  const keys = e2eKeys()
  const errors = watchConsole(page)
  const miller = await apiPost<{ results: Rec[] }>(request, keys.full, '/parcels/query', {
    filters: [
      { field: 'owner', op: 'eq', value: 'MILLER FARMS LLC' },
      { field: 'state', op: 'eq', value: 'IA' },
    ],
    order: { field: 'svc_uuid', direction: 'asc' },
    limit: 1,
  })
  const farm = miller.results[0]
  if (!farm) throw new Error('no MILLER FARMS LLC parcel in the demo data')
  await openApp(page, keys.full, `/?p=${farm.svc_uuid}&v=1`)
  await page
    .getByRole('complementary', { name: 'Parcel details' })
    .getByRole('button', { name: 'Owner’s holdings' })
    .click()
  const panel = page.getByRole('region', { name: 'Holdings & lists' })
  await panel.getByRole('button', { name: 'Find holdings' }).click()
  const total = panel.getByTestId('holdings-total')
  await expect(total).toBeVisible({ timeout: 60_000 })
  // One more spelling, in another state: the report names it and maps each state.
  const before = await total.innerText()
  await panel
    .getByRole('list', { name: 'Same owner, other spellings' })
    .getByRole('checkbox', { name: /MILLER FARM LLC/ })
    .check()
  await expect(total).not.toHaveText(before)
  await expect(panel.getByRole('region', { name: 'Holdings' })).toBeVisible()
  const shown = await total.innerText()
  const parcels = Number(/([\d,]+) parcels?/.exec(shown)?.[1]?.replace(/,/g, ''))
  const holdings = Number(/([\d,]+) holdings?/.exec(shown)?.[1]?.replace(/,/g, ''))
  const paneAcres = acresIn(shown)
  expect(parcels).toBeGreaterThan(1)

  await panel.getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Holding report')
  await ready(dialog)
  await expect(dialog.getByRole('heading', { level: 1 })).toHaveText('MILLER FARMS LLC')
  const frame = await mapFrame(page)
  await shot(page, 'holding-preview-desktop')

  const viaDownload = await downloaded(page, dialog)
  const text = pdfText(viaDownload)
  expect(text).toContain('MILLER FARMS LLC')
  expect(text).toMatch(/Names included: MILLER FARMS LLC \(the name asked for/)
  expect(text).toContain('MILLER FARM LLC')
  expect(text).toContain(`${holdings} holding${holdings === 1 ? '' : 's'} · ${parcels.toLocaleString('en-US')} parcels`)
  // The total acres printed are the holdings panel's (it rounds to 0.1 ac above 100 ac).
  const printedAcres = Number(/Measured acres\s+([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, ''))
  expect(Math.abs(printedAcres - paneAcres)).toBeLessThanOrEqual(0.051)
  expect(text).toMatch(/How acres are counted/)
  expect(text).toMatch(/Page 1 of \d+/)
  expect(text).toMatch(/Parcels \(\d+\)/)
  expect(text).toMatch(/Data: .+, loaded \d{4}-\d{2}-\d{2}/)
  // The overview spans states: each holding is a small mark there, but its outline is drawn.
  expectSubjectInFrame(viaDownload, frame, 'holding-download-p1', 30)
  const count = pdfPageCount(viaDownload)
  for (const [i, img] of pdfPages(viaDownload, { dpi: 100 }).entries()) keepImage(`holding-download-p${i + 1}`, img.png)
  // Every holding's label is in the holdings table.
  for (let h = 1; h <= holdings; h++) expect(text).toMatch(new RegExp(`\\bH${h}\\b`))

  // Print (Chromium's PDF) gives the same pages.
  const viaPrint = await printed(page)
  expect(pdfPageCount(viaPrint)).toBe(count)
  expect(pdfText(viaPrint)).toContain(`Measured acres`)
  expectSubjectInFrame(viaPrint, frame, 'holding-print-p1', 30)
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(panel.getByRole('button', { name: 'Report' })).toBeFocused()
  expect(errors).toEqual([])
})

test('on a phone: the report fits the screen width and offers its PDF', async ({ browser, request }) => {
  const keys = e2eKeys()
  const farm = await someFarm(request, keys.full)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await openApp(page, keys.full, `/?p=${farm.svc_uuid}&v=1`)
  await page.getByRole('complementary', { name: 'Parcel details' }).getByRole('button', { name: 'Report' }).click()
  const dialog = report(page, 'Parcel report')
  await ready(dialog)
  const box = await dialog.locator('.rp-page').first().boundingBox()
  expect(box && box.width <= 390).toBe(true)
  await shot(page, 'parcel-preview-phone')
  const pdf = await downloaded(page, dialog)
  expect(pdfText(pdf)).toContain(String(farm.owner))
  await context.close()
})

test.describe('a report asked for offline before its font was ever saved', () => {
  // No service worker: the font is in no cache, as on a device that never finished installing.
  test.use({ serviceWorkers: 'block' })

  test('says so in words with Try again, and opens once the connection is back', async ({ page, context, request }) => {
    const keys = e2eKeys()
    const errors = watchConsole(page)
    const farm = await someFarm(request, keys.full)
    await openApp(page, keys.full, `/?p=${farm.svc_uuid}&v=1`)
    const details = page.getByRole('complementary', { name: 'Parcel details' })
    await expect(details.getByRole('button', { name: 'Report' })).toBeVisible()
    await context.setOffline(true)
    await details.getByRole('button', { name: 'Report' }).click()
    const problem = page.getByRole('dialog', { name: 'Report', exact: true })
    await expect(problem.getByRole('alert')).toHaveText(
      'The report could not be opened: you are offline, and the report font is not saved on this device yet. Connect once, then try again.',
    )
    await shot(page, 'report-font-offline')
    await context.setOffline(false)
    await problem.getByRole('button', { name: 'Try again' }).click()
    const dialog = report(page, 'Parcel report')
    await ready(dialog)
    await expect(dialog.getByRole('heading', { level: 1 })).toHaveText(String(farm.owner))
    await expect(problem).toBeHidden()
    // The offline attempt's failed fetches are the browser's; the app itself threw nothing.
    expect(errors.filter((e) => !e.startsWith('Failed to load resource'))).toEqual([])
  })
})
