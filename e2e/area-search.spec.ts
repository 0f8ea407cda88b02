import { expect, type Response, test } from '@playwright/test'
import { apiPost, someAddress } from './support/api'
import {
  closeDetails,
  drawRectangle,
  goToAddress,
  openApp,
  recordsIn,
  waitForSearchDone,
  watchConsole,
  zoomOut,
} from './support/app'
import { e2eKeys } from './support/keys'

interface QueryPage {
  results: { svc_uuid: string; buildings?: unknown[] }[]
}

/** Every POST /parcels/query the page makes, parsed once it arrives. */
function recordQueries(page: import('@playwright/test').Page) {
  const pages: Promise<QueryPage>[] = []
  page.on('response', (res: Response) => {
    if (res.url().endsWith('/parcels/query') && res.request().method() === 'POST' && res.ok()) {
      pages.push(res.json() as Promise<QueryPage>)
    }
  })
  return async () => Promise.all(pages)
}

test.describe('area search', () => {
  test('a drawn rectangle loads exactly the parcels the API finds, at the call lower bound', async ({
    page,
    request,
  }) => {
    const keys = e2eKeys()
    const errors = watchConsole(page)
    await openApp(page, keys.full)
    await goToAddress(page, (await someAddress(request, keys.full)).situs)
    await closeDetails(page)
    await zoomOut(page, 2)
    await drawRectangle(page, [0.3, 0.3], [0.7, 0.7])
    await expect(page.getByText(/\bac(res)?\b/).first()).toBeVisible()

    const queries = recordQueries(page)
    const areaRequest = page.waitForRequest((r) => r.url().endsWith('/parcels/area'))
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const areaBody = (await areaRequest).postDataJSON()
    const progress = await waitForSearchDone(page)

    const expected = (await apiPost<{ svc_uuids: string[] }>(request, keys.full, '/parcels/area', areaBody)).svc_uuids
    expect(expected.length).toBeGreaterThan(0)
    const loaded = (await queries()).flatMap((p) => p.results.map((r) => r.svc_uuid))
    expect(recordsIn(progress)).toBe(expected.length)
    expect([...loaded].sort()).toEqual([...expected].sort())
    // No filters: one area call plus ceil(n/100) query calls is the least possible.
    expect((await queries()).length).toBe(Math.ceil(expected.length / 100))
    expect(errors).toEqual([])
  })

  test('buildings toggle asks the server for buildings', async ({ page, request }) => {
    const keys = e2eKeys()
    await openApp(page, keys.full)
    await goToAddress(page, (await someAddress(request, keys.full)).situs)
    await closeDetails(page)
    await zoomOut(page)
    await drawRectangle(page, [0.4, 0.4], [0.6, 0.6])
    await page.getByLabel('Include building footprints').check()
    const queries = recordQueries(page)
    const firstQuery = page.waitForRequest((r) => r.url().endsWith('/parcels/query'))
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    expect((await firstQuery).postDataJSON().include_buildings).toBe(true)
    await waitForSearchDone(page)
    const results = (await queries()).flatMap((p) => p.results)
    expect(results.length).toBeGreaterThan(0)
    for (const r of results) expect(Array.isArray(r.buildings)).toBe(true)
    expect(results.some((r) => (r.buildings?.length ?? 0) > 0)).toBe(true)
  })
})
