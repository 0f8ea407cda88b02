/**
 * What the map draws, read through the test probe (src/features/map/map-probe.ts) the way a person
 * sees it: which parcels are rendered where, in which colour, and whether the map has settled.
 */
import { expect, type Page } from '@playwright/test'
import type { MapProbe, RenderedParcel } from '../../src/features/map/map-probe'

type WithProbe = { platMap: MapProbe }

/** The parcels the map renders now (optionally under one canvas point). */
export function renderedParcels(page: Page, at?: [number, number]): Promise<RenderedParcel[]> {
  return page.evaluate((p) => (window as unknown as WithProbe).platMap.rendered(p ?? undefined), at ?? null)
}

export function mapZoom(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as WithProbe).platMap.zoom())
}

/** Every tile in view has loaded and the camera is still. */
export async function mapSettled(page: Page, timeout = 60_000): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as WithProbe).platMap.settled()), { timeout })
    .toBe(true)
}

/** Canvas position of a longitude/latitude. */
export function project(page: Page, lngLat: [number, number]): Promise<[number, number]> {
  return page.evaluate((l) => (window as unknown as WithProbe).platMap.project(l), lngLat)
}

/** Which of these canvas points a person can see (no panel, sheet or control over the map there). */
export function uncovered(page: Page, points: readonly [number, number][]): Promise<boolean[]> {
  return page.evaluate((pts) => {
    const canvas = document.querySelector('.maplibregl-canvas')
    const r = canvas?.getBoundingClientRect()
    return pts.map(([x, y]) => !!r && document.elementFromPoint(r.left + x, r.top + y) === canvas)
  }, points)
}

export const hexRgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]

/**
 * One finger pressed at the first point, moved through the rest and lifted, on a touch screen (Chrome
 * DevTools Protocol touch events), in page pixels. The finger rests at the last point before it
 * lifts, as a person's does at the end of a trace: lifted while still moving fast, Chromium reads a
 * fling, and a tap in the next second only stops the fling (no click). A CI run lost the tap on
 * "Areas & filters" that way right after a freehand trace.
 */
export async function touchTrace(page: Page, points: readonly { x: number; y: number }[], restMs = 120): Promise<void> {
  const [first, ...rest] = points
  if (!first) return
  const cdp = await page.context().newCDPSession(page)
  const at = (p: { x: number; y: number }) => [{ x: Math.round(p.x), y: Math.round(p.y), id: 1 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(first) })
  for (const p of rest) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(p) })
  const last = rest.at(-1) ?? first
  await page.waitForTimeout(restMs)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(last) })
  await page.waitForTimeout(restMs)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}

/** A one-finger drag in a straight line, `steps` moves long (see touchTrace). */
export function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 12,
): Promise<void> {
  const points = [from]
  for (let i = 1; i <= steps; i++) {
    const f = i / steps
    points.push({ x: from.x + (to.x - from.x) * f, y: from.y + (to.y - from.y) * f })
  }
  return touchTrace(page, points)
}
