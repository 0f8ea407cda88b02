/**
 * Coalesces updates of a layer while results stream in. Every GeoJSON setData re-sends and re-tiles
 * the whole collection in MapLibre's worker, so one upload per 100-record page made a 10,000-parcel
 * search quadratic; and on a software renderer every repaint also reads the whole canvas back to the
 * compositor, blocking the page (BENCHMARKS.md, "The map keeps up"). Updates happen at most every
 * `minMs`, or `factor`× what the last one took to show, capped at `maxMs`. The latest value always
 * lands; `immediate` skips the wait (a new, empty search clears the map at once; the last page of a
 * search is drawn in the next frame).
 */
export interface UploadHooks<T> {
  upload(value: T): void
  /** Runs `run` once the map can take data (its style has loaded). */
  whenReady(run: () => void): void
  /** Runs `cb` once the map has rendered what was uploaded. */
  whenRendered(cb: () => void): void
}

export class ThrottledUpload<T> {
  private pending: { value: T } | null = null
  private uploaded: { value: T } | null = null
  private timer: ReturnType<typeof setTimeout> | null = null
  private last = Number.NEGATIVE_INFINITY
  private cost = 0

  constructor(
    private readonly hooks: UploadHooks<T>,
    private readonly minMs = 750,
    private readonly maxMs = 4000,
    private readonly factor = 3,
  ) {}

  push(value: T, immediate = false): void {
    this.pending = { value }
    if (this.timer !== null && !immediate) return
    const interval = Math.min(this.maxMs, Math.max(this.minMs, this.factor * this.cost))
    const wait = this.last + interval - performance.now()
    if (immediate || wait <= 0) this.hooks.whenReady(() => this.flush())
    else this.timer = setTimeout(() => this.hooks.whenReady(() => this.flush()), wait)
  }

  private flush(): void {
    this.cancel()
    const next = this.pending
    if (!next || next.value === this.uploaded?.value) return
    this.uploaded = next
    const started = performance.now()
    this.last = started
    this.hooks.upload(next.value)
    this.hooks.whenRendered(() => {
      if (this.last === started) this.cost = performance.now() - started
    })
  }

  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer)
    this.timer = null
  }
}
