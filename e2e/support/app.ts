import { type APIRequestContext, expect, type Page } from '@playwright/test'
import { someAddress } from './api'

/**
 * Starts the app with a key as a user who ticked "remember" would have it (sessionStorage), at
 * `path` (a shared link, a view) straight away: a first load of `/` only to go on to the link cost
 * a whole app start (the map's WebGL set up in software) per test.
 */
export async function openApp(page: Page, apiKey?: string, path = '/'): Promise<void> {
  if (apiKey) {
    await page.addInitScript((key) => {
      sessionStorage.setItem('plat.connection', JSON.stringify({ baseUrl: '', apiKey: key }))
    }, apiKey)
  }
  await page.goto(path)
  await expect(page.locator('.maplibregl-canvas')).toBeVisible()
  await page.waitForFunction(() => document.querySelector('.maplibregl-canvas') !== null)
}

/**
 * Collects console errors and page crashes; a spec asserts it stays empty. The browser's own
 * "Failed to load resource" for another origin is not the app's error: the tests have no internet,
 * so the online basemap's first tile fails and the app falls back to the offline map (the basemap
 * selector says so; e2e/tiles.spec.ts checks it).
 */
export function watchConsole(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    const from = m.location().url ? new URL(m.location().url) : null
    const failedLoad = m.text().startsWith('Failed to load resource')
    if (failedLoad && from && from.origin !== new URL(page.url()).origin) return
    // GET /coverage is our extension: a server without it (proxy mode, any other) answers 404, which
    // the app takes as "no coverage information" and the browser logs anyway.
    if (failedLoad && from?.pathname === '/coverage' && m.text().includes('404')) return
    errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

export async function mapBox(page: Page) {
  const box = await page.getByRole('region', { name: 'Map', exact: true }).boundingBox()
  if (!box) throw new Error('map region not visible')
  return box
}

/** Flies to an address through the address box, as a user would, and waits for the camera to settle. */
export async function goToAddress(page: Page, address: string): Promise<void> {
  const box = page.getByRole('combobox', { name: 'Find a parcel by address' })
  await box.fill(address)
  const option = page.getByRole('listbox', { name: 'Address matches' }).getByRole('option').first()
  await expect(option).toBeVisible()
  await option.click()
  await cameraSettled(page)
}

/** The map's camera has stopped (the pick or button that moved it starts the move synchronously). */
export async function cameraSettled(page: Page): Promise<void> {
  await expect(page.getByTestId('map')).toHaveAttribute('data-camera', 'still')
}

/** Presses the map's "Zoom out" button `times` times and waits for the camera to stop. */
export async function zoomOut(page: Page, times = 1): Promise<void> {
  for (let i = 0; i < times; i++) {
    await page.getByRole('button', { name: 'Zoom out' }).click()
    await cameraSettled(page)
  }
}

/** Draws a rectangle between two points given as fractions of the map's box. */
export async function drawRectangle(page: Page, from: [number, number], to: [number, number]): Promise<void> {
  const b = await mapBox(page)
  await page.getByRole('button', { name: /^Rectangle/ }).click()
  const x = (f: number) => b.x + b.width * f
  const y = (f: number) => b.y + b.height * f
  await page.mouse.move(x(from[0]), y(from[1]))
  await page.mouse.click(x(from[0]), y(from[1]))
  await page.mouse.move(x((from[0] + to[0]) / 2), y((from[1] + to[1]) / 2), { steps: 5 })
  await page.mouse.move(x(to[0]), y(to[1]), { steps: 5 })
  await page.mouse.click(x(to[0]), y(to[1]))
}

/** Waits until the running search has finished (its Cancel button is gone) and returns the progress text. */
export async function waitForSearchDone(page: Page): Promise<string> {
  const progress = page.getByRole('progressbar')
  await expect(progress).toBeVisible()
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0, { timeout: 60_000 })
  return (await progress.getAttribute('aria-valuetext')) ?? ''
}

/** "API calls: N calls" under the progress bar: what the current search has spent, as a person reads it. */
export function apiCalls(page: Page) {
  return page.getByText(/^API calls:/).filter({ visible: true })
}

export function recordsIn(progressText: string): number {
  const m = /([\d,]+) records?/.exec(progressText)
  if (!m) throw new Error(`no record count in "${progressText}"`)
  return Number(m[1]?.replace(/,/g, ''))
}

/** The address pick opens the details panel; close it to get the map's controls back. */
export async function closeDetails(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close details' }).click()
  await expect(page.getByRole('button', { name: 'Close details' })).toHaveCount(0)
}

/** Adds filter `n` (1-based) through the filter builder. */
export async function addFilter(page: Page, n: number, field: string, op: string, value: string): Promise<void> {
  await page.getByRole('button', { name: '+ Add filter' }).click()
  await page.getByLabel(`Filter ${n} field`).selectOption(field)
  await page.getByLabel(`Filter ${n} operator`).selectOption(op)
  const box = page.getByLabel(`Filter ${n} value`)
  if ((await box.evaluate((el) => el.tagName)) === 'SELECT') await box.selectOption(value)
  else await box.fill(value)
}

/**
 * Where most map tests start: the app with `apiKey`, at a real parcel's address (one the API finds),
 * its details closed, zoomed out `zoomSteps` times so a drawn shape covers some parcels.
 */
export async function openAtParcels(page: Page, request: APIRequestContext, apiKey: string, zoomSteps = 1) {
  await openApp(page, apiKey)
  await goToAddress(page, (await someAddress(request, apiKey)).situs)
  await closeDetails(page)
  await zoomOut(page, zoomSteps)
}
