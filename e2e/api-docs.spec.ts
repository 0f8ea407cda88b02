/**
 * `GET /docs` (issue 42): the API reference renders from this server alone — every request that
 * leaves localhost is aborted and recorded, the browser goes offline once the page has loaded —
 * and lists the spec's endpoints and our extensions, with the rules and examples of an operation.
 */
import { expect, test } from '@playwright/test'

const ENDPOINTS = [
  '/parcels/area',
  '/parcels/query',
  '/parcels/point',
  '/parcels/address',
  '/tiles/parcels/{z}/{x}/{y}.mvt',
  '/coverage',
  '/changes',
  '/parse-query',
]

test('/docs shows the API reference with no network beyond this server', async ({ page, context }) => {
  const outside: string[] = []
  await context.route('**/*', (route) => {
    const { hostname, href } = new URL(route.request().url())
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue()
    outside.push(href)
    return route.abort()
  })
  const problems: string[] = []
  page.on('pageerror', (e) => problems.push(e.message))
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(m.text())
  })

  await page.goto('/docs')
  // Swagger UI's bundle is 1.7 MB of script: on a loaded CI machine it takes a while to start.
  await expect(page.getByRole('heading', { name: /Plat Parcel API/ })).toBeVisible({ timeout: 60_000 })
  for (const path of ENDPOINTS) await expect(page.locator(`[data-path="${path}"]`).first()).toBeVisible()

  await context.setOffline(true)
  await page.locator('[data-path="/parcels/query"]').first().click()
  await expect(page.getByText('missing required scope').first()).toBeVisible()
  // The request examples are offered in a picker.
  const examples = page
    .getByRole('combobox')
    .filter({ has: page.getByRole('option', { name: /Corn fields of 40 acres/ }) })
  await expect(examples.first()).toBeVisible()
  expect(outside).toEqual([])
  expect(problems).toEqual([])
})
