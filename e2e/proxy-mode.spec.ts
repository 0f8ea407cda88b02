/**
 * The app end to end in proxy mode (servers: e2e/serve-proxy.ts): a user with nothing configured
 * searches a hosted parcel API through our server; the same search again, from another browser
 * with nothing stored, costs the hosted API nothing; and the browser never sees the upstream key
 * nor talks to the upstream itself.
 */
import { readFileSync } from 'node:fs'
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { type ProxyE2eInfo, proxyInfoFile, proxyPort } from './proxy-e2e-env'
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

test.use({ baseURL: `http://localhost:${proxyPort()}` })

interface Usage {
  upstream: { calls: number; records: number }
  served_from_cache: { requests: number; records: number }
  coalesced: { requests: number }
}

/** Every response the page receives (URL, headers, body), and every parcel API call it makes. */
function watchTraffic(page: Page) {
  const responses: Promise<{ url: string; headers: string; body: string }>[] = []
  const apiCalls: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/parcels/')) apiCalls.push(`${r.method()} ${r.url()}`)
  })
  page.on('response', (res) => {
    const headers = JSON.stringify(res.headers())
    responses.push(
      res.body().then(
        (b) => ({ url: res.url(), headers, body: b.toString('utf8') }),
        () => ({ url: res.url(), headers, body: '' }),
      ),
    )
  })
  return { all: () => Promise.all(responses), apiCalls }
}

async function usage(request: APIRequestContext, operator: string): Promise<Usage> {
  const res = await request.get('/proxy/usage', { headers: { authorization: `Bearer ${operator}` } })
  expect(res.status()).toBe(200)
  return (await res.json()) as Usage
}

test('the app searches the hosted API through the proxy; the same search again costs it nothing', async ({
  page,
  browser,
  request,
  playwright,
}) => {
  test.setTimeout(180_000)
  const info = JSON.parse(readFileSync(proxyInfoFile(), 'utf8')) as ProxyE2eInfo
  const upstream = await playwright.request.newContext({ baseURL: info.upstreamUrl })
  const errors = watchConsole(page)
  const traffic = watchTraffic(page)
  const start = await usage(request, info.operator)

  // A new user: no key set; the app takes the proxy's demo key by itself.
  await openApp(page)
  await goToAddress(page, (await someAddress(upstream, info.direct)).situs)
  await closeDetails(page)
  await zoomOut(page, 2)
  await drawRectangle(page, [0.3, 0.3], [0.7, 0.7])
  const areaRequest = page.waitForRequest((r) => r.url().endsWith('/parcels/area'))
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const areaBody = (await areaRequest).postDataJSON()
  const progress = await waitForSearchDone(page)

  // Exactly what the hosted API finds for that area.
  const expected = (await apiPost<{ svc_uuids: string[] }>(upstream, info.direct, '/parcels/area', areaBody)).svc_uuids
  expect(expected.length).toBeGreaterThan(0)
  expect(recordsIn(progress)).toBe(expected.length)
  await expect(page.getByRole('grid', { name: 'Search results' })).toHaveAttribute(
    'aria-rowcount',
    String(expected.length + 1),
  )

  // Every call the page made was answered by one upstream call, or without one.
  const first = await usage(request, info.operator)
  const spent = first.upstream.calls - start.upstream.calls
  const saved = first.served_from_cache.requests - start.served_from_cache.requests
  const shared = first.coalesced.requests - start.coalesced.requests
  expect(traffic.apiCalls.length).toBeGreaterThanOrEqual(2 + Math.ceil(expected.length / 100))
  expect(spent + saved + shared).toBe(traffic.apiCalls.length)
  expect(first.upstream.records - start.upstream.records).toBeGreaterThanOrEqual(expected.length)

  // The link reruns the search in another browser with nothing stored: all from the proxy's cache.
  const other = await browser.newContext()
  const again = await other.newPage()
  const againTraffic = watchTraffic(again)
  await again.goto(page.url())
  const againProgress = await waitForSearchDone(again)
  expect(recordsIn(againProgress)).toBe(expected.length)
  const second = await usage(request, info.operator)
  expect(second.upstream.calls).toBe(first.upstream.calls)
  expect(second.served_from_cache.requests - first.served_from_cache.requests).toBeGreaterThanOrEqual(
    1 + Math.ceil(expected.length / 100),
  )

  // The browser never saw the upstream key and never talked to the upstream.
  const seen = [...(await traffic.all()), ...(await againTraffic.all())]
  expect(seen.length).toBeGreaterThan(10)
  const upstreamOrigin = new URL(info.upstreamUrl).origin
  for (const r of seen) {
    expect(new URL(r.url).origin, r.url).not.toBe(upstreamOrigin)
    expect(r.headers, `headers of ${r.url}`).not.toContain(info.upstreamKey)
    expect(r.body.includes(info.upstreamKey), `body of ${r.url}`).toBe(false)
  }
  expect(errors).toEqual([])
  await other.close()
  await upstream.dispose()
})
