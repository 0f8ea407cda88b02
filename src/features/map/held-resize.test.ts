import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { HeldResize } from './held-resize'

/**
 * A map 1000 px wide showing longitude = x / 10 and latitude = −y / 10 from its top-left (0, 0):
 * enough of MapLibre's camera to see where a held resize leaves the view.
 */
function fakeMap(box: { width: number; height: number }) {
  const calls: string[] = []
  const size = { ...box }
  let centre = { lng: size.width / 20, lat: -size.height / 20 }
  const map = {
    calls,
    box,
    getContainer: () => ({ getBoundingClientRect: () => ({ ...box }) }) as HTMLElement,
    getCenter: () => ({ ...centre }),
    unproject: ([x, y]: [number, number]) => ({
      lng: centre.lng + (x - size.width / 2) / 10,
      lat: centre.lat - (y - size.height / 2) / 10,
    }),
    resize: () => {
      calls.push(`resize ${box.width}×${box.height}`)
      size.width = box.width
      size.height = box.height
    },
    jumpTo: ({ center }: { center: { lng: number; lat: number } }) => {
      calls.push(`jump ${center.lng},${center.lat}`)
      centre = { ...center }
    },
    easeTo: ({ center, essential }: { center: { lng: number; lat: number }; essential: boolean }) => {
      calls.push(`ease ${center.lng},${center.lat}${essential ? ' essential' : ''}`)
      centre = { ...center }
    },
  }
  return map
}

describe('HeldResize', () => {
  let t = 0
  beforeEach(() => {
    vi.useFakeTimers()
    t = 0
  })
  afterEach(() => vi.useRealTimers())
  const now = () => t

  it('resizes at once when nothing holds it', () => {
    const map = fakeMap({ width: 1000, height: 800 })
    const held = new HeldResize(map as never, now)
    map.box.height = 500
    held.observed()
    expect(map.calls).toEqual(['resize 1000×500'])
  })

  it('waits while held, resizes once on release, keeping what is seen, then eases back to the centre', () => {
    const map = fakeMap({ width: 1000, height: 800 })
    const held = new HeldResize(map as never, now)
    held.hold(1000)
    // The results pane takes 300 px from the bottom; the observer fires twice as the layout settles.
    map.box.height = 500
    held.observed()
    held.observed()
    expect(map.calls).toEqual([])
    held.release()
    // The centre was (50, −40); the new box's middle in the old canvas is (500, 250): (50, −25).
    expect(map.calls).toEqual(['resize 1000×500', 'jump 50,-25', 'ease 50,-40'])
    held.release()
    expect(map.calls).toHaveLength(3)
  })

  it('resizes when the hold ends without a release', () => {
    const map = fakeMap({ width: 1000, height: 800 })
    const held = new HeldResize(map as never, now)
    held.hold(1000)
    t = 400
    map.box.height = 500
    held.observed()
    vi.advanceTimersByTime(599)
    expect(map.calls).toEqual([])
    vi.advanceTimersByTime(1)
    expect(map.calls[0]).toBe('resize 1000×500')
    // After the hold, a resize is at once again.
    t = 2000
    map.box.height = 400
    held.observed()
    expect(map.calls.at(-1)).toBe('resize 1000×400')
  })

  it('leaves the view to whatever framed the map on that resize', () => {
    const map = fakeMap({ width: 1000, height: 800 })
    const resize = map.resize
    // map-camera.ts re-fits a recent fit from MapLibre's resize event.
    map.resize = () => {
      resize()
      map.jumpTo({ center: { lng: 7, lat: 7 } })
    }
    const held = new HeldResize(map as never, now)
    held.hold(1000)
    map.box.height = 500
    held.observed()
    held.release()
    expect(map.calls).toEqual(['resize 1000×500', 'jump 7,7'])
  })

  it('a release with nothing held does nothing; cancel drops a held resize', () => {
    const map = fakeMap({ width: 1000, height: 800 })
    const held = new HeldResize(map as never, now)
    held.release()
    held.hold(1000)
    map.box.height = 500
    held.observed()
    held.cancel()
    vi.advanceTimersByTime(2000)
    expect(map.calls).toEqual([])
  })
})
