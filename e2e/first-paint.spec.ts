/**
 * Issue 18, problem 3: the first visit showed a grey map for 3–5 s before the covered counties.
 * The server writes its coverage and the counties' outlines into the page, so they are drawn with
 * the map's first frames. Here GET /coverage and the county atlas are held back (the real server
 * answers them only after the checks), so what shows can only have come with the page.
 */
import { expect, type Route, test } from '@playwright/test'
import type { CoverageResponse } from '../contract/tiles'
import { openApp, watchConsole } from './support/app'
import { e2eKeys } from './support/keys'
import { mapPixels } from './support/pixels'
import { hexRgb } from './support/probe'
import { shot } from './support/shots'

/** The coverage shading's colour (src/features/map/overlays/coverage-layers.ts). */
const COVERAGE_TEAL = hexRgb('#2b7a78')

for (const size of [
  { name: 'desktop 1400×900', viewport: { width: 1400, height: 900 }, phone: false },
  { name: 'phone 390×844', viewport: { width: 390, height: 844 }, phone: true },
]) {
  test(`${size.name}: the covered counties show before GET /coverage answers`, async ({ browser }) => {
    const keys = e2eKeys()
    const context = await browser.newContext({ viewport: size.viewport, hasTouch: size.phone })
    const page = await context.newPage()
    const errors = watchConsole(page)
    const expected = (await (
      await page.request.get('/coverage', { headers: { authorization: `Bearer ${keys.full}` } })
    ).json()) as CoverageResponse
    const held: Route[] = []
    await page.route(/\/coverage$|counties-10m[^/]*\.json$/, (route) => {
      held.push(route)
    })
    await openApp(page, keys.full)
    // The covered counties, shaded in teal on the country-wide map.
    await expect.poll(() => mapPixels(page, COVERAGE_TEAL, 60), { timeout: 20_000 }).toBeGreaterThan(20)
    // "Jump to" lists them already (on a phone it is among the map's options).
    if (size.phone) await page.getByRole('button', { name: 'Map options' }).click()
    const jump = page.getByRole('combobox', { name: 'Jump to a county with parcel data' })
    await expect(jump.getByRole('option')).toHaveCount(expected.counties.length + 1)
    expect(held.some((r) => r.request().url().endsWith('/coverage'))).toBe(true)
    await shot(page, `first-paint-${size.phone ? 'phone' : 'desktop'}`)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    for (const r of held) await r.continue().catch(() => {})
    expect(errors).toEqual([])
    await context.close()
  })
}
