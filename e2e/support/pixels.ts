import type { Page } from '@playwright/test'

/**
 * Pixels of a colour inside the map, counted on a screenshot (what a person sees, whatever layer
 * drew it). The PNG is decoded by the page itself, so the test needs no image library.
 */
export async function mapPixels(page: Page, rgb: [number, number, number], tolerance = 40): Promise<number> {
  const region = page.getByRole('region', { name: 'Map', exact: true })
  const png = (await region.screenshot()).toString('base64')
  return page.evaluate(
    async ({ png, rgb, tolerance }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${png}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.width
      canvas.height = img.height
      const ctx = canvas.getContext('2d')
      if (!ctx) return 0
      ctx.drawImage(img, 0, 0)
      const data = ctx.getImageData(0, 0, img.width, img.height).data
      let n = 0
      for (let i = 0; i < data.length; i += 4) {
        const d =
          Math.abs((data[i] ?? 0) - rgb[0]) +
          Math.abs((data[i + 1] ?? 0) - rgb[1]) +
          Math.abs((data[i + 2] ?? 0) - rgb[2])
        if (d <= tolerance) n++
      }
      return n
    },
    { png, rgb, tolerance },
  )
}

/** The selected parcel's outline colour (src/features/map/tiles/parcel-layers.ts COLORS.selected #d7263d). */
export const SELECTED_OUTLINE: [number, number, number] = [0xd7, 0x26, 0x3d]

/** The drawn-area outline colour (src/features/draw/draw-controller.ts STYLE.outlineColor #1d4ed8). */
export const AREA_OUTLINE: [number, number, number] = [0x1d, 0x4e, 0xd8]

/** The colour at each of these points of the map canvas (CSS pixels), read from a screenshot. */
export async function canvasColors(
  page: Page,
  points: readonly [number, number][],
): Promise<[number, number, number][]> {
  const canvas = page.locator('.maplibregl-canvas')
  const png = (await canvas.screenshot()).toString('base64')
  return page.evaluate(
    async ({ png, points }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${png}`
      await img.decode()
      const c = document.createElement('canvas')
      c.width = img.width
      c.height = img.height
      const ctx = c.getContext('2d')
      if (!ctx) return []
      ctx.drawImage(img, 0, 0)
      const scale = img.width / (document.querySelector('.maplibregl-canvas')?.clientWidth || img.width)
      return points.map(([x, y]) => {
        const d = ctx.getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data
        return [d[0] ?? 0, d[1] ?? 0, d[2] ?? 0] as [number, number, number]
      })
    },
    { png, points },
  )
}
