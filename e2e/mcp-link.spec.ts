/**
 * Issue 42: an assistant's answer is checkable. The SDK's own MCP client asks the server's `/mcp`
 * (as an assistant would), and the Plat link in the tool's answer, opened in a browser with the same
 * key, runs the same search: the results summary shows the count the tool gave.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { apiPost, someFarm } from './support/api'
import { waitForSearchDone } from './support/app'
import { e2eKeys } from './support/keys'

interface ToolData {
  count: number
  link: string
  comps?: { svc_uuid: string }[]
  indicated?: { value: number } | null
}

async function askTool(baseURL: string, key: string, name: string, args: Record<string, unknown>): Promise<ToolData> {
  const client = new Client({ name: 'plat-e2e', version: '1.0.0' })
  const headers = { authorization: `Bearer ${key}` }
  await client.connect(new StreamableHTTPClientTransport(new URL('/mcp', baseURL), { requestInit: { headers } }))
  try {
    const res = await client.callTool({ name, arguments: args })
    expect(res.isError, JSON.stringify(res.content)).toBeFalsy()
    return res.structuredContent as unknown as ToolData
  } finally {
    await client.close()
  }
}

async function openLink(page: Page, key: string, link: string): Promise<void> {
  await page.addInitScript((k) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: k }))
  }, key)
  await page.goto(link)
  await waitForSearchDone(page)
}

const parcelsShown = (page: Page) =>
  page.getByRole('region', { name: 'Results summary' }).locator('.res-stat-value').first()

/** A box of about 1.5 × 1.5 km around a parcel of the demo data, at the link's 1e-5° precision. */
async function boxAroundAParcel(request: APIRequestContext, key: string): Promise<number[]> {
  const page = await apiPost<{ results: { geom: { coordinates: unknown } }[] }>(request, key, '/parcels/query', {
    filters: [{ field: 'state', op: 'eq', value: 'IA' }],
    limit: 1,
  })
  // A Polygon or a MultiPolygon: its first position, however deep.
  let first: unknown = page.results[0]?.geom.coordinates
  while (Array.isArray(first) && Array.isArray(first[0])) first = first[0]
  const [lon, lat] = Array.isArray(first) ? (first as number[]) : []
  if (lon === undefined || lat === undefined) throw new Error('no parcel to search around')
  const r = (x: number) => Math.round(x * 1e5) / 1e5
  return [r(lon - 0.01), r(lat - 0.007), r(lon + 0.01), r(lat + 0.007)]
}

test('an area answer reopens in the app with the same parcels', async ({ page, request, baseURL }) => {
  const keys = e2eKeys()
  const bbox = await boxAroundAParcel(request, keys.full)
  const answer = await askTool(baseURL ?? '', keys.full, 'parcels_in_area', { bbox })
  expect(answer.count).toBeGreaterThan(0)
  await openLink(page, keys.full, answer.link)
  await expect(parcelsShown(page)).toHaveText(answer.count.toLocaleString('en-US'))
})

test('a query answer reopens in the app with the same parcels', async ({ page, baseURL }) => {
  const keys = e2eKeys()
  const filters = [
    { field: 'state', op: 'eq', value: 'IA' },
    { field: 'acres', op: 'gt', value: 35 },
  ]
  const answer = await askTool(baseURL ?? '', keys.full, 'query_parcels', { filters, limit: 5 })
  expect(answer.count).toBeGreaterThan(5)
  await openLink(page, keys.full, answer.link)
  await expect(parcelsShown(page)).toHaveText(answer.count.toLocaleString('en-US'))
  await expect(page.getByLabel('Filter 2 value')).toHaveValue('35')
})

test('a comps answer reopens in the app with the same ranked comps and indicated value', async ({
  page,
  request,
  baseURL,
}) => {
  const keys = e2eKeys()
  const id = (await someFarm(request, keys.full)).svc_uuid
  const answer = await askTool(baseURL ?? '', keys.full, 'comparable_sales', { svc_uuid: id, years: 4, limit: 5 })
  expect(answer.comps?.length).toBeGreaterThan(0)
  await page.addInitScript((k) => {
    sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: k }))
  }, keys.full)
  await page.goto(answer.link)
  const panel = page.getByRole('region', { name: 'Comparable sales' })
  await expect(panel.getByRole('region', { name: 'Indicated value' })).toBeVisible({ timeout: 30_000 })
  const first = answer.comps?.map((c) => c.svc_uuid) ?? []
  await expect(panel.locator('tbody tr[data-comp-id]').first()).toBeVisible()
  const shown = await panel
    .locator('tbody tr[data-comp-id]')
    .evaluateAll((rows, n) => rows.slice(0, n).map((r) => r.getAttribute('data-comp-id')), first.length)
  expect(shown).toEqual(first)
  const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
  if (answer.indicated)
    await expect(panel.getByTestId('comps-indicated')).toHaveText(usd.format(answer.indicated.value))
})
