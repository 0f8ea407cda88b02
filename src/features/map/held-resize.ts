/**
 * The map's resize, held while a search starts (issue 37 item 9). Search opens the results pane,
 * which takes the bottom of the workspace from the map: MapLibre resized at once and painted that
 * frame and, its labels placed anew, three more for their 300 ms fade. With a software renderer (no
 * GPU: `bench:app`, a browser that fell back to SwiftShader) each of those frames blocked the page
 * ~100 ms for the canvas read-back, and the search's first answers waited behind them: a ~1,000-parcel
 * filtered search spent ~400 of its ~550 ms on them. Held, the canvas keeps its size for the moment
 * (the pane covers its bottom) and the map resizes once: when it is next given parcels (the search
 * done, or its first marks after ResultMarks' wait) or when the hold ends, whichever is first.
 *
 * No jump when it does: MapLibre keeps the centre on a resize, which would move the map up by half
 * the height the pane took. The map is first resized around its top edge — what the person sees
 * does not move — then eased to the centre it had (a person who prefers reduced motion gets the
 * jump: the ease is not essential), unless something framed the map on that resize meanwhile
 * (map-camera.ts re-fits a recent fit).
 */
import type { LngLat, Map as MapLibreMap } from 'maplibre-gl'

type ResizingMap = Pick<MapLibreMap, 'resize' | 'getCenter' | 'unproject' | 'jumpTo' | 'easeTo' | 'getContainer'>

/** How long the re-centring after a held resize takes. */
const SETTLE_MS = 300

export class HeldResize {
  private until = 0
  private pending = false
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(
    private readonly map: ResizingMap,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** The map's container changed size (its ResizeObserver). */
  observed(): void {
    const wait = this.until - this.now()
    if (wait <= 0) {
      this.map.resize()
      return
    }
    this.pending = true
    this.timer ??= setTimeout(() => {
      this.timer = null
      this.release()
    }, wait)
  }

  /** Resizes wait up to `ms` from now (or until release). */
  hold(ms: number): void {
    this.until = Math.max(this.until, this.now() + ms)
  }

  /** Ends the hold, making a held resize now. */
  release(): void {
    this.until = 0
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    if (!this.pending) return
    this.pending = false
    this.resizeFromTop()
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.pending = false
  }

  private resizeFromTop(): void {
    const map = this.map
    const box = map.getContainer().getBoundingClientRect()
    const centre = map.getCenter()
    // Before the resize the canvas still has its old size, with its top-left where the container's
    // is: the new box's middle, in those pixels, is where the view must be centred to stay put.
    const stayPut = map.unproject([box.width / 2, box.height / 2])
    map.resize()
    if (!same(map.getCenter(), centre)) return
    map.jumpTo({ center: stayPut })
    map.easeTo({ center: centre, duration: SETTLE_MS, essential: false })
  }
}

const same = (a: LngLat, b: LngLat) => a.lng === b.lng && a.lat === b.lat
