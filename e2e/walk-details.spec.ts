/**
 * Issue 37 item 10, the smaller things a walk through the app found, each asserted as a person sees
 * it on a desktop (1440×900) or a 390×844 touch phone: the phone's map attribution starts folded,
 * the desktop's shortcut badges never run into their labels, and importing a file logs no Content
 * Security Policy violation. Screenshots go to SHOTS_DIR when it is set.
 */
import { type Browser, expect, type Page, test } from '@playwright/test'
import { openApp } from './support/app'
import { e2eKeys } from './support/keys'
import { shot } from './support/shots'

const DESKTOP = { viewport: { width: 1440, height: 900 } }
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }

async function openIn(browser: Browser, phone: boolean): Promise<Page> {
  const context = await browser.newContext(phone ? PHONE : DESKTOP)
  const page = await context.newPage()
  await openApp(page, e2eKeys().full)
  return page
}

/** Violations as the page reports them (the console prints them too, in words that vary). */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const w = window as unknown as { cspSeen: string[] }
    w.cspSeen = []
    document.addEventListener('securitypolicyviolation', (e) =>
      w.cspSeen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as { cspSeen: string[] }).cspSeen)
}

test.describe('the walk’s details (issue 37 item 10)', () => {
  test('phone: the map attribution starts folded to its (i) button, after the parcel tiles arrive', async ({
    browser,
  }) => {
    const page = await openIn(browser, true)
    const attribution = page.locator('.maplibregl-ctrl-attrib')
    // The parcel outlines' source adds its credit once the coverage says the server makes tiles.
    await expect(attribution).toContainText('Parcels: Plat API')
    await page.waitForTimeout(500)
    await shot(page, 'app37-attribution-phone')
    // Read at once, not retried: it must be folded now, not after some later map event folds it.
    expect(await attribution.getAttribute('class')).not.toMatch(/maplibregl-compact-show/)
    expect(await page.locator('.maplibregl-ctrl-attrib-inner').isVisible()).toBe(false)
    // (i) still opens it, and it stays open while the map loads more.
    await page.locator('.maplibregl-ctrl-attrib-button').tap()
    await expect(page.locator('.maplibregl-ctrl-attrib-inner')).toBeVisible()
    await page.context().close()
  })

  // Desktop only: a phone has no keyboard shortcuts to list (its More menu offers none).
  test('desktop: each shortcut’s badges end before its label begins', async ({ browser }) => {
    const page = await openIn(browser, false)
    await page.getByRole('button', { name: 'Shortcuts' }).click()
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog).toBeVisible()
    await shot(page, 'app37-shortcuts-desktop')
    const overlaps = await dialog.locator('.shortcut-list > div').evaluateAll((rows) =>
      rows.flatMap((row) => {
        const label = row.querySelector('dd')?.getBoundingClientRect()
        const text = row.querySelector('dd')?.textContent ?? ''
        if (!label) return [`${row.textContent}: no label`]
        return [...row.querySelectorAll('dt kbd')]
          .map((k) => k.getBoundingClientRect())
          .filter((k) => k.right > label.left + 0.5 && k.top < label.bottom && k.bottom > label.top)
          .map(() => `${text}: a badge runs into the label`)
      }),
    )
    expect(overlaps).toEqual([])
    await page.context().close()
  })

  test('desktop: importing a broken KML says why and logs no CSP violation', async ({ browser }) => {
    const page = await openIn(browser, false)
    const seen = await watchCsp(page)
    const consoleErrors: string[] = []
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) consoleErrors.push(m.text())
    })
    await page.getByRole('button', { name: 'Import areas…' }).click()
    await page.getByLabel('Choose file…').setInputFiles({
      name: 'broken.kml',
      mimeType: 'application/vnd.google-earth.kml+xml',
      buffer: Buffer.from('<?xml version="1.0"?><kml><Placemark><name>North 40</Placemark>'),
    })
    // Said in words, from our own check: the browser's parser never sees the broken file.
    await expect(page.getByRole('alert').filter({ hasText: /could not be read|not valid KML/ })).toBeVisible()
    await page.waitForTimeout(300)
    expect(await seen()).toEqual([])
    expect(consoleErrors).toEqual([])
    await page.context().close()
  })
})
