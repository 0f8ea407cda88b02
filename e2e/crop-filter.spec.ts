import { expect, test } from '@playwright/test'
import { apiPost } from './support/api'
import { drawRectangle, openAtParcels, recordsIn, waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'

interface Rec {
  svc_uuid: string
  acres: number
  cdl_majority_category: string
}

test('crop-type filter goes to the server, and the table sorts the loaded rows', async ({ page, request }) => {
  const keys = e2eKeys()
  await openAtParcels(page, request, keys.full, 3)
  await drawRectangle(page, [0.2, 0.2], [0.8, 0.8])
  // The crop list is a closed disclosure under Filters: open it, tick Soybeans, and the summary says so.
  await page.getByText('Crop / land cover:').click()
  await page
    .getByRole('group', { name: 'Crop / land cover' })
    .getByLabel(/^Soybeans/)
    .check()
  await expect(page.getByText('Crop / land cover:')).toContainText('Soybeans')

  const pages: Promise<{ results: Rec[] }>[] = []
  const bodies: { filters: { field: string; op: string; value: unknown }[] }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) bodies.push(r.postDataJSON())
  })
  page.on('response', (r) => {
    if (r.url().endsWith('/parcels/query') && r.ok()) pages.push(r.json())
  })
  const areaRequest = page.waitForRequest((r) => r.url().endsWith('/parcels/area'))
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const areaBody = (await areaRequest).postDataJSON()
  const progress = await waitForSearchDone(page)

  // The filter is pushed to the server on every call, so only matching records are paid for.
  for (const b of bodies) {
    expect(b.filters).toContainEqual({ field: 'cdl_majority_category', op: 'in', value: ['Soybeans'] })
  }
  const loaded = (await Promise.all(pages)).flatMap((p) => p.results)
  expect(loaded.length).toBeGreaterThan(0)
  for (const r of loaded) expect(r.cdl_majority_category).toBe('Soybeans')
  const ids = (await apiPost<{ svc_uuids: string[] }>(request, keys.full, '/parcels/area', areaBody)).svc_uuids
  const expected = await apiPost<{ count: number }>(request, keys.full, '/parcels/query', {
    filters: [
      { field: 'svc_uuid', op: 'in', value: ids },
      { field: 'cdl_majority_category', op: 'in', value: ['Soybeans'] },
    ],
    limit: 1,
  })
  expect(recordsIn(progress)).toBe(expected.count)
  expect(new Set(loaded.map((r) => r.svc_uuid)).size).toBe(expected.count)

  // Sorting by acres, descending: the first row is the largest loaded parcel.
  const grid = page.getByRole('grid', { name: 'Search results' })
  const header = grid.getByRole('columnheader', { name: /^Acres/ }).first()
  await header.click()
  await header.click()
  await expect(header).toHaveAttribute('aria-sort', 'descending')
  const maxAcres = Math.max(...loaded.map((r) => r.acres))
  const col = await header.getAttribute('aria-colindex')
  const cellText = await grid.locator(`[role=row][aria-rowindex="2"] [aria-colindex="${col}"]`).innerText()
  expect(Number(cellText.replace(/[^\d.]/g, ''))).toBeCloseTo(maxAcres, 1)
})
