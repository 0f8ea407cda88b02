/**
 * "Whose land am I on": each position fix is matched to a parcel — first the parcel named now
 * (point-in-polygon in the browser, no call while inside it), then the records this device holds
 * (field packs, the loaded search), and only then one `/parcels/point` call, rate-limited by
 * movement (movement-limiter.ts) and answered from the response cache when asked before. Offline
 * with no pack under the position it says so instead.
 */
import type { ParcelRecord } from '../../../contract/schemas'
import { type Fix, MovementLimiter } from './movement-limiter'
import { recordContains } from './pack-answers'

export type PlaceSource = 'pack' | 'results' | 'server'

export interface PositionFix extends Fix {
  /** Degrees clockwise from north, when the device knows it. */
  heading: number | null
}

export type PlaceState =
  | { status: 'off' }
  | { status: 'locating' }
  | {
      status: 'here'
      fix: PositionFix
      parcel: ParcelRecord | null
      source: PlaceSource | null
      /** Why no parcel is named, or what to know about the one named. */
      note: string | null
    }
  | { status: 'error'; message: string }

export interface WhereAmIDeps {
  /** A parcel at the point among the records this device holds. */
  localAt(lng: number, lat: number): Promise<{ record: ParcelRecord; source: PlaceSource } | null>
  /** GET /parcels/point (through the response cache). */
  lookup(lng: number, lat: number): Promise<ParcelRecord[]>
  online(): boolean
  now(): number
  onChange(state: PlaceState): void
  /** setTimeout, injectable for tests. */
  later(run: () => void, ms: number): () => void
}

export class WhereAmI {
  private state: PlaceState = { status: 'off' }
  private readonly limiter: MovementLimiter
  private seq = 0
  private lastFix: PositionFix | null = null
  /** The parcel the last point call named: a fix back inside it is named again with no call. */
  private lastFound: ParcelRecord | null = null
  private cancelRetry: (() => void) | null = null

  constructor(
    private readonly deps: WhereAmIDeps,
    limiter = new MovementLimiter(),
    private readonly retryMs = 5_000,
  ) {
    this.limiter = limiter
  }

  get(): PlaceState {
    return this.state
  }

  private set(state: PlaceState): void {
    this.state = state
    this.deps.onChange(state)
  }

  start(): void {
    if (this.state.status === 'off' || this.state.status === 'error') this.set({ status: 'locating' })
  }

  stop(): void {
    this.seq++
    this.cancelRetry?.()
    this.limiter.reset()
    this.lastFix = null
    this.lastFound = null
    this.set({ status: 'off' })
  }

  fail(message: string): void {
    this.set({ status: 'error', message })
  }

  private current(): ParcelRecord | null {
    return this.state.status === 'here' ? this.state.parcel : null
  }

  /** A new position. */
  async onFix(fix: PositionFix): Promise<void> {
    const mine = ++this.seq
    this.lastFix = fix
    this.cancelRetry?.()
    this.cancelRetry = null
    const here = this.current()
    if (here && recordContains(here, fix.lng, fix.lat)) {
      if (this.state.status === 'here') this.set({ ...this.state, fix })
      return
    }
    const local = await this.deps.localAt(fix.lng, fix.lat).catch(() => null)
    if (mine !== this.seq) return
    if (local) return this.set({ status: 'here', fix, parcel: local.record, source: local.source, note: null })
    // Back inside the parcel the server named last (GPS jitter, or a stale fix in between that
    // named another): the answer is known, and the movement limit would otherwise leave it unnamed.
    if (this.lastFound && recordContains(this.lastFound, fix.lng, fix.lat))
      return this.set({ status: 'here', fix, parcel: this.lastFound, source: 'server', note: null })
    if (!this.deps.online()) {
      return this.set({
        status: 'here',
        fix,
        parcel: null,
        source: null,
        note: 'Offline, and no field pack covers this spot.',
      })
    }
    const verdict = this.limiter.verdict(fix, this.deps.now(), false)
    if (!verdict.call) {
      if (verdict.why === 'too-soon') this.cancelRetry = this.deps.later(() => void this.retry(), this.retryMs)
      const note =
        verdict.why === 'rough'
          ? `Position too rough to name a parcel (±${Math.round(fix.accuracy)} m).`
          : verdict.why === 'inside'
            ? null
            : 'Crossing a boundary…'
      return this.set({ status: 'here', fix, parcel: null, source: null, note })
    }
    this.limiter.called(fix, this.deps.now())
    try {
      const found = await this.deps.lookup(fix.lng, fix.lat)
      if (mine !== this.seq) return
      const parcel = found[0] ?? null
      this.lastFound = parcel
      this.set({
        status: 'here',
        fix,
        parcel,
        source: parcel ? 'server' : null,
        note: parcel ? null : 'Not on a parcel the server knows.',
      })
    } catch (e) {
      if (mine !== this.seq) return
      this.set({
        status: 'here',
        fix,
        parcel: null,
        source: null,
        note: `The parcel here could not be looked up (${(e as Error).message}).`,
      })
    }
  }

  private async retry(): Promise<void> {
    if (this.lastFix && this.state.status !== 'off') await this.onFix(this.lastFix)
  }
}
