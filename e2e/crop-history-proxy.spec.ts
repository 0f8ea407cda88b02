/**
 * Rotation filters on a server that does not evaluate them (issue 25): through the proxy in front
 * of a hosted API, `/coverage` is absent, so the app sends the other filters, applies the rotation
 * filter to the records that arrive, and says so on screen. The rows shown are exactly the parcels
 * the hosted API itself would name for the full filter set (our server behind the proxy evaluates
 * rotation, which makes it the oracle here).
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { type ProxyE2eInfo, proxyInfoFile, proxyPort } from './proxy-e2e-env'
import { apiPost } from './support/api'
import { addFilter, openApp, waitForSearchDone, watchConsole } from './support/app'

test.use({ baseURL: `http://localhost:${proxyPort()}` })

test('a rotation filter is applied in the browser when the server does not offer it, and said so', async ({
  page,
  playwright,
}) => {
  test.setTimeout(180_000)
  const info = JSON.parse(readFileSync(proxyInfoFile(), 'utf8')) as ProxyE2eInfo
  const upstream = await playwright.request.newContext({ baseURL: info.upstreamUrl })
  const errors = watchConsole(page)
  const bodies: { filters: { field: string }[] }[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/parcels/query')) bodies.push(r.postDataJSON())
  })

  await openApp(page)
  await page.getByRole('radio', { name: 'Filters only' }).check()
  await addFilter(page, 1, 'state', 'eq', 'IA')
  await addFilter(page, 2, 'county', 'eq', 'Story')
  await addFilter(page, 3, 'rotation', 'eq', 'corn-soybean')
  await addFilter(page, 4, 'acres', 'gt', '80')
  await expect(page.getByText(/with any other server Plat loads the parcels your other filters match/)).toBeVisible()
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await waitForSearchDone(page)

  // The hosted API was never asked to filter on rotation.
  expect(bodies.length).toBeGreaterThan(0)
  for (const b of bodies) expect(b.filters.map((f) => f.field)).not.toContain('rotation')

  // What the hosted API names for the whole filter set, and for the other filters alone.
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'county', op: 'eq', value: 'Story' },
    { field: 'acres', op: 'gt', value: 80 },
  ]
  const count = async (f: unknown[]) =>
    (await apiPost<{ count: number }>(upstream, info.direct, '/parcels/query', { filters: f, limit: 1 })).count
  const all = await count(filters)
  const cornSoy = await count([...filters, { field: 'rotation', op: 'eq', value: 'corn-soybean' }])
  expect(cornSoy).toBeGreaterThan(0)
  expect(cornSoy).toBeLessThan(all)

  const note = page.getByRole('status').filter({ hasText: 'applied in this browser' })
  await expect(note).toContainText(`Rotation: applied in this browser`)
  await expect(note).toContainText(`loaded the ${all.toLocaleString('en-US')} parcels your other filters match`)
  await expect(note).toContainText(`${cornSoy.toLocaleString('en-US')} match`)
  // The summary and the table hold the matches, not everything loaded.
  await expect(page.getByRole('region', { name: 'Results summary' })).toContainText(cornSoy.toLocaleString('en-US'))
  await expect(page.getByRole('grid', { name: 'Search results' })).toHaveAttribute('aria-rowcount', String(cornSoy + 1))
  expect(errors).toEqual([])
  await upstream.dispose()
})
