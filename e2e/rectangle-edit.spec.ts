/** Issue 18, problem 6: a drawn rectangle resizes by its corner handle and the acreage follows. */
import { expect, type Page, test } from '@playwright/test'
import { mapBox, openAtParcels } from './support/app'
import { e2eKeys } from './support/keys'

const acresOf = async (page: Page) => {
  const text = await page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem').first().innerText()
  const m = /([\d,.]+) ac/.exec(text)
  if (!m) throw new Error(`no acreage in "${text}"`)
  return Number(m[1]?.replace(/,/g, ''))
}

test('drag a rectangle corner in Edit: the shape grows and the acreage shown changes', async ({ page, request }) => {
  const keys = e2eKeys()
  await openAtParcels(page, request, keys.full, 1)
  const b = await mapBox(page)
  const at = (fx: number, fy: number) => [b.x + b.width * fx, b.y + b.height * fy] as const
  await page.locator('button[data-tool="rectangle"]').click()
  await page.mouse.click(...at(0.35, 0.35))
  await page.mouse.move(...at(0.6, 0.6), { steps: 8 })
  await page.mouse.click(...at(0.6, 0.6))
  await expect(page.getByRole('list', { name: 'Drawn areas' }).getByRole('listitem')).toHaveCount(1)
  const before = await acresOf(page)

  await page.locator('button[data-tool="select"]').click()
  await page.mouse.click(...at(0.47, 0.47))
  // The corner handle: press on it, drag outwards, release (the opposite corner stays).
  await page.mouse.move(...at(0.6, 0.6))
  await page.mouse.down()
  await page.mouse.move(...at(0.7, 0.7), { steps: 10 })
  await page.mouse.up()
  await expect.poll(() => acresOf(page)).toBeGreaterThan(before * 1.5)
})
