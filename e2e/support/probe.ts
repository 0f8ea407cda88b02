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

/** A one-finger drag on a touch screen (Chrome DevTools Protocol touch events), in page pixels. */
export async function touchDrag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 12,
): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const at = (x: number, y: number) => [{ x: Math.round(x), y: Math.round(y), id: 1 }]
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(from.x, from.y) })
  for (let i = 1; i <= steps; i++) {
    const f = i / steps
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: at(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f),
    })
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  await cdp.detach()
}
