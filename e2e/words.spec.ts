/**
 * Issue 43's words box: a sentence typed in the header is read in the browser and shown as the
 * ordinary filter rows (no call until Search), then runs as an ordinary search whose count is the
 * API's for the same filters; and the same on a phone.
 */
import { expect, type Page, test } from '@playwright/test'
import { apiPost } from './support/api'
import { openApp, recordsIn, waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'

/** The filter rows as a person reads them: field, operator and value, as shown in the controls. */
async function shownRows(page: Page): Promise<string[]> {
  const rows: string[] = []
  for (let n = 1; ; n++) {
    const field = page.getByLabel(`Filter ${n} field`)
    if ((await field.count()) === 0) return rows
    const shown = async (label: string) => {
      const el = page.getByLabel(label)
      if ((await el.count()) === 0) return ''
      return el.evaluate((e) =>
        e instanceof HTMLSelectElement ? (e.selectedOptions[0]?.textContent ?? '') : (e as HTMLInputElement).value,
      )
    }
    const range = (await page.getByLabel(`Filter ${n} minimum`).count()) > 0
    const value = range
      ? `${await shown(`Filter ${n} minimum`)} – ${await shown(`Filter ${n} maximum`)}`
      : await shown(`Filter ${n} value`)
    rows.push([await shown(`Filter ${n} field`), await shown(`Filter ${n} operator`), value].join(' '))
  }
}

/** Calls the page makes to the parcels endpoints: reading words must make none. */
function parcelCalls(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (r) => {
    if (/\/parcels\//.test(new URL(r.url()).pathname)) calls.push(r.url())
  })
  return calls
}

const wordsBox = (page: Page) => page.getByRole('searchbox', { name: 'Ask in words' })
const wordsPanel = (page: Page) => page.getByRole('region', { name: 'What the words ask' })

test('desktop: three sentences become the filter rows shown, then one runs and finds what the API counts', async ({
  page,
  request,
}) => {
  const keys = e2eKeys()
  await openApp(page, keys.full)
  const calls = parcelCalls(page)
  const sentences: [string, string[], string[]][] = [
    [
      'corn over 80 acres in Story County',
      ['corn', 'over 80 acres', 'Story County'],
      [
        'Crop / land cover equals Corn',
        'Acres greater than 80',
        'State FIPS equals Iowa (19)',
        'County FIPS equals 169',
      ],
    ],
    [
      'vacant land between 5 and 20 acres in Iowa, largest first',
      ['vacant', 'between 5 and 20 acres', 'Iowa', 'largest first'],
      ['Land-use class equals Vacant', 'Acres between 5 – 20', 'State FIPS equals Iowa (19)'],
    ],
    [
      'soybeans owned by an LLC in Story County zorbl',
      ['soybeans', 'owned by an LLC', 'Story County'],
      [
        'Crop / land cover equals Soybeans',
        'Owner type equals LLC',
        'State FIPS equals Iowa (19)',
        'County FIPS equals 169',
      ],
    ],
  ]
  for (const [sentence, underlined, rows] of sentences) {
    await wordsBox(page).fill(sentence)
    await wordsBox(page).press('Enter')
    await expect(wordsPanel(page).locator('u')).toHaveText(underlined)
    await expect.poll(() => shownRows(page)).toEqual(rows)
  }
  // The last sentence's stray word is marked and said to be left out, never guessed.
  await expect(wordsPanel(page).locator('mark')).toHaveText(['zorbl'])
  await expect(wordsPanel(page).getByRole('list', { name: 'Not understood' })).toContainText(
    '“zorbl” not understood; left out of the search',
  )
  expect(calls).toEqual([])

  await wordsBox(page).fill('corn over 80 acres in Story County')
  await wordsBox(page).press('Enter')
  await expect.poll(() => shownRows(page)).toEqual(sentences[0]![2])
  expect(calls).toEqual([])
  const expected = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', {
    filters: [
      { field: 'cdl_majority_category', op: 'eq', value: 'Corn' },
      { field: 'acres', op: 'gt', value: 80 },
      { field: 'state_fp', op: 'eq', value: '19' },
      { field: 'county_fp', op: 'eq', value: '169' },
    ],
    limit: 1,
  })
  expect(expected.count).toBeGreaterThan(0)
  await wordsPanel(page).getByRole('button', { name: 'Search', exact: true }).click()
  expect(recordsIn(await waitForSearchDone(page))).toBe(expected.count)
  // An ordinary search: its link carries the filters as the filter builder would write them.
  expect(new URL(page.url()).searchParams.get('m')).toBe('d')
})

test('phone: a sentence is read with the keyboard of a touch screen, its rows shown in the sheet', async ({
  browser,
}) => {
  const keys = e2eKeys()
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  })
  const page = await context.newPage()
  await openApp(page, keys.full)
  const calls = parcelCalls(page)
  await expect(wordsBox(page)).toBeInViewport({ ratio: 1 })
  await wordsBox(page).tap()
  await wordsBox(page).fill('corn over 80 acres in Story County, largest first')
  await wordsBox(page).press('Enter')
  await expect(wordsPanel(page).locator('u')).toHaveText(['corn', 'over 80 acres', 'Story County', 'largest first'])
  await expect(wordsPanel(page)).toBeInViewport()
  const panelBox = await wordsPanel(page).boundingBox()
  expect((panelBox?.x ?? 0) + (panelBox?.width ?? 0)).toBeLessThanOrEqual(390.5)
  await wordsPanel(page).getByRole('button', { name: 'Edit the filters' }).tap()
  await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible()
  await expect
    .poll(() => shownRows(page))
    .toEqual([
      'Crop / land cover equals Corn',
      'Acres greater than 80',
      'State FIPS equals Iowa (19)',
      'County FIPS equals 169',
    ])
  expect(calls).toEqual([])
  await context.close()
})
