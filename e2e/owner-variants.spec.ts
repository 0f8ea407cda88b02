/**
 * Owner spellings in evidence tiers (issue 38) against the real server and its demo data: for the
 * roster couple JOHNSON, ROBERT L & SUSAN K, whose deeds spell them four ways at one mailing address
 * (server/demo-data/owner-roster.ts), the three other spellings are "same owner" with their evidence
 * in words, and JOHNSON, LISA R — another person, whose L and R once read as the couple's initials —
 * is only "possibly related", folded away and never in "Include all". Desktop and a 390 × 844 phone.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { apiPost } from './support/api'
import { openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { shot } from './support/shots'

const COUPLE = 'JOHNSON, ROBERT L & SUSAN K'
const SAME: [string, RegExp][] = [
  ['ROBERT L & SUSAN K JOHNSON', /same names, other order/],
  ['ROBERT L JOHNSON AND SUSAN K JOHNSON', /same names, other order, & for AND/],
  ['JOHNSON ROBERT L ET AL', /same mailing address, fewer names, adds ET AL/],
]
const OTHER_PERSON = 'JOHNSON, LISA R'
const exactly = (name: string) => new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`)

async function coupleParcel(request: APIRequestContext, key: string): Promise<string> {
  const r = await apiPost<{ results: { svc_uuid: string }[] }>(request, key, '/parcels/query', {
    filters: [
      { field: 'owner', op: 'eq', value: COUPLE },
      { field: 'state', op: 'eq', value: 'IA' },
    ],
    order: { field: 'svc_uuid', direction: 'asc' },
    limit: 1,
  })
  const first = r.results[0]
  if (!first) throw new Error(`no ${COUPLE} parcel in the demo data`)
  return first.svc_uuid
}

async function portfolio(page: Page, request: APIRequestContext) {
  const key = e2eKeys().full
  const id = await coupleParcel(request, key)
  await openApp(page, key, `/?p=${id}&v=1`)
  await page
    .getByRole('complementary', { name: 'Parcel details' })
    .getByRole('button', { name: 'Owner’s holdings' })
    .click()
  const panel = page.getByRole('region', { name: 'Holdings & lists' })
  await expect(panel.getByLabel('Owner name')).toHaveValue(COUPLE)
  await panel.getByRole('button', { name: 'Find holdings' }).click()
  await expect(panel.getByTestId('holdings-total')).toBeVisible({ timeout: 60_000 })
  return panel
}

test('the true spellings are "same owner" with their evidence; another JOHNSON only possibly related', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } })
  const page = await context.newPage()
  const errors = watchConsole(page)
  const panel = await portfolio(page, request)

  const strong = panel.getByRole('list', { name: 'Same owner, other spellings' })
  await expect(strong.getByRole('checkbox')).toHaveCount(SAME.length)
  for (const [name, evidence] of SAME) {
    const item = strong.getByRole('listitem').filter({ hasText: exactly(name) })
    await expect(item).toHaveCount(1)
    await expect(item).toContainText(evidence)
    await expect(item.getByRole('checkbox')).not.toBeChecked()
  }
  await expect(strong).not.toContainText(OTHER_PERSON)

  // The weaker tier is folded, says why it is weaker, and holds the other person.
  const weakSection = panel.locator('details').filter({ hasText: 'Possibly related (similar name only)' })
  await weakSection.getByText(/Possibly related \(similar name only\)/).click()
  await expect(weakSection).toContainText('Often another person — check before including.')
  const weak = panel.getByRole('list', { name: 'Possibly related (similar name only)' })
  const lisa = weak.getByRole('listitem').filter({ hasText: exactly(OTHER_PERSON) })
  await expect(lisa).toContainText(/similar name only/)
  await expect(lisa.getByRole('checkbox')).not.toBeChecked()

  // "Include all" takes the strong tier only.
  await panel.getByRole('button', { name: `Include all ${SAME.length}` }).click()
  for (const [name] of SAME)
    await expect(
      strong
        .getByRole('listitem')
        .filter({ hasText: exactly(name) })
        .getByRole('checkbox'),
    ).toBeChecked()
  await expect(lisa.getByRole('checkbox')).not.toBeChecked()
  await expect(panel.getByTestId('holdings-total')).toContainText(/parcels/)
  await panel.getByRole('heading', { name: /Same owner, other spellings/ }).scrollIntoViewIfNeeded()
  await shot(page, 'owners-desktop')
  expect(errors).toEqual([])
  await context.close()
})

test('the tiers on a 390 px phone', async ({ browser, request }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true })
  const page = await context.newPage()
  const panel = await portfolio(page, request)
  const strong = panel.getByRole('list', { name: 'Same owner, other spellings' })
  await expect(strong.getByRole('checkbox')).toHaveCount(SAME.length)
  await panel.getByText(/Possibly related \(similar name only\)/).click()
  await expect(
    panel.getByRole('list', { name: 'Possibly related (similar name only)' }).getByText(exactly(OTHER_PERSON)),
  ).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await panel.getByRole('heading', { name: /Same owner, other spellings/ }).scrollIntoViewIfNeeded()
  await shot(page, 'owners-phone')
  await context.close()
})
