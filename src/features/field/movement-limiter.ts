/**
 * When "where am I" may spend a `/parcels/point` call (every call counts against the allowance):
 * never while the position is still inside the parcel last named (checked in the browser against
 * its outline), never for a fix rougher than `maxAccuracyM`, and otherwise only once the position
 * has moved `minMoveM` from where the last call was made and `minIntervalMs` has passed — so GPS
 * jitter on a boundary, or standing still on a road between parcels, costs nothing.
 */
import { haversineMetres } from '../../../contract/distance'

export interface Fix {
  lng: number
  lat: number
  /** Radius of the 68 % circle, metres. */
  accuracy: number
}

export type LookupVerdict = { call: true } | { call: false; why: 'inside' | 'rough' | 'near-last' | 'too-soon' }

export interface LimiterOptions {
  minMoveM?: number
  minIntervalMs?: number
  maxAccuracyM?: number
}

const distanceM = (a: Fix, b: Fix): number => haversineMetres([a.lng, a.lat], [b.lng, b.lat])

export class MovementLimiter {
  private last: { at: Fix; time: number } | null = null
  private readonly minMoveM: number
  private readonly minIntervalMs: number
  private readonly maxAccuracyM: number

  constructor(o: LimiterOptions = {}) {
    this.minMoveM = o.minMoveM ?? 25
    this.minIntervalMs = o.minIntervalMs ?? 5_000
    this.maxAccuracyM = o.maxAccuracyM ?? 250
  }

  /** `inside`: the fix lies in the outline of the parcel named now. */
  verdict(fix: Fix, now: number, inside: boolean): LookupVerdict {
    if (inside) return { call: false, why: 'inside' }
    if (fix.accuracy > this.maxAccuracyM) return { call: false, why: 'rough' }
    if (this.last) {
      if (distanceM(this.last.at, fix) < this.minMoveM) return { call: false, why: 'near-last' }
      if (now - this.last.time < this.minIntervalMs) return { call: false, why: 'too-soon' }
    }
    return { call: true }
  }

  /** A call was made for this fix. */
  called(fix: Fix, now: number): void {
    this.last = { at: fix, time: now }
  }

  reset(): void {
    this.last = null
  }
}
