/**
 * Frame times of the map while a person pans and zooms over parcel tiles: a rAF recorder in the page
 * while the mouse drags across the map and the wheel zooms in and out. With vsync off, a frame's
 * interval is the time it took to make.
 */
import type { Page } from '@playwright/test'

/** Page code as strings: tsx would wrap inner functions in a `__name` helper the page lacks. */
const START = `(() => {
  const out = []
  let last = performance.now()
  let n = 0
  window.__frames = out
  window.__recording = true
  const step = (t) => {
    if (n++ > 5) out.push(t - last)
    last = t
    if (window.__recording) requestAnimationFrame(step)
  }
  requestAnimationFrame(step)
})()`

export async function panZoomFrames(page: Page): Promise<{ pan: number[]; zoom: number[] }> {
  const box = await page.locator('.maplibregl-canvas').boundingBox()
  if (!box) throw new Error('no map canvas')
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const record = async (act: () => Promise<void>) => {
    await page.evaluate(START)
    await act()
    return page.evaluate('(() => { window.__recording = false; return window.__frames })()') as Promise<number[]>
  }
  const pan = await record(async () => {
    for (const [dx, dy] of [
      [-400, 0],
      [400, -250],
      [0, 250],
    ] as const) {
      await page.mouse.move(cx, cy)
      await page.mouse.down()
      await page.mouse.move(cx + dx, cy + dy, { steps: 60 })
      await page.mouse.up()
    }
  })
  const zoom = await record(async () => {
    await page.mouse.move(cx, cy)
    for (let i = 0; i < 24; i++) {
      await page.mouse.wheel(0, i < 12 ? -120 : 120)
      await page.waitForTimeout(40)
    }
    await page.waitForTimeout(500)
  })
  return { pan, zoom }
}
