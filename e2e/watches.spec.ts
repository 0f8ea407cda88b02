/**
 * Issue 41, as a person sees it: watch a parcel from its card (desktop and a phone), the server
 * reloads the county with known changes, the header's inbox shows the count of new changes, and a
 * change opens its parcel with a before/after table and a link back to it. Runs against its own
 * server (e2e/serve-changes.ts, the 30 lots near Ames; `reload` on stdin loads their next year), on
 * WATCHES_E2E_PORT or 201 above the main e2e server's port.
 */
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test'
import { watchConsole } from './support/app'
import { type OwnServer, startOwnServer } from './support/own-server'
import { shot } from './support/shots'

const PORT = Number(process.env.WATCHES_E2E_PORT ?? Number(process.env.E2E_PORT ?? 8797) + 201)
const BASE = `http://localhost:${PORT}`
/** The 30 lots' middle, as reload-changes.spec.ts frames them. */
const VIEW = 'c=-93.614,42.0225,15.6'

let server: OwnServer

test.describe.configure({ mode: 'serial' })
test.use({ baseURL: BASE })

test.beforeAll(async () => {
  // The load and the tiles it makes take a minute or more on a loaded machine (four on a busy one).
  test.setTimeout(360_000)
  server = await startOwnServer(
    ['--import', 'tsx', 'e2e/serve-changes.ts'],
    { ...process.env, PORT: String(PORT) },
    330_000,
  )
})

test.afterAll(async () => {
  server?.stop()
})

/** A lot's svc_uuid, asked of the API with the demo key the app takes too. */
async function lotId(request: APIRequestContext, pin: string): Promise<string> {
  const { key } = (await (await request.get(`${BASE}/demo-key`)).json()) as { key: string }
  const res = await request.post(`${BASE}/parcels/query`, {
    headers: { authorization: `Bearer ${key}` },
    data: {
      filters: [
        { field: 'state', op: 'eq', value: 'IA' },
        { field: 'parcel_id', op: 'eq', value: pin },
      ],
      limit: 1,
    },
  })
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { results: { svc_uuid: string }[] }
  return body.results[0]!.svc_uuid
}

const card = (page: Page) => page.getByRole('complementary', { name: 'Parcel details' })
const inbox = (page: Page) => page.getByRole('button', { name: /^Watch inbox/ })

/** Opens a lot's card from a link, and watches it through the dialog. */
async function watchLot(page: Page, id: string, pin: string, press: 'click' | 'tap') {
  await page.goto(`/?p=${id}&${VIEW}&v=1`)
  await expect(card(page).getByRole('heading', { level: 2 })).toBeVisible({ timeout: 60_000 })
  const watch = card(page).getByRole('button', { name: 'Watch this parcel' })
  await watch[press]()
  const dialog = page.getByRole('dialog', { name: 'Watch for changes' })
  await expect(dialog).toContainText('Costs no calls')
  await expect(dialog.getByLabel('Name')).toHaveValue(`Parcel APN ${pin}`)
  await dialog.getByRole('button', { name: 'Create watch' })[press]()
  await expect(dialog).toHaveCount(0)
  await expect(card(page).getByRole('button', { name: 'Watching this parcel ✓' })).toBeVisible()
}

/** Asks again as coming back to the tab does (the app asks at most every 30 s on focus). */
async function expectBadge(page: Page, count: number) {
  await expect
    .poll(
      async () => {
        await page.evaluate(() => window.dispatchEvent(new Event('focus')))
        return inbox(page).getAttribute('aria-label')
      },
      { timeout: 90_000, intervals: [2_000] },
    )
    .toBe(`Watch inbox, ${count} new change${count === 1 ? '' : 's'}`)
}

let desktop: BrowserContext
let phone: BrowserContext
let desktopPage: Page
let phonePage: Page
let lot10 = ''
let lot01 = ''

test('before the reload: a parcel is watched from its card, on a desktop and on a phone', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000)
  lot10 = await lotId(request, 'P10')
  lot01 = await lotId(request, 'P01')

  desktop = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  desktopPage = await desktop.newPage()
  const errors = watchConsole(desktopPage)
  await watchLot(desktopPage, lot10, 'P10', 'click')
  await expect(inbox(desktopPage)).toHaveAttribute('aria-label', 'Watch inbox')
  expect(errors).toEqual([])

  phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  phonePage = await phone.newPage()
  const phoneErrors = watchConsole(phonePage)
  await watchLot(phonePage, lot01, 'P01', 'tap')
  expect(phoneErrors).toEqual([])
})

test('after the reload: the badge counts the changes; a change opens its parcel with before and after', async () => {
  test.setTimeout(240_000)
  server.tell('reload')
  await server.waitFor(/reloaded [0-9a-f]{16}/, 60_000)

  // P10 was sold to a new owner: two changes for the desktop's watch (one key: the phone's P01 too).
  const page = desktopPage
  const errors = watchConsole(page)
  await expectBadge(page, 3)
  await expect(inbox(page)).toContainText('3')
  await shot(page, 'watches-badge-desktop')
  await inbox(page).click()
  const dialog = page.getByRole('dialog', { name: 'Watch inbox' })
  const changes = dialog.getByRole('list', { name: 'Changes' })
  await expect(changes.getByRole('listitem')).toHaveCount(3)
  await expect(changes).toContainText('Owner changed: OWNER 10 → SOLD TO P10')
  await expect(changes).toContainText('Sold for $450,000 on 2024-03-15')
  await expect(changes).toContainText('Owner changed: OWNER 1 → BUYER P01')
  await expect(dialog.getByRole('list', { name: 'Watches' }).getByRole('listitem')).toHaveCount(2)
  await shot(page, 'watches-inbox-desktop')

  await changes.getByRole('button', { name: /Sold for \$450,000/ }).click()
  await expect(dialog).toHaveCount(0)
  const change = card(page).getByRole('region', { name: 'What changed' })
  const table = change.getByRole('table')
  await expect(table.getByRole('row', { name: /Sale date/ })).toContainText('2010-05-01')
  await expect(table.getByRole('row', { name: /Sale date/ })).toContainText('2024-03-15')
  await expect(table.getByRole('row', { name: /Sale price/ })).toContainText('$450,000')
  await expect(card(page).getByRole('heading', { level: 2 })).toBeVisible()
  expect(await change.getByRole('link', { name: 'Link to this parcel' }).getAttribute('href')).toContain(`p=${lot10}`)
  // Opened: seen, the badge is gone.
  await expect(inbox(page)).toHaveAttribute('aria-label', 'Watch inbox')
  await shot(page, 'watches-before-after-desktop')
  expect(errors).toEqual([])
  await desktop.close()
})

test('on a phone: the badge, the inbox and the before/after fit the screen', async () => {
  test.setTimeout(180_000)
  const page = phonePage
  await expectBadge(page, 3)
  await shot(page, 'watches-badge-phone')
  await inbox(page).tap()
  const dialog = page.getByRole('dialog', { name: 'Watch inbox' })
  const changes = dialog.getByRole('list', { name: 'Changes' })
  await expect(changes.getByRole('listitem')).toHaveCount(3)
  const box = await dialog.boundingBox()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(390.5)
  await shot(page, 'watches-inbox-phone')

  await changes.getByRole('button', { name: /Owner changed: OWNER 1 → BUYER P01/ }).tap()
  const table = card(page).getByRole('region', { name: 'What changed' }).getByRole('table')
  await expect(table.getByRole('row', { name: /Owner/ })).toContainText('BUYER P01')
  // The card under it is the parcel after the change, not the record kept from before (its heading is the owner).
  await expect(card(page).getByRole('heading', { level: 2 })).toHaveText('BUYER P01')
  const tableBox = await table.boundingBox()
  expect(tableBox!.x + tableBox!.width).toBeLessThanOrEqual(390.5)
  await shot(page, 'watches-before-after-phone')
  await phone.close()
})
