import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import { someAddress } from './support/api'
import { closeDetails, goToAddress, mapBox, openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'

/** The open details are this parcel's: its UUID sits in the card's "All fields" section, closed at first. */
async function expectDetailsOf(page: Page, svcUuid: string): Promise<void> {
  const panel = page.getByRole('complementary', { name: 'Parcel details' })
  await expect(panel).toBeVisible()
  await panel.getByText(/^All fields/).click()
  await expect(panel.getByText(svcUuid, { exact: true })).toBeVisible()
}

test('the app loads with no console errors and no serious accessibility violations', async ({ page }) => {
  const errors = watchConsole(page)
  await openApp(page)
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  expect(errors).toEqual([])
})

test('address lookup flies to the parcel and shows its details', async ({ page, request }) => {
  const keys = e2eKeys()
  const target = await someAddress(request, keys.full)
  await openApp(page, keys.full)
  await goToAddress(page, target.situs)
  await expectDetailsOf(page, target.svc_uuid)
  await expect(page.getByRole('complementary', { name: 'Parcel details' })).toContainText(
    target.situs.split(' ')[0] ?? '',
  )
})

test('identify mode looks up the parcel under a click', async ({ page, request }) => {
  const keys = e2eKeys()
  const target = await someAddress(request, keys.full)
  await openApp(page, keys.full)
  await goToAddress(page, target.situs)
  // The camera centres the chosen parcel in the part of the map its details leave visible: identify
  // there (with the details closed first, so what opens is the lookup's answer) finds it again.
  const b = await mapBox(page)
  const panel = await page.getByRole('complementary', { name: 'Parcel details' }).boundingBox()
  if (!panel) throw new Error('details not open')
  const at = { x: (b.x + panel.x) / 2, y: b.y + b.height / 2 }
  await closeDetails(page)
  const pointRequest = page.waitForRequest((r) => r.url().includes('/parcels/point'))
  await page.getByRole('button', { name: /^Identify/ }).click()
  await page.mouse.click(at.x, at.y)
  const url = new URL((await pointRequest).url())
  expect(Number(url.searchParams.get('lat'))).toBeGreaterThan(40)
  await expectDetailsOf(page, target.svc_uuid)
})
