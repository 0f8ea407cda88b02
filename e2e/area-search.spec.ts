import { expect, type Response, test } from '@playwright/test'
import { apiPost } from './support/api'
import { apiCalls, drawRectangle, openAtParcels, recordsIn, waitForSearchDone, watchConsole } from './support/app'
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

/** Answers the app has written to its disk cache (IndexedDB `plat-cache`); 0 before it exists. */
function storedAnswers(page: import('@playwright/test').Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('plat-cache', 1)
        // Not created yet: do not create it here (the app's own upgrade would then never run).
        open.onupgradeneeded = () => open.transaction?.abort()
        open.onerror = () => resolve(0)
        open.onsuccess = () => {
          const count = open.result.transaction('meta').objectStore('meta').count()
          count.onsuccess = () => {
            open.result.close()
            resolve(count.result)
          }
        }
      }),
  )
}

test.describe('area search', () => {
  test('a drawn rectangle loads exactly the parcels the API finds, at the call lower bound', async ({
    page,
    request,
  }) => {
    const keys = e2eKeys()
    const errors = watchConsole(page)
    await openAtParcels(page, request, keys.full, 2)
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
    await openAtParcels(page, request, keys.full, 1)
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

  test('after a reload the same search costs no call: every answer comes from the disk cache', async ({
    page,
    request,
  }) => {
    const keys = e2eKeys()
    await openAtParcels(page, request, keys.full, 2)
    await drawRectangle(page, [0.3, 0.3], [0.7, 0.7])
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    const records = recordsIn(await waitForSearchDone(page))
    expect(records).toBeGreaterThan(100) // more than one page
    const answers = 1 + Math.ceil(records / 100) // the area call and the pages
    await expect(apiCalls(page)).toHaveText(`API calls: ${answers} calls`)
    // Written in one go once the responses stop coming.
    await expect.poll(() => storedAnswers(page), { timeout: 15_000 }).toBe(answers)

    let calls = 0
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/parcels/')) calls++
    })
    await page.reload() // the link in the address bar reruns the search
    expect(recordsIn(await waitForSearchDone(page))).toBe(records)
    await expect(apiCalls(page)).toHaveText(`API calls: 0 calls · ${answers} answers from cache`)
    expect(calls).toBe(0)
    await expect(page.getByRole('grid', { name: 'Search results' }).getByRole('row').nth(1)).toBeVisible()
  })
})
